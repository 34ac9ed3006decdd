import type { INodeProperties } from 'n8n-workflow';

/** The Simplify option of Get and Get Many; `keeps` names the fields of the flat subset. */
export function simplifyOption(keeps: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description: `Whether to return a flat subset of fields (${keeps}) instead of the full record`,
	};
}

/** An operation's "Options" collection (display options are added by updateDisplayOptions). */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}
