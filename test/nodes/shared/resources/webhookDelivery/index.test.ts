import { DELIVERY_STATUSES, resource } from '../../../../../nodes/shared/resources/webhookDelivery';
import { DELIVERY_LIST } from '../../../../../sandbox/webhooks/queries';
import { checkDescriptor } from '../descriptorChecks';

describe('the webhook delivery descriptor', () => checkDescriptor(resource));

it('filters and sorts as the platform does (the sandbox is the reference)', () => {
	expect(resource.query.filters.map((filter) => filter.api).sort()).toEqual(Object.keys(DELIVERY_LIST.filters).sort());
	expect(resource.query.sortable).toEqual(Object.keys(DELIVERY_LIST.sorts));
	const status = DELIVERY_LIST.filters.status as { allowed?: readonly string[] };
	expect([...DELIVERY_STATUSES]).toEqual([...(status.allowed ?? [])]);
});

it('lists Get, Get Many and Redeliver, under the webhook scope', () => {
	expect(resource.operations?.map((operation) => operation.value)).toEqual(['get', 'getMany', 'redeliver']);
	expect([resource.scope, resource.webhookScope]).toEqual(['webhooks:read', true]);
});
