import { RESOURCES } from '../../../../nodes/shared/resources/registry';
import { checkDescriptor } from './descriptorChecks';
import { resource as course } from './fixture';

// descriptor.ts holds only the type; what every descriptor must keep is checked here across the
// registry, and on the fixture a new folder starts from.
describe('the fixture descriptor', () => checkDescriptor(course));

describe('the registered descriptors', () => {
	const unique = (values: string[]) => expect(values).toEqual([...new Set(values)]);

	it('do not share a value, path, scope (but the webhook scope), Get parameter or event', () => {
		unique(RESOURCES.map((resource) => resource.value));
		unique(RESOURCES.flatMap((resource) => resource.path ?? []));
		unique(
			RESOURCES.filter((resource) => !resource.webhookScope).map((resource) => resource.scope),
		);
		unique(RESOURCES.map((resource) => resource.id.parameter));
		unique(RESOURCES.flatMap((resource) => Object.keys(resource.webhook?.events ?? {})));
		unique(
			RESOURCES.flatMap((resource) => Object.values(resource.poll ?? {}).map((poll) => poll.event)),
		);
	});

	it('are listed at one path, or under a parent record: Webhook Delivery, under its subscription', () => {
		expect(
			RESOURCES.filter((resource) => resource.path === undefined).map((resource) => resource.value),
		).toEqual(['webhookDelivery']);
		for (const resource of RESOURCES)
			expect([resource.path, resource.parent].filter((where) => where !== undefined)).toHaveLength(
				1,
			);
	});

	it('have pickers whose search methods do not clash', () => {
		unique(RESOURCES.flatMap((resource) => Object.keys(resource.picker?.listSearch ?? {})));
		// Every resource's Get has a picker (issue 37); those added later show it from node version 2.
		expect(
			RESOURCES.map((resource) => [resource.value, resource.picker?.sinceNodeVersion ?? 1]),
		).toEqual([
			['student', 1],
			['enrollment', 2],
			['payment', 2],
			['examResult', 2],
			['webhookSubscription', 1],
			['webhookDelivery', 2],
		]);
	});
});
