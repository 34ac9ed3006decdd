import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { FilterSpec, ListQuerySpec } from '../list/query';

// Building blocks of a resource's Filters collection, each with the FilterSpec that says how
// it becomes `filter[...]`. A resource lists the filters it offers; nothing is written twice.

export interface FilterOption {
	option: INodeProperties;
	spec: FilterSpec;
}

const ZONE_NOTE = "A picked date-time is read in the workflow's time zone.";

function dateFilter(
	param: string,
	api: string,
	displayName: string,
	description: string,
): FilterOption {
	return {
		option: {
			displayName,
			name: param,
			type: 'dateTime',
			default: '',
			description: `${description} ${ZONE_NOTE}`,
		},
		spec: { param, api, label: displayName, kind: 'date' },
	};
}

/** `<field>After` and `<field>Before` → `filter[<field>_after]`, `filter[<field>_before]`; `what` e.g. "payments paid". */
export function dateRangeFilters(field: string, displayName: string, what: string): FilterOption[] {
	return (['after', 'before'] as const).map((bound) => {
		const Bound = bound === 'after' ? 'After' : 'Before';
		return dateFilter(
			`${field}${Bound}`,
			`${field}_${bound}`,
			`${displayName} ${Bound}`,
			`Only ${what} ${bound} this moment.`,
		);
	});
}

/** `filter[updated_since]`, inclusive: what incremental syncs and polling read. */
export function updatedSinceFilter(plural: string): FilterOption {
	return dateFilter(
		'updatedSince',
		'updated_since',
		'Updated Since',
		`Only ${plural} changed at or after this moment (inclusive), for incremental syncs.`,
	);
}

/** A text filter's description plus how to give several values. */
function withListNote(description: string, note: string): string {
	return `${description} ${note}.`;
}

/** How a filter's text may differ from its display name: its label in error messages, its list note. */
interface FilterWording {
	/** The name error messages use, when it is not the display name (e.g. "Group ID" for "Group IDs"). */
	label?: string;
	/** How to give several values, appended to the description. */
	listNote?: string;
}

export function idsFilter(
	param: string,
	api: string,
	displayName: string,
	description: string,
	wording: FilterWording = {},
): FilterOption {
	return {
		option: {
			displayName,
			name: param,
			type: 'string',
			placeholder: 'e.g. 12, 31',
			default: '',
			description: withListNote(description, wording.listNote ?? 'Separate several with commas'),
		},
		spec: { param, api, label: wording.label ?? displayName, kind: 'ids' },
	};
}

/** Comma-separated texts, any of them; `emails` also checks that each is an address. */
function listFilter(
	kind: 'textList' | 'emails',
	param: string,
	api: string,
	displayName: string,
	placeholder: string,
	description: string,
): FilterOption {
	return {
		option: {
			displayName,
			name: param,
			type: 'string',
			placeholder,
			default: '',
			description: withListNote(description, 'Separate several with commas to match any of them'),
		},
		spec: { param, api, label: displayName, kind },
	};
}

export function textListFilter(
	param: string,
	api: string,
	displayName: string,
	placeholder: string,
	description: string,
): FilterOption {
	return listFilter('textList', param, api, displayName, placeholder, description);
}

export function emailsFilter(
	param: string,
	api: string,
	displayName: string,
	placeholder: string,
	description: string,
): FilterOption {
	return listFilter('emails', param, api, displayName, placeholder, description);
}

/** One free text, sent trimmed. */
export function textFilter(
	param: string,
	api: string,
	displayName: string,
	placeholder: string,
	description: string,
): FilterOption {
	return {
		option: { displayName, name: param, type: 'string', placeholder, default: '', description },
		spec: { param, api, label: displayName, kind: 'text' },
	};
}

const GRADE_LEVEL_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Kindergarten (K)', value: 0 },
	...Array.from({ length: 12 }, (_, index) => ({ name: `Grade ${index + 1}`, value: index + 1 })),
];

/** Grade levels K (0) to 12, any of them; an expression may give "K,1,2". */
export function gradeLevelsFilter(
	param: string,
	api: string,
	displayName: string,
	description: string,
): FilterOption {
	return {
		option: {
			displayName,
			name: param,
			type: 'multiOptions',
			options: GRADE_LEVEL_OPTIONS,
			default: [],
			description,
		},
		spec: { param, api, label: displayName, kind: 'gradeLevels' },
	};
}

/** An API value as a dropdown name, in Title Case: `bank_transfer` → "Bank Transfer", `date_of_birth` → "Date of Birth". */
function optionName(value: string): string {
	const word = (part: string) =>
		part === 'id' ? 'ID' : part === 'of' ? part : part.charAt(0).toUpperCase() + part.slice(1);
	return value.split('_').map(word).join(' ');
}

/** A multi-select of the values the API knows, any of them. */
export function enumFilter(
	param: string,
	api: string,
	displayName: string,
	values: readonly string[],
	noun: string,
	description: string,
): FilterOption {
	const options: INodePropertyOptions[] = [...values]
		.sort()
		.map((value) => ({ name: optionName(value), value }));
	return {
		option: { displayName, name: param, type: 'multiOptions', options, default: [], description },
		spec: { param, api, label: displayName, kind: 'enum', values, noun },
	};
}

export function booleanFilter(
	param: string,
	api: string,
	displayName: string,
	description: string,
): FilterOption {
	return {
		option: {
			displayName,
			name: param,
			type: 'options',
			options: [
				{ name: 'Yes', value: 'true' },
				{ name: 'No', value: 'false' },
			],
			default: 'true',
			description,
		},
		spec: { param, api, label: displayName, kind: 'boolean' },
	};
}

/** The Filters collection (alphabetical, as n8n's linter wants), how each becomes `filter[...]`, and the Sort choices. */
export function listParameters(
	filters: FilterOption[],
	sortable: readonly string[],
): { filterOptions: INodeProperties[]; query: ListQuerySpec; sortOptions: INodePropertyOptions[] } {
	return {
		filterOptions: filters
			.map((filter) => filter.option)
			.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		query: { filters: filters.map((filter) => filter.spec), sortable },
		sortOptions: sortOptions(sortable),
	};
}

/** Sort choices from API field names: `date_of_birth` → "Date of Birth", `id` → "ID". */
export function sortOptions(fields: readonly string[]): INodePropertyOptions[] {
	return [...fields].sort().map((value) => ({ name: optionName(value), value }));
}
