/**
 * The student list query language of the contract (§3.2–§3.4): `filter[...]` and `sort`.
 *
 * - `parseStudentQuery(query)` → `StudentQuery` from parsed query-string parameters; throws a 422
 *   `validation_failed` ApiError with every mistake under its contract key (`filter`,
 *   `filter.<name>`, `sort`). Page parameters are handled by `parsePageParams`.
 * - `StudentQuery` / `StudentFilter` / `SortKey` — what `StudentStore.query` executes; tests can
 *   build them directly, e.g. `{ filter: { status: ['active'] }, sort: [{ field: 'last_name', desc: false }] }`.
 */
import { validationError, type FieldErrors } from '../http/errors';
import { STUDENT_STATUSES, type Student } from '../schemas/student';
import { parseRangeValue } from './time';

export type StudentStatus = Student['status'];

export interface StudentFilter {
	status?: StudentStatus[];
	grade_level?: number[];
	group_id?: number[];
	/** Lower-cased. */
	email?: string[];
	student_number?: string[];
	/** Lower-cased substring. */
	search?: string;
	/** Bounds in ms since the epoch. */
	created_after?: number;
	created_before?: number;
	updated_since?: number;
	enrolled_after?: number;
	enrolled_before?: number;
}

export const FILTER_NAMES = [
	'status',
	'grade_level',
	'group_id',
	'email',
	'student_number',
	'search',
	'created_after',
	'created_before',
	'updated_since',
	'enrolled_after',
	'enrolled_before',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export const SORT_FIELDS = [
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
export type SortField = (typeof SORT_FIELDS)[number];

export interface SortKey {
	field: SortField;
	desc: boolean;
}

export interface StudentQuery {
	filter?: StudentFilter;
	/** Default `[{ field: 'id', desc: false }]`; ties are always broken by id ascending. */
	sort?: SortKey[];
}

const RANGE_FILTERS = [
	'created_after',
	'created_before',
	'updated_since',
	'enrolled_after',
	'enrolled_before',
] as const;

function lastString(value: unknown): string | undefined {
	if (Array.isArray(value)) return lastString(value[value.length - 1]);
	return typeof value === 'string' ? value : undefined;
}

function items(value: string): string[] {
	return value
		.split(',')
		.map((item) => item.trim())
		.filter((item) => item !== '');
}

function integers(value: string, min: number, max: number): number[] | undefined {
	const list = items(value);
	if (!list.every((item) => /^\d+$/.test(item) && Number(item) >= min && Number(item) <= max))
		return undefined;
	return list.map(Number);
}

type FilterParser = (value: string, filter: StudentFilter) => string | undefined;

const FILTER_PARSERS: Record<FilterName, FilterParser> = {
	status(value, filter) {
		const list = items(value);
		if (!list.every((s) => (STUDENT_STATUSES as readonly string[]).includes(s))) {
			return `The selected filter.status is invalid. Allowed: ${STUDENT_STATUSES.join(', ')}.`;
		}
		filter.status = list as StudentStatus[];
		return undefined;
	},
	grade_level(value, filter) {
		filter.grade_level = integers(value, 0, 12);
		return filter.grade_level
			? undefined
			: 'The filter.grade_level must be a comma-separated list of integers from 0 to 12.';
	},
	group_id(value, filter) {
		filter.group_id = integers(value, 1, Number.MAX_SAFE_INTEGER);
		return filter.group_id
			? undefined
			: 'The filter.group_id must be a comma-separated list of positive integers.';
	},
	email(value, filter) {
		filter.email = items(value).map((e) => e.toLowerCase());
		return undefined;
	},
	student_number(value, filter) {
		filter.student_number = items(value);
		return undefined;
	},
	search(value, filter) {
		filter.search = value.trim().toLowerCase();
		return undefined;
	},
	...Object.fromEntries(
		RANGE_FILTERS.map((name) => [
			name,
			(value: string, filter: StudentFilter) => {
				const ms = parseRangeValue(value);
				if (ms === undefined) {
					return `The filter.${name} must be an ISO 8601 date (2026-01-01) or a date-time with a time zone (2026-01-01T00:00:00Z).`;
				}
				filter[name] = ms;
				return undefined;
			},
		]),
	),
} as Record<FilterName, FilterParser>;

function parseSort(raw: string | undefined, errors: FieldErrors): SortKey[] | undefined {
	if (raw === undefined || raw.trim() === '') return undefined;
	const keys: SortKey[] = [];
	const unknown: string[] = [];
	for (const item of raw.split(',').map((s) => s.trim())) {
		const desc = item.startsWith('-');
		const field = desc ? item.slice(1) : item;
		if (!(SORT_FIELDS as readonly string[]).includes(field)) unknown.push(field);
		else if (!keys.some((key) => key.field === field))
			keys.push({ field: field as SortField, desc });
	}
	if (unknown.length > 0) {
		errors.sort = [
			`Requested sort(s) \`${unknown.join(', ')}\` is not allowed. Allowed sort(s) are \`${SORT_FIELDS.join(', ')}\`.`,
		];
	}
	return keys;
}

export function parseStudentQuery(query: Record<string, unknown>): StudentQuery {
	const errors: FieldErrors = {};
	const filter: StudentFilter = {};
	const unknown: string[] = [];
	for (const [key, rawValue] of Object.entries(query)) {
		const match = /^filter\[(.*)\]$/s.exec(key);
		if (!match) continue;
		const name = match[1];
		if (!(FILTER_NAMES as readonly string[]).includes(name)) {
			unknown.push(name);
			continue;
		}
		const value = lastString(rawValue);
		if (value === undefined || value.trim() === '') continue;
		const message = FILTER_PARSERS[name as FilterName](value, filter);
		if (message) errors[`filter.${name}`] = [message];
	}
	if (unknown.length > 0) {
		errors.filter = [
			`Requested filter(s) \`${unknown.join(', ')}\` are not allowed. Allowed filter(s) are \`${FILTER_NAMES.join(', ')}\`.`,
		];
	}
	const sort = parseSort(lastString(query.sort), errors);
	if (Object.keys(errors).length > 0) throw validationError(errors);
	return { filter, ...(sort ? { sort } : {}) };
}
