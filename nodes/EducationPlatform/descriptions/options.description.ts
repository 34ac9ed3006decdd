import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Shared by Get and Get Many, inside their Options collections. */
export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description:
		'Whether to return a flat subset of fields (ID, student number, name, email, status, grade level, group IDs, enrolment date and the primary guardian) instead of the full record',
};

/** An operation's "Options" collection. */
export function optionsCollection(show: IDisplayOptions['show'], options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options,
	};
}
