import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { ResourceDescriptor } from '../../shared/resources/descriptor';
import type { OperationTable, Operations } from './helpers/operation';
import { toolDescription } from './helpers/toolDescription';

/**
 * The tool variant's Tool Description, one per operation of the resource, its default generated
 * from the descriptor (helpers/toolDescription.ts says why the node brings its own). Shown only where n8n
 * offers the node to an AI agent (`'@tool'`, n8n 1.9x and later); the node itself never has it.
 * The properties share one name, which n8n allows: its editor (1.123 and 2.41) drops a value equal
 * to the shown property's default before it applies a change of Resource or Operation, and stores
 * only a value that differs, so a generated text follows them and an edited one stays.
 */
function toolDescriptionProperties(
	resource: ResourceDescriptor,
	operations: Operations,
): INodeProperties[] {
	return Object.keys(operations).map((operation) => ({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 4 },
		default: toolDescription(resource, operations, operation),
		description:
			"What the AI model reads about this tool. Generated from the resource and operation, it follows them until you edit it; an edited text stays when you switch them (Reset Value in the field's options brings the generated one back).",
		displayOptions: {
			show: { '@tool': [true], resource: [resource.value], operation: [operation] },
		},
	}));
}

/**
 * Each resource's Tool Description (tool variant only), the Resource selector, then each
 * resource's Operation selector and the parameters of its operations, as `table` (operations.ts)
 * lists them.
 */
export function actionProperties(
	resources: readonly ResourceDescriptor[],
	table: OperationTable,
): INodeProperties[] {
	const first = resources[0].value;
	const resourceSelector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map((resource) => ({ name: resource.displayName, value: resource.value })),
		default: first,
	};
	return [
		...resources.flatMap((resource) => toolDescriptionProperties(resource, table[resource.value])),
		resourceSelector,
		...resources.flatMap((resource) => resourceProperties(resource, table[resource.value])),
	];
}

/**
 * A resource's Operation selector and the parameters of its operations, each shown only for it.
 * Get Many, which every resource has, is the default; its parameters come first (the order the
 * node has always had), then the other operations'.
 */
function resourceProperties(
	resource: ResourceDescriptor,
	resourceOperations: Operations,
): INodeProperties[] {
	const operations = Object.entries(resourceOperations);
	const byDefault = operations.filter(([value]) => value === 'getMany');
	const show = (operation: string) => ({
		show: { resource: [resource.value], operation: [operation] },
	});
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: operations.map(([, operation]) => operation.option(resource)),
			default: 'getMany',
		},
		...[...byDefault, ...operations.filter(([value]) => value !== 'getMany')].flatMap(
			([value, operation]) => updateDisplayOptions(show(value), operation.description(resource)),
		),
	];
}
