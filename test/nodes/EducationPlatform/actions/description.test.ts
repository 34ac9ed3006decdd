import type { INodeProperties } from 'n8n-workflow';
import { actionProperties } from '../../../../nodes/EducationPlatform/actions/description';
import { OPERATIONS } from '../../../../nodes/EducationPlatform/actions/operations';
import { toolDescription } from '../../../../nodes/EducationPlatform/actions/helpers/toolDescription';
import { RESOURCES } from '../../../../nodes/shared/resources/registry';

describe('actionProperties', () => {
	const all = actionProperties(RESOURCES, OPERATIONS);
	const toolDescriptions = all.filter((property) => property.name === 'toolDescription');
	const [selector, ...properties] = all.slice(toolDescriptions.length);
	const resourceProperties = (value: string) =>
		properties.filter((property) => property.displayOptions?.show?.resource?.includes(value));
	const [operation, ...rest] = resourceProperties('enrollment');

	it('starts with the Resource selector: every resource, the first by default', () => {
		expect(selector).toMatchObject({ name: 'resource', default: 'student' });
		expect(selector.options).toEqual(
			RESOURCES.map((resource) => ({ name: resource.displayName, value: resource.value })),
		);
		expect(
			properties.every((property) => property.displayOptions?.show?.resource?.length === 1),
		).toBe(true);
	});

	it("starts with the resource's Operation selector, Get Many by default, actions named with the right article", () => {
		expect(operation).toMatchObject({
			name: 'operation',
			default: 'getMany',
			displayOptions: { show: { resource: ['enrollment'] } },
		});
		expect(
			operation.options?.map((option) =>
				'action' in option ? [option.value, option.action] : undefined,
			),
		).toEqual([
			['get', 'Get enrollment'],
			['getMany', 'Get many enrollments'],
		]);
		const [payment] = resourceProperties('payment');
		expect(
			payment.options?.map((option) => ('action' in option ? option.action : undefined)),
		).toEqual(['Get payment', 'Get many payments']);
	});

	it('shows every other parameter only for this resource and one of its operations', () => {
		const shownFor = (property: INodeProperties) => [
			property.displayOptions?.show?.resource,
			property.displayOptions?.show?.operation,
		];
		expect(rest.length).toBeGreaterThan(0);
		for (const property of rest) {
			const [resource, operations] = shownFor(property);
			expect(resource).toEqual(['enrollment']);
			expect([['get'], ['getMany']]).toContainEqual(operations);
		}
		expect(rest.map((property) => property.name)).toEqual(
			expect.arrayContaining(['enrollmentId', 'returnAll', 'limit', 'filters', 'sort', 'options']),
		);
	});

	it("starts with the tool variant's Tool Description of every resource and operation: shown only there, generated from the descriptor", () => {
		expect(all.slice(0, toolDescriptions.length)).toEqual(toolDescriptions);
		expect(toolDescriptions).toEqual(
			RESOURCES.flatMap((resource) =>
				Object.keys(OPERATIONS[resource.value]).map((operation) =>
					expect.objectContaining({
						displayName: 'Tool Description',
						type: 'string',
						default: toolDescription(resource, OPERATIONS[resource.value], operation),
						displayOptions: {
							show: { '@tool': [true], resource: [resource.value], operation: [operation] },
						},
					}),
				),
			),
		);
	});
});
