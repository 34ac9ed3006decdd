import { resource } from '../../../../../nodes/shared/resources/webhookSubscription';
import { SUBSCRIPTION_LIST } from '../../../../../sandbox/webhooks/queries';

it('filters and sorts as the platform does (the sandbox is the reference), under the webhook scope', () => {
	expect(resource.query.filters.map((filter) => filter.api)).toEqual(
		Object.keys(SUBSCRIPTION_LIST.filters),
	);
	expect(resource.query.sortable).toEqual(Object.keys(SUBSCRIPTION_LIST.sorts));
	expect([resource.path, resource.scope, resource.webhookScope]).toEqual([
		'/webhooks',
		'webhooks:read',
		true,
	]);
});

it('picks the subscription in Get and Delete', () => {
	expect(resource.picker?.getProperty).toMatchObject({
		name: 'webhookSubscriptionId',
		type: 'resourceLocator',
		required: true,
	});
	expect(Object.keys(resource.picker?.listSearch ?? {})).toEqual(['searchWebhookSubscriptions']);
});
