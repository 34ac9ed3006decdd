import { ActionableError } from '../../../../nodes/shared/errors';
import {
	buildListQuery,
	TAKES_SEVERAL_VALUES,
	type FilterKind,
	type ListQueryInput,
	type SortRule,
} from '../../../../nodes/shared/list/query';
import { resource } from '../../../../nodes/shared/resources/student';

// The list query of the student, whose filters use every kind of filter but boolean, as Get Many
// builds it from the descriptor's query spec.
const build = (input: Partial<ListQueryInput>) =>
	buildListQuery(resource.query, { timeZone: 'UTC', ...input });
const buildSort = (rules: SortRule[]) => build({ sort: rules }).sort;

function actionableErrorOf(run: () => unknown): ActionableError {
	try {
		run();
	} catch (error) {
		if (error instanceof ActionableError) return error;
		throw error;
	}
	throw new Error('expected an ActionableError');
}

describe('the student list query', () => {
	it('sends no parameters when nothing is set', () => {
		expect(build({})).toEqual({});
		expect(
			build({
				filters: { status: [], search: '  ', gradeLevel: '' },
				additionalFilters: [],
				sort: [],
			}),
		).toEqual({});
	});

	it('maps every filter to filter[...] with comma lists for "any of"', () => {
		expect(
			build({
				timeZone: 'Europe/Berlin',
				filters: {
					status: ['active', 'suspended'],
					gradeLevel: ['K', 9, '10'],
					groupId: '12, 31',
					email: 'a@x.example, b@x.example',
					studentNumber: 'S-2024-001042',
					search: ' okaf ',
					createdAfter: '2026-01-01',
					createdBefore: '2026-02-01T00:00:00Z',
					updatedSince: '2026-01-20T16:22:03',
				},
			}),
		).toEqual({
			'filter[status]': 'active,suspended',
			'filter[grade_level]': '0,9,10',
			'filter[group_id]': '12,31',
			'filter[email]': 'a@x.example,b@x.example',
			'filter[student_number]': 'S-2024-001042',
			'filter[search]': 'okaf',
			'filter[created_after]': '2026-01-01',
			'filter[created_before]': '2026-02-01T00:00:00Z',
			'filter[updated_since]': '2026-01-20T15:22:03Z',
		});
	});

	it('accepts comma text from expressions for multi-selects and drops duplicates', () => {
		expect(build({ filters: { status: 'Active, withdrawn,active', groupId: 12 } })).toEqual({
			'filter[status]': 'active,withdrawn',
			'filter[group_id]': '12',
		});
	});

	it.each([
		[
			{ status: ['enrolled'] },
			'Status "enrolled" is not a student status',
			/active, inactive, graduated, withdrawn, suspended/,
		],
		[{ gradeLevel: '13' }, 'Grade Level "13" is not valid', /K \(or 0\)/],
		[{ groupId: '12, abc' }, 'Group ID "abc" is not valid', /whole numbers/],
		[{ groupId: '0' }, 'Group ID "0" is not valid', /above 0/],
		[
			{ email: 'not-an-email' },
			'Email "not-an-email" is not an email address',
			/separated by commas/,
		],
		[
			{ createdAfter: 'last week' },
			'Created After "last week" is not a date. Use e.g. 2026-01-31 or 2026-01-31T08:00:00Z',
			/ISO 8601/,
		],
		// A value mapped from an expression cannot forge a line of n8n's log, nor fill it.
		[
			{ email: 'a@b.co\nERROR forged line' },
			'Email "a@b.co\\nERROR forged line" is not an email address',
			/separated by commas/,
		],
		[
			{ createdAfter: `x${'y'.repeat(200)}` },
			`Created After "x${'y'.repeat(59)}…" is not a date. Use e.g. 2026-01-31 or 2026-01-31T08:00:00Z`,
			/ISO 8601/,
		],
	])('refuses bad filter %p with a message naming it', (filters, message, description) => {
		const error = actionableErrorOf(() => build({ filters }));
		expect(error.message).toBe(message);
		expect(error.description).toMatch(description);
	});

	it('sends additional filters as filter[name], accepting a pasted filter[...] name', () => {
		expect(
			build({
				additionalFilters: [
					{ name: 'enrolled_after', value: '2024-08-31' },
					{ name: 'filter[gender]', value: 'female' },
					{ name: 'left_at', value: '' },
				],
			}),
		).toEqual({ 'filter[enrolled_after]': '2024-08-31', 'filter[gender]': 'female' });
	});

	it.each([
		[[{ name: 'bad name', value: '1' }], 'Additional filter name "bad name" is not valid'],
		[[{ name: '', value: '1' }], 'Additional filter name "" is not valid'],
		[
			[
				{ name: 'gender', value: 'female' },
				{ name: 'gender', value: 'male' },
			],
			'Additional filter "gender" is set twice',
		],
	])('refuses additional filters %p', (additionalFilters, message) => {
		expect(actionableErrorOf(() => build({ additionalFilters })).message).toBe(message);
	});

	it('refuses a filter set both in Filters and Additional Filters', () => {
		const error = actionableErrorOf(() =>
			build({
				filters: { status: ['active'] },
				additionalFilters: [{ name: 'status', value: 'inactive' }],
			}),
		);
		expect(error.message).toBe(
			'Filter "status" is set both in Filters (Status) and in Additional Filters',
		);
	});

	it('names the list as the panel shows it (version 2: Other Filters inside Filters)', () => {
		const other = (input: Partial<ListQueryInput>) =>
			actionableErrorOf(() => build({ additionalFiltersLabel: 'Other Filters', ...input })).message;
		expect(other({ additionalFilters: [{ name: 'bad name', value: '1' }] })).toBe(
			'Other filter name "bad name" is not valid',
		);
		expect(
			other({
				additionalFilters: [
					{ name: 'gender', value: 'f' },
					{ name: 'gender', value: 'm' },
				],
			}),
		).toBe('Other filter "gender" is set twice');
		expect(
			other({
				filters: { status: ['active'] },
				additionalFilters: [{ name: 'status', value: 'inactive' }],
			}),
		).toBe('Filter "status" is set both in Filters (Status) and in Other Filters');
	});
});

