// Pure: no n8n import. Builds the query string of `GET /v1/students` from the node's Filters,
// Additional Filters and Sort (docs/api-contract.md §3.2–3.4). Anything the API would refuse
// with a 422 is caught here first, with a message that names the field to fix.
import { toApiDateTime } from './dateTime';
import { InputError } from './inputError';

export type Query = Record<string, string | number>;

export const STUDENT_STATUSES = ['active', 'inactive', 'graduated', 'withdrawn', 'suspended'] as const;

export const SORTABLE_FIELDS = [
	'id',
	'student_number',
	'first_name',
	'last_name',
	'email',
	'status',
	'grade_level',
	'date_of_birth',
	'enrolled_at',
	'created_at',
	'updated_at',
] as const;

/** The Filters collection as n8n hands it over (every key optional). */
export interface StudentFilters {
	status?: unknown;
	gradeLevel?: unknown;
	groupId?: unknown;
	email?: unknown;
	studentNumber?: unknown;
	search?: unknown;
	createdAfter?: unknown;
	createdBefore?: unknown;
	updatedSince?: unknown;
}

export interface NameValue {
	name?: unknown;
	value?: unknown;
}

export interface SortRule {
	field?: unknown;
	direction?: unknown;
}

export interface StudentListInput {
	filters?: StudentFilters;
	additionalFilters?: NameValue[];
	sort?: SortRule[];
	/** The workflow's time zone, for date-times picked without one. */
	timeZone: string;
}

/** Filter names (API side) of the Filters collection, with their label in the node. */
const FILTER_LABELS: Record<string, string> = {
	status: 'Status',
	grade_level: 'Grade Levels',
	group_id: 'Group ID',
	email: 'Email',
	student_number: 'Student Number',
	search: 'Search',
	created_after: 'Created After',
	created_before: 'Created Before',
	updated_since: 'Updated Since',
};

/** A multi-select, an array from an expression, a number, or a comma-separated text → trimmed items. */
export function toList(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	const raw = Array.isArray(value) ? value : String(value).split(',');
	return raw.map((item) => String(item).trim()).filter((item) => item !== '');
}

function unique<T>(items: T[]): T[] {
	return [...new Set(items)];
}

function parseStatuses(value: unknown): string | undefined {
	const statuses = toList(value).map((s) => s.toLowerCase());
	for (const status of statuses) {
		if (!(STUDENT_STATUSES as readonly string[]).includes(status)) {
			throw new InputError(
				`Status "${status}" is not a student status`,
				`Use any of: ${STUDENT_STATUSES.join(', ')}.`,
			);
		}
	}
	return statuses.length ? unique(statuses).join(',') : undefined;
}

/** Grade levels 0–12, where K (kindergarten) is 0. */
export function parseGradeLevels(value: unknown): string | undefined {
	const levels = toList(value).map((token) => {
		if (/^(k|kg|kindergarten)$/i.test(token)) return 0;
		const level = /^\d{1,2}$/.test(token) ? Number(token) : NaN;
		if (!(level >= 0 && level <= 12)) {
			throw new InputError(
				`Grade Level "${token}" is not valid`,
				'Use K (or 0) for kindergarten and 1 to 12 for the other grades, e.g. "K, 1, 2" or "9,10".',
			);
		}
		return level;
	});
	return levels.length ? unique(levels).join(',') : undefined;
}

function parsePositiveIntegers(value: unknown, label: string): string | undefined {
	const ids = toList(value).map((token) => {
		if (!/^\d+$/.test(token) || Number(token) < 1) {
			throw new InputError(
				`${label} "${token}" is not valid`,
				`${label} takes whole numbers above 0, separated by commas, e.g. "12, 31".`,
			);
		}
		return Number(token);
	});
	return ids.length ? unique(ids).join(',') : undefined;
}

