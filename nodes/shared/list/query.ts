// Pure: no n8n import. The query string of any `GET /v1/<resource>` list from the node's Filters,
// Additional Filters and Sort (docs/api-contract.md §3.2–3.4), by the resource's filter specs; a
// value the API would refuse with a 422 is refused here first, naming the field to fix.
import { toApiDateTime } from './dateTime';
import { ActionableError, quoted } from '../errors';

export type Query = Record<string, string | number>;

/** How one entry of a Filters collection becomes `filter[api]`. */
export type FilterKind =
	/** Free text, sent trimmed. */
	| 'text'
	/** Comma-separated texts, any of them. */
	| 'textList'
	/** Comma-separated whole numbers above 0 (also what a Student picker yields). */
	| 'ids'
	/** Comma-separated values from `values`, any of them. */
	| 'enum'
	/** A date or date-time, sent as a plain date or UTC date-time. */
	| 'date'
	/** true / false (a boolean field, or the text "true"/"false" from an expression). */
	| 'boolean'
	/** Comma-separated e-mail addresses. */
	| 'emails'
	/** Grade levels 0–12, where K is kindergarten. */
	| 'gradeLevels';

/**
 * Whether a filter of the kind takes several values, comma-separated, and matches any of them (as
 * filterValue below reads a comma); a text is sent whole, a date and true/false are one value each.
 */
export const TAKES_SEVERAL_VALUES: Readonly<Record<FilterKind, boolean>> = {
	text: false,
	textList: true,
	ids: true,
	enum: true,
	date: false,
	boolean: false,
	emails: true,
	gradeLevels: true,
};

export interface FilterSpec {
	/** Name of the option in the node's Filters collection, e.g. `studentId`. */
	param: string;
	/** Name the API uses inside `filter[...]`, e.g. `student_id`. */
	api: string;
	/** The option's display name, for error messages. */
	label: string;
	kind: FilterKind;
	/** For `enum`: the values the API accepts. */
	values?: readonly string[];
	/** For `enum`: what a value is, e.g. `a payment status`. */
	noun?: string;
}

export interface NameValue {
	name?: unknown;
	value?: unknown;
}

export interface SortRule {
	field?: unknown;
	direction?: unknown;
}

export interface ListQueryInput {
	/** The Filters collection as n8n hands it over (every key optional). */
	filters?: Record<string, unknown>;
	additionalFilters?: NameValue[];
	/** What the panel calls the name-value filters, for messages: version 2's "Other Filters" (default "Additional Filters"). */
	additionalFiltersLabel?: string;
	sort?: SortRule[];
	/** The workflow's time zone, for date-times picked without one. */
	timeZone: string;
}

export interface ListQuerySpec {
	filters: readonly FilterSpec[];
	sortable: readonly string[];
}

/** A multi-select, an array from an expression, a number, or a comma-separated text → trimmed items. */
function toList(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	if (typeof value === 'object' && !Array.isArray(value) && '__rl' in value)
		return toList((value as { value?: unknown }).value);
	const raw = Array.isArray(value) ? value : String(value).split(',');
	return raw.map((item) => String(item).trim()).filter((item) => item !== '');
}

/** The distinct items, comma-separated; undefined when there are none. */
function joined(items: Array<string | number>): string | undefined {
	return items.length ? [...new Set(items)].join(',') : undefined;
}

function parseEnum(value: unknown, spec: FilterSpec): string | undefined {
	const allowed = spec.values ?? [];
	const chosen = toList(value).map((item) => {
		const known = allowed.find((candidate) => candidate.toLowerCase() === item.toLowerCase());
		if (known === undefined) {
			throw new ActionableError(
				`${spec.label} ${quoted(item.toLowerCase())} is not ${spec.noun ?? 'a valid value'}`,
				`Use any of: ${allowed.join(', ')}.`,
			);
		}
		return known;
	});
	return joined(chosen);
}

/** Grade levels 0–12, where K (kindergarten) is 0. */
function parseGradeLevels(value: unknown): string | undefined {
	const levels = toList(value).map((token) => {
		if (/^(k|kg|kindergarten)$/i.test(token)) return 0;
		const level = /^\d{1,2}$/.test(token) ? Number(token) : NaN;
		if (!(level >= 0 && level <= 12)) {
			throw new ActionableError(
				`Grade Level ${quoted(token)} is not valid`,
				'Use K (or 0) for kindergarten and 1 to 12 for the other grades, e.g. "K, 1, 2" or "9,10".',
			);
		}
		return level;
	});
	return joined(levels);
}

function parseIds(value: unknown, label: string): string | undefined {
	const ids = toList(value).map((token) => {
		if (!/^\d+$/.test(token) || Number(token) < 1) {
			throw new ActionableError(
				`${label} ${quoted(token)} is not valid`,
				`${label} takes whole numbers above 0, separated by commas, e.g. "12, 31".`,
			);
		}
		return Number(token);
	});
	return joined(ids);
}

function parseEmails(value: unknown): string | undefined {
	const emails = toList(value);
	for (const email of emails) {
		if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
			throw new ActionableError(
				`Email ${quoted(email)} is not an email address`,
				'Enter one or more full addresses separated by commas, e.g. "a@school.example, b@school.example".',
			);
		}
	}
	return joined(emails);
}

