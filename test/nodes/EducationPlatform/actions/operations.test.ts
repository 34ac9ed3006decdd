import { operationsOf } from '../../../../nodes/EducationPlatform/actions/operations';
import { RESOURCES } from '../../../../nodes/shared/resources/registry';

describe("the action node's operations", () => {
	it('give every resource Get Many, by name in the Operation selector', () => {
		expect(RESOURCES.map((resource) => [resource.value, Object.keys(operationsOf(resource))])).toEqual([
			['student', ['get', 'getMany']],
			['enrollment', ['get', 'getMany']],
			['payment', ['get', 'getMany']],
			['examResult', ['get', 'getMany']],
			['webhookSubscription', ['checkTriggers', 'delete', 'get', 'getMany']],
			['webhookDelivery', ['get', 'getMany', 'redeliver']],
		]);
	});

	it("name each operation by its selector entry's value, and run only Check Triggers once for the whole input", () => {
		for (const resource of RESOURCES) {
			for (const [value, operation] of Object.entries(operationsOf(resource))) {
				expect(operation.option(resource).value).toBe(value);
				expect(operation.wholeInput === true).toBe(value === 'checkTriggers');
			}
		}
	});
});
