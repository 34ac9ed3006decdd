import type { IExecuteFunctions } from 'n8n-workflow';
import { runsAsTool } from './aiTool';
import { OUTPUT } from '../../../shared/descriptions/output';
import { isJsonRecord } from '../../../shared/jsonRecord';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import { simplifiedRecord } from '../../../shared/resources/simplify';

/** What Get and Get Many do to each record before it is output. */
export type Shape = (record: unknown) => unknown;

const raw: Shape = (record) => record;

/** The picked fields of a record, its ID always first. */
function selected(fields: unknown): Shape {
	const names = Array.isArray(fields)
		? fields.filter((field): field is string => typeof field === 'string')
		: [];
	return (record) =>
		isJsonRecord(record)
			? Object.fromEntries(
					['id', ...names.filter((name) => name !== 'id')].map((name) => [
						name,
						record[name] ?? null,
					]),
				)
			: record;
}

/**
 * The record's shape as an item's parameters ask for it. Version 1: Options → Simplify (`v1Simplify`,
 * off by default). Version 2: the Simplify boolean (on by default); in the tool variant, Output. An
 * n8n that does not know `'@tool'` (before 1.9x) shows the tool Simplify instead: without an Output
 * value, Simplify decides.
 */
export function readShape(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
	v1Simplify: boolean | undefined,
): Shape {
	const node = this.getNode();
	if (node.typeVersion < 2) return v1Simplify ? resource.simplify : raw;
	const output = runsAsTool(node) ? (this.getNodeParameter('output', itemIndex, '') as string) : '';
	if (output === OUTPUT.raw) return raw;
	if (output === OUTPUT.selected) return selected(this.getNodeParameter('fields', itemIndex, []));
	if (output === OUTPUT.simplified) return simplifiedRecord(resource);
	return this.getNodeParameter('simplify', itemIndex, true) ? simplifiedRecord(resource) : raw;
}
