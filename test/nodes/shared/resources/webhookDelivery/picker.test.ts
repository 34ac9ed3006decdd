// The Webhook Delivery picker's list needs the subscription chosen above it: without one, n8n's
// editor shows what to do instead of a request. (The list itself, against a live sandbox:
// test/integration/recordPickers.test.ts.)
import { LoadOptionsContext } from 'n8n-core';

import { EducationPlatform } from '../../../../../nodes/EducationPlatform/EducationPlatform.node';
import { DELIVERY_PICKER } from '../../../../../nodes/shared/resources/webhookDelivery/picker';
import { createNodeWorkflow } from '../../../../harness';

/** One page of the list as the editor asks for it, the node's parameters as they stand. */
async function search(webhookSubscriptionId: unknown) {
	const nodeType = new EducationPlatform();
	const { workflow, node, additionalData } = createNodeWorkflow({
		nodeType,
		parameters: {
			authentication: 'accessToken',
			resource: 'webhookDelivery',
			operation: 'get',
			webhookSubscriptionId,
		} as never,
		credentials: { educationPlatformApi: { baseUrl: 'http://127.0.0.1:9', accessToken: 'unused' } },
	});
	const context = new LoadOptionsContext(
		workflow,
		node,
		{ ...additionalData, currentNodeParameters: node.parameters },
		'parameters.webhookDeliveryId',
	);
	return await nodeType.methods.listSearch.searchWebhookDeliveries.call(context);
}

describe('searchWebhookDeliveries', () => {
	it('is the picker of Get from node version 2, under the delivery ID parameter', () => {
		expect(DELIVERY_PICKER.sinceNodeVersion).toBe(2);
		expect(DELIVERY_PICKER.getProperty).toMatchObject({
			name: 'webhookDeliveryId',
			displayName: 'Webhook Delivery',
			type: 'resourceLocator',
			// Redeliver names the delivery with the same picker: no "to get" in it.
			description:
				"The delivery in the chosen subscription's log: pick one from the list, or give its ID",
		});
		expect(Object.keys(DELIVERY_PICKER.listSearch)).toEqual(['searchWebhookDeliveries']);
	});

	it.each([
		['an empty picker', { __rl: true, mode: 'list', value: '' }],
		['no parameter at all', undefined],
	])('says to pick a webhook subscription first with %s', async (_case, value) => {
		await expect(search(value)).rejects.toMatchObject({
			message: 'Webhook Subscription is empty, so there are no deliveries to list',
			description:
				'Pick a webhook subscription first (the field above): the list shows the deliveries in its log.',
		});
	});

	it('says what a subscription ID looks like when the one typed is not one', async () => {
		await expect(search({ __rl: true, mode: 'id', value: 'dlv_8Ui9Op0A' })).rejects.toMatchObject({
			message: 'Webhook Subscription ID is "dlv_8Ui9Op0A", it must look like wh_2f9c1a7e4b',
		});
	});
});
