import { OPERATIONS } from '../../../../nodes/EducationPlatform/actions/operations';
import * as get from '../../../../nodes/EducationPlatform/actions/record/get.operation';
import * as getMany from '../../../../nodes/EducationPlatform/actions/record/getMany.operation';
import { RESOURCES } from '../../../../nodes/shared/resources/registry';

describe("the action node's operations", () => {
	it('list every resource of the catalog, each with Get Many, by name in the Operation selector', () => {
		expect(Object.keys(OPERATIONS)).toEqual(RESOURCES.map((resource) => resource.value));
		expect(
			RESOURCES.map((resource) => [resource.value, Object.keys(OPERATIONS[resource.value])]),
		).toEqual([
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
			for (const [value, operation] of Object.entries(OPERATIONS[resource.value])) {
				expect(operation.option(resource).value).toBe(value);
				expect(operation.wholeInput === true).toBe(value === 'checkTriggers');
			}
		}
	});

	it('give the record resources exactly the record Get and Get Many, and Webhook Delivery the record Get', () => {
		for (const resource of RESOURCES.slice(0, 4))
			expect(OPERATIONS[resource.value]).toEqual({ get, getMany });
		expect(OPERATIONS.webhookDelivery.get).toBe(get);
	});
});
