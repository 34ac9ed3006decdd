import { ActionableError } from '../../../../../nodes/shared/errors';
import {
	deliveriesPath,
	DELIVERY_ID,
	subscriptionParameter,
} from '../../../../../nodes/shared/resources/webhookDelivery/target';

describe('the subscription and delivery an operation names', () => {
	it("builds the log's path under the subscription", () => {
		expect(deliveriesPath('wh_2f9c1a7e4b')).toBe('/webhooks/wh_2f9c1a7e4b/deliveries');
	});

	it('takes a dlv_ ID and refuses anything else', () => {
		expect(DELIVERY_ID.parse(' dlv_8Ui9Op0A ')).toBe('dlv_8Ui9Op0A');
		expect(() => DELIVERY_ID.parse('evt_1')).toThrow(ActionableError);
		expect(() => DELIVERY_ID.parse('evt_1')).toThrow(
			'Webhook Delivery ID is "evt_1", it must look like dlv_8Ui9Op0A',
		);
	});

	it('picks the subscription with the Webhook Subscription picker', () => {
		expect(subscriptionParameter('Whose log')).toMatchObject({
			name: 'webhookSubscriptionId',
			type: 'resourceLocator',
			description: 'Whose log',
		});
	});
});
