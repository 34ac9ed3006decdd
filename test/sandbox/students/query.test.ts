import { ApiError } from '../../../sandbox/http/errors';
import { FILTER_NAMES, SORT_FIELDS, parseStudentQuery } from '../../../sandbox/students/query';

function errorsOf(query: Record<string, unknown>): Record<string, string[]> {
	try {
		parseStudentQuery(query);
	} catch (error) {
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
		return (error as ApiError).extra.errors as Record<string, string[]>;
	}
	throw new Error('expected a 422');
}

describe('parseStudentQuery', () => {
	it('parses every filter and a multi-field sort', () => {
		expect(
			parseStudentQuery({
				'filter[status]': 'active, suspended',
				'filter[grade_level]': '9,10',
				'filter[group_id]': '12,31',
				'filter[email]': 'A@X.example',
				'filter[student_number]': 'S-2024-001042',
				'filter[search]': ' OKAF ',
				'filter[created_after]': '2026-01-01',
				'filter[created_before]': '2026-02-01T00:00:00Z',
				'filter[updated_since]': '2026-01-20T15:22:03Z',
				'filter[enrolled_after]': '2024-08-31',
				'filter[enrolled_before]': '2025-08-31',
				sort: 'last_name,-created_at',
				page: '2',
				include: 'guardians',
			}),
		).toEqual({
			filter: {
				status: ['active', 'suspended'],
				grade_level: [9, 10],
				group_id: [12, 31],
				email: ['a@x.example'],
				student_number: ['S-2024-001042'],
				search: 'okaf',
				created_after: Date.UTC(2026, 0, 1),
				created_before: Date.UTC(2026, 1, 1),
				updated_since: Date.UTC(2026, 0, 20, 15, 22, 3),
				enrolled_after: Date.UTC(2024, 7, 31),
				enrolled_before: Date.UTC(2025, 7, 31),
			},
			sort: [
				{ field: 'last_name', desc: false },
				{ field: 'created_at', desc: true },
			],
		});
	});

	it('ignores empty filter values and an empty sort', () => {
		expect(parseStudentQuery({ 'filter[status]': '', 'filter[search]': '  ', sort: '' })).toEqual({
			filter: {},
		});
	});

	it('reports an unknown filter with the allowed list', () => {
		expect(errorsOf({ 'filter[colour]': 'red', 'filter[age]': '3' })).toEqual({
			filter: [
				`Requested filter(s) \`colour, age\` are not allowed. Allowed filter(s) are \`${FILTER_NAMES.join(', ')}\`.`,
			],
		});
	});

	it('reports an unknown sort field with the allowed list', () => {
		expect(errorsOf({ sort: 'last_name,-age' })).toEqual({
			sort: [
				`Requested sort(s) \`age\` is not allowed. Allowed sort(s) are \`${SORT_FIELDS.join(', ')}\`.`,
			],
		});
	});

	it.each([
		[
			'status',
			'active,enrolled',
			'The selected filter.status is invalid. Allowed: active, inactive, graduated, withdrawn, suspended.',
		],
		[
			'grade_level',
			'13',
			'The filter.grade_level must be a comma-separated list of integers from 0 to 12.',
		],
		[
			'grade_level',
			'nine',
			'The filter.grade_level must be a comma-separated list of integers from 0 to 12.',
		],
		['group_id', '0', 'The filter.group_id must be a comma-separated list of positive integers.'],
		[
			'created_after',
			'last week',
			'The filter.created_after must be an ISO 8601 date (2026-01-01) or a date-time with a time zone (2026-01-01T00:00:00Z).',
		],
		[
			'updated_since',
			'2026-01-20T15:22:03',
			'The filter.updated_since must be an ISO 8601 date (2026-01-01) or a date-time with a time zone (2026-01-01T00:00:00Z).',
		],
	])('rejects filter[%s]=%s', (name, value, message) => {
		expect(errorsOf({ [`filter[${name}]`]: value })).toEqual({ [`filter.${name}`]: [message] });
	});

	it('reports every mistake at once', () => {
		expect(
			Object.keys(errorsOf({ 'filter[status]': 'x', 'filter[nope]': '1', sort: 'nope' })).sort(),
		).toEqual(['filter', 'filter.status', 'sort']);
	});
});
