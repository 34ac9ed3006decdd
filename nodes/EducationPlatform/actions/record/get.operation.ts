import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { optionsCollection, simplifyOption } from '../../../shared/descriptions/options';
import { beforeVersion, onlyIn } from '../../../shared/descriptions/nodeVersion';
import { outputProperties } from '../../../shared/descriptions/output';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import { readRecordTarget, recordProperties } from '../helpers/recordTarget';
import { readShape } from '../helpers/shape';

// Get: one record by its ID, for every resource read by ID (the webhook resources' Get too).

/** "a" or "an" before a resource's lower-case name, for the description ("of a subscription"); actions omit articles. */
function article(noun: string): 'a' | 'an' {
	return /^[aeiou]/.test(noun) ? 'an' : 'a';
}

/** Get's Operation selector entry: "Get one payment by ID", "Get one delivery of a subscription by ID". */
export function option(resource: ResourceDescriptor): INodePropertyOptions {
	const one = resource.displayName.toLowerCase();
	const { parent } = resource;
	const what = parent ? `${parent.recordNoun} of ${article(parent.noun)} ${parent.noun}` : one;
	return {
		name: 'Get',
		value: 'get',
		description: `Get one ${what} by ID: ${resource.summary}`,
		action: `Get ${one}`,
	};
}

/** Get's parameters for one resource: the record's, then Simplify (version 1: inside Options). */
export function description(resource: ResourceDescriptor): INodeProperties[] {
	return [
		...recordProperties(resource),
		onlyIn(optionsCollection([simplifyOption(resource.simplifyDescription)]), beforeVersion(2)),
		...outputProperties(resource),
	];
}

/** `GET /v1/<resource>/{id}` (or under its parent) → the record, or a 404 that says what the ID is. */
export async function execute(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
): Promise<IDataObject[]> {
	const target = readRecordTarget.call(this, resource, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as { simplify?: boolean };
	const response = (await apiRequest.call(this, 'GET', target.path, {
		resourceLabel: target.label,
		notFoundAdvice: resource.id.notFoundAdvice,
		requiredScope: resource.scope,
		itemIndex,
	})) as { data?: unknown };
	const read = response?.data ?? response;
	const record = resource.outputFields ? resource.outputFields(read) : read;
	return [readShape.call(this, resource, itemIndex, options.simplify)(record) as IDataObject];
}
