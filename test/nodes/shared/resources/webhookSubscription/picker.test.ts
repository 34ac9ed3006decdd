import { subscriptionLocator } from '../../../../../nodes/shared/resources/webhookSubscription/picker';

describe('subscriptionLocator', () => {
	it('lists through searchWebhookSubscriptions, or takes an ID the By ID mode checks', () => {
		const locator = subscriptionLocator(
			'webhookSubscriptionId',
			'Webhook Subscription',
			'The subscription',
		);
		expect(locator.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchWebhookSubscriptions'],
			['id', undefined],
		]);
		const regex = new RegExp(
			(
				locator.modes?.[1].validation?.[0] as unknown as { properties: { regex: string } }
			).properties.regex,
		);
		expect(['wh_2f9c1a7e4b', ' wh_1 '].every((value) => regex.test(value))).toBe(true);
		expect(['dlv_1', '12', 'wh_'].some((value) => regex.test(value))).toBe(false);
	});
});
