// The one record an operation acts on: the parameters that name it (a nested resource's parent
// first) and reading them into its path, for Get, Get Many of a nested resource and Redeliver.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { beforeVersion, onlyIn, sinceVersion } from '../../../shared/descriptions/nodeVersion';
import type { ParentRecord, ResourceDescriptor } from '../../../shared/resources/descriptor';

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