function parseEmails(value: unknown): string | undefined {
	const emails = toList(value);
	for (const email of emails) {
		if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
			throw new InputError(
				`Email "${email}" is not an email address`,
				'Enter one or more full addresses separated by commas, e.g. "a@school.example, b@school.example".',
			);
		}
	}
	return emails.length ? unique(emails).join(',') : undefined;
}

function parseText(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim();
	return text === '' ? undefined : text;
}

function parseDate(value: unknown, apiName: string, timeZone: string): string | undefined {
	let problem: string;
	try {
		return toApiDateTime(value, timeZone);
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new InputError(
		`${FILTER_LABELS[apiName]} ${problem}`,
		'Pick a date in the field, or map an ISO 8601 value such as 2026-01-31 or 2026-01-31T08:00:00Z.',
	);
}

/** `filter[x]` pasted from the API docs is accepted and read as `x`. */
function filterName(raw: unknown): string {
	const name = String(raw ?? '').trim();
	const wrapped = /^filter\[(.+)\]$/i.exec(name);
	return wrapped ? wrapped[1].trim() : name;
}

function addAdditionalFilters(query: Query, pairs: NameValue[]): void {
	const seen = new Set<string>();
	for (const pair of pairs) {
		const name = filterName(pair.name);
		if (!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(name)) {
			throw new InputError(
				`Additional filter name "${name}" is not valid`,
				'Use the filter name from the API documentation, e.g. "enrolled_after" (it is sent as filter[enrolled_after]).',
			);
		}
		const key = `filter[${name}]`;
		if (seen.has(name)) {
			throw new InputError(
				`Additional filter "${name}" is set twice`,
				'Keep one entry per filter. For "any of", put the values in one entry separated by commas.',
			);
		}
		if (key in query) {
			throw new InputError(
				`Filter "${name}" is set both in Filters (${FILTER_LABELS[name] ?? name}) and in Additional Filters`,
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
export function buildSort(rules: SortRule[]): string | undefined {
	const seen = new Set<string>();
	const parts = rules.map((rule) => {
		const field = String(rule.field ?? '').trim();
		if (!/^[a-z][a-z0-9_]*$/.test(field)) {
			throw new InputError(
				`Sort field "${field}" is not valid`,
				`Sortable fields: ${SORTABLE_FIELDS.join(', ')}.`,
			);
		}
		if (seen.has(field)) {
			throw new InputError(`Sort field "${field}" is listed twice`, 'Keep each field once in Sort.');
		}
		seen.add(field);
		const direction = String(rule.direction ?? 'asc').toLowerCase();
		if (direction !== 'asc' && direction !== 'desc') {
			throw new InputError(`Sort direction "${direction}" is not valid`, 'Use "asc" or "desc".');
		}
		return direction === 'desc' ? `-${field}` : field;
	});
	return parts.length ? parts.join(',') : undefined;
}

/** The filter and sort part of the query; `page` and `per_page` are added by the paginator. */
export function buildStudentListQuery(input: StudentListInput): Query {
	const filters = input.filters ?? {};
	const { timeZone } = input;
	const values: Record<string, string | undefined> = {
		status: parseStatuses(filters.status),
		grade_level: parseGradeLevels(filters.gradeLevel),
		group_id: parsePositiveIntegers(filters.groupId, 'Group ID'),
		email: parseEmails(filters.email),
		student_number: toList(filters.studentNumber).join(',') || undefined,
		search: parseText(filters.search),
		created_after: parseDate(filters.createdAfter, 'created_after', timeZone),
		created_before: parseDate(filters.createdBefore, 'created_before', timeZone),
		updated_since: parseDate(filters.updatedSince, 'updated_since', timeZone),
	};
	const query: Query = {};
	for (const [name, value] of Object.entries(values)) {
		if (value !== undefined) query[`filter[${name}]`] = value;
	}
	addAdditionalFilters(query, input.additionalFilters ?? []);
	const sort = buildSort(input.sort ?? []);
	if (sort !== undefined) query.sort = sort;
	return query;
}
