import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { optionsCollection, simplifyOption } from '../../../shared/descriptions/options';
import { beforeVersion, onlyIn, sinceVersion } from '../../../shared/descriptions/nodeVersion';
import { outputProperties } from '../../../shared/descriptions/output';
import type { ParentRecord, ResourceDescriptor } from '../../../shared/resources/descriptor';
import { readShape } from './shape';

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

/** The plain ID field of a resource without a record picker (or of node versions before its picker). */
function idProperty(resource: ResourceDescriptor): INodeProperties {
	const { id } = resource;
	return {
		displayName: id.displayName,
		name: id.parameter,
		type: 'string',
		required: true,
		placeholder: id.placeholder,
		default: '',
		description: id.description,
	};
}

/**
 * The record's ID parameter(s): its record picker from the node version the picker names on
 * (`sinceNodeVersion`, absent: every version), before it the plain ID field under the same name.
 * The execute code reads both alike (`extractValue`).
 */
function idProperties(resource: ResourceDescriptor): INodeProperties[] {
	const { picker } = resource;
	if (!picker) return [idProperty(resource)];
	const since = picker.sinceNodeVersion ?? 1;
	if (since <= 1) return [picker.getProperty];
	return [
		onlyIn(idProperty(resource), beforeVersion(since)),
		onlyIn(picker.getProperty, sinceVersion(since)),
	];
}

/** The parameters that name one record: its parent's ID (a nested resource), then its own ID. */
export function recordProperties(resource: ResourceDescriptor): INodeProperties[] {
	return [...(resource.parent ? [resource.parent.property] : []), ...idProperties(resource)];
}

/** Get's parameters for one resource: the record's, then Simplify (version 1: inside Options). */
export function description(resource: ResourceDescriptor): INodeProperties[] {
	return [
		...recordProperties(resource),
		onlyIn(optionsCollection([simplifyOption(resource.simplifyDescription)]), beforeVersion(2)),
		...outputProperties(resource),
	];
}

/** The ID of a nested resource's parent, from an operation's parameter. */
export function parentIdOf(
	this: IExecuteFunctions,
	parent: ParentRecord,
	itemIndex: number,
): string {
	return parent.parse(
		this.getNodeParameter(parent.property.name, itemIndex, undefined, { extractValue: true }),
	);
}

/** The one record an operation acts on, as its item's parameters name it. */
export interface RecordTarget {
	id: string | number;
	/** A nested resource's parent ID, e.g. the subscription of a delivery. */
	parentId?: string;
	/** Under `/v1`: `/payments/{id}`, or `<the parent's list>/{id}`. */
	path: string;
	/** e.g. `payment pay_…`, `webhook delivery dlv_… of subscription wh_…`: for error messages. */
	label: string;
}

/** Reads the record's parameters of one input item: a nested resource's parent first. */
export function readRecordTarget(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
): RecordTarget {
	const readId = () =>
		resource.id.parse(
			this.getNodeParameter(resource.id.parameter, itemIndex, undefined, { extractValue: true }),
		);
	const label = (id: string | number) => `${resource.displayName.toLowerCase()} ${id}`;
	const under = (list: string, id: string | number) => `${list}/${encodeURIComponent(String(id))}`;
	const { parent } = resource;
	if (!parent) {
		const id = readId();
		return { id, path: under(resource.path, id), label: label(id) };
	}
	const parentId = parentIdOf.call(this, parent, itemIndex);
	const id = readId();
	return {
		id,
		parentId,
		path: under(parent.path(parentId), id),
		label: `${label(id)} of ${parent.noun} ${parentId}`,
	};
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
