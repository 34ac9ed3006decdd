import type { ResourceDescriptor } from '../../../nodes/shared/resources/descriptor';
import { RESOURCES } from '../../../nodes/shared/resources/registry';
import {
	CONNECTION_TEST,
	defaultScopes,
	READ_SCOPES,
	recordsOf,
	scopeOptions,
	WEBHOOK_SCOPES,
} from '../../../nodes/shared/scopes';
import { resource as course } from './resources/fixture';

/** The registered resources whose scope the OAuth2 credential does not offer: a scope added to a descriptor but not to scopes.ts. */
const unoffered = (resources: readonly ResourceDescriptor[]) =>
	resources
		.filter((resource) => !defaultScopes().includes(resource.scope))
		.map((resource) => resource.value);

describe('the scopes', () => {
	it("offer each record resource's read scope, then the webhook scopes, and ask for all of them by default", () => {
		expect(scopeOptions().map((option) => [option.name, option.value])).toEqual([
			['Read Students (students:read)', 'students:read'],
			['Read Enrollments (enrollments:read)', 'enrollments:read'],
			['Read Payments (payments:read)', 'payments:read'],
			['Read Exam Results (exam_results:read)', 'exam_results:read'],
			['Read Webhooks (webhooks:read)', 'webhooks:read'],
			['Manage Webhooks (webhooks:write)', 'webhooks:write'],
		]);
		expect(scopeOptions()[2].description).toBe('List and get payments (Education Platform node)');
		expect(scopeOptions()[4].description).toBe('List webhook subscriptions and their deliveries');
		expect(defaultScopes()).toEqual([
			'students:read',
			'enrollments:read',
			'payments:read',
			'exam_results:read',
			'webhooks:read',
			'webhooks:write',
		]);
		// Each call builds its own options: a credential's copy is never another's.
		expect(scopeOptions()).not.toBe(scopeOptions());
	});

	it('are where every resource reads its scope from: the record resources their own, the webhook resources the webhook read scope', () => {
		expect(RESOURCES.map((resource) => [resource.value, resource.scope])).toEqual([
			...Object.entries(READ_SCOPES),
			['webhookSubscription', WEBHOOK_SCOPES.read],
			['webhookDelivery', WEBHOOK_SCOPES.read],
		]);
		expect(unoffered(RESOURCES)).toEqual([]);
		// A new resource (the fixture) whose scope is not added here is named.
		expect(unoffered([...RESOURCES, course])).toEqual(['course']);
	});

	it("name each read scope's records as its resource's plural", () => {
		const records = RESOURCES.filter((resource) => !resource.webhookScope);
		expect(records.map((resource) => recordsOf(resource.scope))).toEqual(
			records.map((resource) => resource.plural),
		);
		expect(recordsOf('exam_results:read')).toBe('exam results');
	});

	it('test the connection on a registered resource, at the path it is listed at', () => {
		const tested = RESOURCES.find((resource) => resource.scope === CONNECTION_TEST.scope);
		expect(tested?.value).toBe('student');
		expect(tested?.path).toBe(CONNECTION_TEST.path);
	});
});
