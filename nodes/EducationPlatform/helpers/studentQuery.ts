// Pure: no n8n import. What `GET /v1/students` accepts (docs/api-contract.md §3.2–3.4): the
// student Filters collection mapped to `filter[...]`, and the sortable fields. The building and
// validation itself is listQuery.ts, shared by every resource.
import {
	buildListQuery,
	buildSort as buildSortFor,
	type FilterSpec,
	type ListQueryInput,
	type ListQuerySpec,
	type Query,
	type SortRule,
} from '../../shared/list/query';

export { parseGradeLevels } from '../../shared/list/query';
export type { NameValue, Query, SortRule } from '../../shared/list/query';

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

const STUDENT_FILTERS: FilterSpec[] = [
	{ param: 'status', api: 'status', label: 'Status', kind: 'enum', values: STUDENT_STATUSES, noun: 'a student status' },
	{ param: 'gradeLevel', api: 'grade_level', label: 'Grade Levels', kind: 'gradeLevels' },
	{ param: 'groupId', api: 'group_id', label: 'Group ID', kind: 'ids' },
	{ param: 'email', api: 'email', label: 'Email', kind: 'emails' },
	{ param: 'studentNumber', api: 'student_number', label: 'Student Number', kind: 'textList' },
	{ param: 'search', api: 'search', label: 'Search', kind: 'text' },
	{ param: 'createdAfter', api: 'created_after', label: 'Created After', kind: 'date' },
	{ param: 'createdBefore', api: 'created_before', label: 'Created Before', kind: 'date' },
	{ param: 'updatedSince', api: 'updated_since', label: 'Updated Since', kind: 'date' },
];

export const STUDENT_QUERY: ListQuerySpec = { filters: STUDENT_FILTERS, sortable: SORTABLE_FIELDS };

/** The Filters collection as n8n hands it over (every key optional). */
export type StudentFilters = Record<string, unknown>;
export type StudentListInput = ListQueryInput;

export function buildSort(rules: SortRule[]): string | undefined {
	return buildSortFor(rules, SORTABLE_FIELDS);
}

export function buildStudentListQuery(input: StudentListInput): Query {
	return buildListQuery(STUDENT_QUERY, input);
}
