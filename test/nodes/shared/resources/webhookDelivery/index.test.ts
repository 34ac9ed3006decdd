import { resource } from '../../../../../nodes/shared/resources/webhookDelivery';
import { DELIVERY_LIST } from '../../../../../sandbox/webhooks/queries';

it('filters and sorts as the platform does (the sandbox is the reference)', () => {
	expect(resource.query.filters.map((filter) => filter.api).sort()).toEqual(
		Object.keys(DELIVERY_LIST.filters).sort(),
	);
	expect(resource.query.sortable).toEqual(Object.keys(DELIVERY_LIST.sorts));
	const status = DELIVERY_LIST.filters.status as { allowed?: readonly string[] };
	const statuses = resource.query.filters.find((spec) => spec.param === 'status')?.values;
	expect([...(statuses ?? [])]).toEqual([...(status.allowed ?? [])]);
});

it('is read under the webhook scope', () => {
	expect([resource.scope, resource.webhookScope]).toEqual(['webhooks:read', true]);
});

it('has no list of its own: a delivery is reached under its subscription, which the Webhook Subscription picker names', () => {
	expect(resource.path).toBeUndefined();
	expect(resource.parent.path('wh_2f9c1a7e4b')).toBe('/webhooks/wh_2f9c1a7e4b/deliveries');
	expect(resource.parent.parse(' wh_2f9c1a7e4b ')).toBe('wh_2f9c1a7e4b');
	expect(resource.parent.property).toMatchObject({
		name: 'webhookSubscriptionId',
		type: 'resourceLocator',
	});
	expect([resource.parent.noun, resource.parent.recordNoun]).toEqual(['subscription', 'delivery']);
});
