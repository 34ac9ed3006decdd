import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { ResourceDescriptor } from '../../shared/resources/descriptor';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

/** The Resource selector, then each resource's Operation selector and the parameters of its Get and Get Many. */
export function actionProperties(resources: readonly ResourceDescriptor[]): INodeProperties[] {
	const first = resources[0].value;
	const resourceSelector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map((resource) => ({ name: resource.displayName, value: resource.value })),
		default: first,
	};
	return [resourceSelector, ...resources.flatMap(resourceProperties)];
}

/** A resource's Operation selector and the parameters of its Get and Get Many, shown only for it. */
function resourceProperties(resource: ResourceDescriptor): INodeProperties[] {
	const show = (operation: string) => ({ show: { resource: [resource.value], operation: [operation] } });
	const one = resource.displayName.toLowerCase();
	// The nodes panel lists the actions by these names: "Get an enrollment", not "Get a enrollment".
	const article = /^[aeiou]/.test(one) ? 'an' : 'a';
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: [
				{
					name: 'Get',
					value: 'get',
					description: `Get one ${resource.displayName.toLowerCase()} by ID: ${resource.summary}`,
					action: `Get ${article} ${one}`,
				},
				{
					name: 'Get Many',
					value: 'getMany',
					description: `List ${resource.plural} with filters and sort; each item is one ${resource.displayName.toLowerCase()}: ${resource.summary}`,
					action: `Get many ${resource.plural}`,
				},
			],
			default: 'getMany',
		},
		...updateDisplayOptions(show('getMany'), getMany.properties(resource)),
		...updateDisplayOptions(show('get'), get.properties(resource)),
	];
}
