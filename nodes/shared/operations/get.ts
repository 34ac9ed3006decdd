import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest } from '../transport';
import { optionsCollection, simplifyOption } from '../descriptions/options';
import type { ResourceDescriptor, ResourceOperation } from '../resources/descriptor';

/** "a" or "an" before a resource's lower-case name: the nodes panel says "Get an enrollment". */
function article(noun: string): 'a' | 'an' {
	return /^[aeiou]/.test(noun) ? 'an' : 'a';
}

/** Get's Operation selector entry. */
export function option(resource: ResourceDescriptor): INodePropertyOptions {
	const one = resource.displayName.toLowerCase();
	return { name: 'Get', value: 'get', description: `Get one ${one} by ID: ${resource.summary}`, action: `Get ${article(one)} ${one}` };
}

/** Get's parameters for one resource: its ID and the Simplify option. */
export function properties(resource: ResourceDescriptor): INodeProperties[] {
	const { id } = resource;
	return [
		resource.picker?.getProperty ?? {
			displayName: id.displayName,
			name: id.parameter,
			type: 'string',
			required: true,
			placeholder: id.placeholder,
			default: '',
			description: id.description,
		},
		optionsCollection([simplifyOption(resource.simplifyDescription)]),
	];
}

/** `GET /v1/<resource>/{id}` → the record, or a 404 that says what the ID is. */
export async function execute(this: IExecuteFunctions, resource: ResourceDescriptor, itemIndex: number): Promise<IDataObject[]> {
	const raw = this.getNodeParameter(resource.id.parameter, itemIndex, undefined, { extractValue: true });
	const id = resource.id.parse(raw);
	const options = this.getNodeParameter('options', itemIndex, {}) as { simplify?: boolean };
	const response = (await apiRequest.call(this, 'GET', `${resource.path}/${encodeURIComponent(String(id))}`, {
		resourceLabel: `${resource.displayName.toLowerCase()} ${id}`,
		notFoundAdvice: resource.id.notFoundAdvice,
		requiredScope: resource.scope,
		itemIndex,
	})) as { data?: unknown };
	const record = response?.data ?? response;
	return [(options.simplify ? resource.simplify(record) : record) as IDataObject];
}

/** Get: one record by its ID. */
export const get: ResourceOperation = { value: 'get', option, properties, execute };
