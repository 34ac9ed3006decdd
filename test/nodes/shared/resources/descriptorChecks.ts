// What every resource descriptor must hold together: the Get Many filters, sort and events of one
// folder agree with each other. registry.test.ts runs these on every listed descriptor.
import type { ResourceDescriptor } from '../../../../nodes/shared/resources/descriptor';

export function checkDescriptor(resource: ResourceDescriptor): void {
	it('has one filter spec per Filters option, and the options sorted by name', () => {
		const options = resource.filterOptions.map((option) => option.name);
		expect([...options].sort()).toEqual(resource.query.filters.map((spec) => spec.param).sort());
		const names = resource.filterOptions.map((option) => option.displayName);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('sorts by a sortable field by default, and offers every sortable field', () => {
		expect(resource.query.sortable).toContain(resource.defaultSortField);
		expect(resource.sortOptions.map((option) => option.value).sort()).toEqual(
			[...resource.query.sortable].sort(),
		);
	});

	it('names its events after one prefix, and its scope after its plural (a webhook resource: webhooks:read)', () => {
		const events = [
			...Object.keys(resource.webhook?.events ?? {}),
			...Object.values(resource.poll ?? {}).map((poll) => poll.event),
		];
		expect(new Set(events.map((event) => event.split('.')[0])).size).toBeLessThanOrEqual(1);
		if (resource.webhookScope) {
			expect(resource.scope).toBe('webhooks:read');
			return;
		}
		expect(resource.scope).toBe(`${resource.plural.replace(/ /g, '_')}:read`);
		expect(resource.path).toBe(`/${resource.plural.replace(/ /g, '-')}`);
	});
}