/** Two values of each kind, as a user would give them. */
const TWO_VALUES: Record<FilterKind, [string, string]> = {
	text: ['okaf', 'mbe'],
	textList: ['payment.failed', 'student.created'],
	ids: ['12', '31'],
	enum: ['active', 'suspended'],
	date: ['2026-01-01', '2026-02-01'],
	boolean: ['true', 'false'],
	emails: ['a@x.example', 'b@x.example'],
	gradeLevels: ['9', '10'],
};

describe('TAKES_SEVERAL_VALUES (what the tool description tells a model)', () => {
	it.each(Object.entries(TWO_VALUES) as Array<[FilterKind, [string, string]]>)(
		'%s: true exactly when "a, b" is sent as the list a,b',
		(kind, [first, second]) => {
			const spec = {
				filters: [{ param: 'f', api: 'f', label: 'F', kind, values: ['active', 'suspended'] }],
				sortable: [],
			};
			let sent: unknown;
			try {
				sent = buildListQuery(spec, { timeZone: 'UTC', filters: { f: `${first}, ${second}` } })[
					'filter[f]'
				];
			} catch (error) {
				if (!(error instanceof ActionableError)) throw error;
			}
			expect(sent === `${first},${second}`).toBe(TAKES_SEVERAL_VALUES[kind]);
		},
	);
});

describe('the sort', () => {
	it('joins fields with a leading minus for descending', () => {
		expect(
			buildSort([
				{ field: 'last_name', direction: 'asc' },
				{ field: 'created_at', direction: 'desc' },
			]),
		).toBe('last_name,-created_at');
		expect(buildSort([])).toBeUndefined();
	});

	it('refuses a repeated field, a malformed field and a bad direction', () => {
		expect(() => buildSort([{ field: 'id' }, { field: 'id', direction: 'desc' }])).toThrow(
			'Sort field "id" is listed twice',
		);
		expect(() => buildSort([{ field: 'Last Name' }])).toThrow(
			'Sort field "Last Name" is not valid',
		);
		expect(() => buildSort([{ field: 'id', direction: 'up' }])).toThrow(
			'Sort direction "up" is not valid',
		);
	});
});

describe('the grade levels', () => {
	it('reads K as kindergarten (0)', () => {
		expect(build({ filters: { gradeLevel: 'k, Kindergarten, 0, 12' } })).toEqual({
			'filter[grade_level]': '0,12',
		});
	});
});