function parseText(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim();
	return text === '' ? undefined : text;
}

function parseBoolean(value: unknown, label: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value === true || value === false) return String(value);
	const text = String(value).trim().toLowerCase();
	if (text === 'true' || text === 'false') return text;
	throw new ActionableError(
		`${label} is ${quoted(String(value))}, it must be true or false`,
		`Set ${label} to true or false.`,
	);
}

function parseDate(value: unknown, label: string, timeZone: string): string | undefined {
	let problem: string;
	try {
		return toApiDateTime(value, timeZone);
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new ActionableError(
		`${label} ${problem}`,
		'Pick a date in the field, or map an ISO 8601 value such as 2026-01-31 or 2026-01-31T08:00:00Z.',
	);
}

function filterValue(spec: FilterSpec, value: unknown, timeZone: string): string | undefined {
	switch (spec.kind) {
		case 'text':
			return parseText(value);
		case 'textList':
			return toList(value).join(',') || undefined;
		case 'ids':
			return parseIds(value, spec.label);
		case 'enum':
			return parseEnum(value, spec);
		case 'date':
			return parseDate(value, spec.label, timeZone);
		case 'boolean':
			return parseBoolean(value, spec.label);
		case 'emails':
			return parseEmails(value);
		case 'gradeLevels':
			return parseGradeLevels(value);
	}
}

/** `filter[x]` pasted from the API docs is accepted and read as `x`. */
function filterName(raw: unknown): string {
	const name = String(raw ?? '').trim();
	const wrapped = /^filter\[(.+)\]$/i.exec(name);
	return wrapped ? wrapped[1].trim() : name;
}

function addAdditionalFilters(
	query: Query,
	pairs: NameValue[],
	specs: readonly FilterSpec[],
	label: string,
): void {
	// "Additional filter", "Other filter": one entry of the list the panel calls `label`.
	const entry = label.replace(/ Filters$/, ' filter');
	const seen = new Set<string>();
	for (const pair of pairs) {
		const name = filterName(pair.name);
		if (!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(name)) {
			throw new ActionableError(
				`${entry} name ${quoted(name)} is not valid`,
				'Use the filter name from the API documentation, e.g. "enrolled_after" (it is sent as filter[enrolled_after]).',
			);
		}
		const key = `filter[${name}]`;
		if (seen.has(name)) {
			throw new ActionableError(
				`${entry} ${quoted(name)} is set twice`,
				'Keep one entry per filter. For "any of", put the values in one entry separated by commas.',
			);
		}
		if (key in query) {
			const filterLabel = specs.find((spec) => spec.api === name)?.label ?? name;
			throw new ActionableError(
				`Filter ${quoted(name)} is set both in Filters (${filterLabel}) and in ${label}`,
				'Remove one of the two.',
			);
		}
		seen.add(name);
		const value = parseText(Array.isArray(pair.value) ? pair.value.join(',') : pair.value);
		// The API ignores an empty filter value (contract §3.2), so there is nothing to send.
		if (value !== undefined) query[key] = value;
	}
}

/** `[{field: 'last_name', direction: 'asc'}, {field: 'created_at', direction: 'desc'}]` → `last_name,-created_at`. */
function buildSort(rules: SortRule[], sortable: readonly string[]): string | undefined {
	const seen = new Set<string>();
	const parts = rules.map((rule) => {
		const field = String(rule.field ?? '').trim();
		if (!/^[a-z][a-z0-9_.]*$/.test(field)) {
			throw new ActionableError(
				`Sort field ${quoted(field)} is not valid`,
				`Sortable fields: ${sortable.join(', ')}.`,
			);
		}
		if (seen.has(field))
			throw new ActionableError(
				`Sort field ${quoted(field)} is listed twice`,
				'Keep each field once in Sort.',
			);
		seen.add(field);
		const direction = String(rule.direction ?? 'asc').toLowerCase();
		if (direction !== 'asc' && direction !== 'desc') {
			throw new ActionableError(
				`Sort direction ${quoted(direction)} is not valid`,
				'Use "asc" or "desc".',
			);
		}
		return direction === 'desc' ? `-${field}` : field;
	});
	return parts.length ? parts.join(',') : undefined;
}

/** The filter and sort part of a list query; `page` and `per_page` are added by the paginator. */
export function buildListQuery(spec: ListQuerySpec, input: ListQueryInput): Query {
	const filters = input.filters ?? {};
	const query: Query = {};
	for (const filter of spec.filters) {
		// Only the filters added in the panel: the others have nothing to read.
		if (!Object.hasOwn(filters, filter.param)) continue;
		const value = filterValue(filter, filters[filter.param], input.timeZone);
		if (value !== undefined) query[`filter[${filter.api}]`] = value;
	}
	addAdditionalFilters(
		query,
		input.additionalFilters ?? [],
		spec.filters,
		input.additionalFiltersLabel ?? 'Additional Filters',
	);
	const sort = buildSort(input.sort ?? [], spec.sortable);
	if (sort !== undefined) query.sort = sort;
	return query;
}
