import type { INodeProperties } from 'n8n-workflow';
import { sortOptions } from './filters';
import { sinceVersion } from './nodeVersion';

// What Get and Get Many return from node version 2 on (the UX guideline's Simplify, and its
// Output parameter for AI tool nodes). Version 1 keeps Simplify inside Options (options.ts).

export const OUTPUT = { simplified: 'simplified', raw: 'raw', selected: 'selected' } as const;

/**
 * Simplify in the node; the tool variant (`'@tool'`) has Output instead. `hide` rather than
 * `show: {'@tool': [false]}`: n8n before 1.9x does not know `'@tool'` and would hide both.
 */
const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	displayOptions: { show: sinceVersion(2), hide: { '@tool': [true] } },
};

/** What Output names of a resource (its descriptor has these fields; descriptions import no resource). */
interface OutputFields {
	simplifyDescription: string;
	simplifiedFields?: { description: string };
	recordFields: readonly string[];
}

/** Simplify, or for an AI agent Output (Simplified, Raw, Selected Fields) with its Fields list. */
export function outputProperties(resource: OutputFields): INodeProperties[] {
	return [
		simplifyProperty,
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simplified',
			options: [
				{
					name: 'Simplified',
					value: OUTPUT.simplified,
					description: `Only ${resource.simplifiedFields?.description ?? resource.simplifyDescription}`,
				},
				{ name: 'Raw', value: OUTPUT.raw, description: 'Every field of the record' },
				{
					name: 'Selected Fields',
					value: OUTPUT.selected,
					description: 'The fields you pick, and the ID',
				},
			],
			displayOptions: { show: { ...sinceVersion(2), '@tool': [true] } },
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			description: 'The fields to return besides the ID, which is always included',
			// Named as Sort names them (`paid_at` → "Paid At"), in alphabetical order.
			options: sortOptions(resource.recordFields.filter((field) => field !== 'id')),
			displayOptions: { show: { ...sinceVersion(2), '@tool': [true], output: [OUTPUT.selected] } },
		},
	];
}
