// Student → Get Many and Get, through n8n's engine, against a live sandbox of 10,000 students
// over real HTTP. Every expectation is the sandbox's own answer to the same query.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	outputJson,
	runStudentNode,
	sandboxStudents,
	startLiveSandbox,
	STUDENTS_PATH,
	type LiveSandbox,
} from './support/liveSandbox';

const STUDENTS = 10_000;
// Listing 10,000 students takes about a second alone, but much longer on a machine busy with n8n.
jest.setTimeout(60_000);

let sandbox: LiveSandbox;

beforeAll(async () => {
	sandbox = await startLiveSandbox({ students: STUDENTS });
});
afterAll(async () => {
	await sandbox?.close();
});

const ids = (students: IDataObject[]) => students.map((student) => student.id);
const listRequests = () => sandbox.traffic.count({ path: STUDENTS_PATH });

describe('Get Many → Return All against the live sandbox', () => {
	it('returns all 10,000 students exactly as the sandbox holds them, in order, none missing or repeated', async () => {
		const before = listRequests();
		const result = await runStudentNode(sandbox, { operation: 'getMany', returnAll: true });

		expect(result.error).toBeUndefined();
		const students = outputJson(result);
		expect(students).toHaveLength(STUDENTS);
		expect(new Set(ids(students)).size).toBe(STUDENTS);
		expect(students).toEqual(sandboxStudents(sandbox));
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
		// 100 per page: every page read once, nothing more.
		expect(listRequests() - before).toBe(STUDENTS / 100);
	});
});

describe("Get Many → filters and sort give exactly the sandbox's own result", () => {
	// The node's parameters, and the query a user would send to the API by hand for the same thing.
	const cases: Array<[string, INodeParameters, Record<string, string>]> = [
		[
			'status (several)',
			{ filters: { status: ['inactive', 'suspended'] } },
			{ 'filter[status]': 'inactive,suspended' },
		],
		[
			'grade levels, kindergarten included',
			{ filters: { gradeLevel: [0, 9, 12] } },
			{ 'filter[grade_level]': '0,9,12' },
		],
		['groups (any of)', { filters: { groupId: '12, 154' } }, { 'filter[group_id]': '12,154' }],
		[
			'search (case-insensitive substring)',
			{ filters: { search: 'OKAF' } },
			{ 'filter[search]': 'okaf' },
		],
		[
			'created between two moments with zones',
			{
				filters: {
					createdAfter: '2019-01-01T00:00:00Z',
					createdBefore: '2021-06-30T12:00:00+02:00',
				},
			},
			{
				'filter[created_after]': '2019-01-01T00:00:00Z',
				'filter[created_before]': '2021-06-30T10:00:00Z',
			},
		],
		[
			'updated since (inclusive), as a plain date',
			{ filters: { updatedSince: '2026-01-01' } },
			{ 'filter[updated_since]': '2026-01-01' },
		],
		[
			'additional filters: enrolled between two dates',
			{
				additionalFilters: {
					filter: [
						{ name: 'enrolled_after', value: '2020-08-31' },
						{ name: 'filter[enrolled_before]', value: '2022-01-01' },
					],
				},
			},
			{ 'filter[enrolled_after]': '2020-08-31', 'filter[enrolled_before]': '2022-01-01' },
		],
		[
			'multi-field sort: last name, then newest first',
			{
				sort: {
					rule: [
						{ field: 'last_name', direction: 'asc' },
						{ field: 'created_at', direction: 'desc' },
					],
				},
			},
			{ sort: 'last_name,-created_at' },
		],
		[
			'filters combined with a three-field sort (status desc, grade, email with nulls)',
			{
				filters: { status: ['active', 'graduated'], gradeLevel: [11, 12] },
				sort: {
					rule: [
						{ field: 'status', direction: 'desc' },
						{ field: 'grade_level', direction: 'asc' },
						{ field: 'email', direction: 'asc' },
					],
				},
			},
			{
				'filter[status]': 'active,graduated',
				'filter[grade_level]': '11,12',
				sort: '-status,grade_level,email',
			},
		],
	];

	it.each(cases)('%s', async (_label, parameters, apiQuery) => {
		const expected = sandboxStudents(sandbox, apiQuery);
		// A filter that matched nothing or everything would prove nothing.
		expect(expected.length).toBeGreaterThan(37);
		if (!('sort' in apiQuery)) expect(expected.length).toBeLessThan(STUDENTS);

		// An odd page size so that every listing spans several pages with a ragged last one.
		const result = await runStudentNode(sandbox, {
			operation: 'getMany',
			returnAll: true,
			...parameters,
			options: { pageSize: 37 },
		});

		expect(result.error).toBeUndefined();
		expect(outputJson(result)).toEqual(expected);
	});

	it('searches case-insensitively in the email too', async () => {
		// Names hold no dots: ".adeyemi" only matches the "first.last…@" part of emails.
		const expected = sandboxStudents(sandbox, { 'filter[search]': '.adeyemi' });
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.every((student) => student.email?.includes('.adeyemi'))).toBe(true);
		const result = await runStudentNode(sandbox, {
			operation: 'getMany',
			returnAll: true,
			filters: { search: '.ADEYEMI' },
		});
		expect(outputJson(result)).toEqual(expected);
	});

	it('matches exact emails and student numbers (any of)', async () => {
		const [a, b, c] = sandboxStudents(sandbox, { 'filter[grade_level]': '5' }).filter(
			(s) => s.email !== null,
		);
		const result = await runStudentNode(sandbox, {
			operation: 'getMany',
			returnAll: true,
			filters: {
				email: `${a.email!.toUpperCase()}, ${b.email}`,
				studentNumber: `${a.student_number},${c.student_number}`,
			},
		});
		expect(result.error).toBeUndefined();
		expect(outputJson(result)).toEqual([a]);
	});
});

describe('Get Many → Limit across pages', () => {
	it("returns exactly the first N students of the sandbox's order and reads no page in vain", async () => {
		const before = listRequests();
		const result = await runStudentNode(sandbox, {
			operation: 'getMany',
			returnAll: false,
			limit: 250,
			sort: { rule: [{ field: 'date_of_birth', direction: 'desc' }] },
		});

		expect(result.error).toBeUndefined();
		expect(outputJson(result)).toEqual(
			sandboxStudents(sandbox, { sort: '-date_of_birth' }).slice(0, 250),
		);
		// 250 at most 100 per page: three requests (of 84), not four.
		expect(listRequests() - before).toBe(3);
	});

	it('with a small page size, stops in the middle of a page', async () => {
		const result = await runStudentNode(sandbox, {
			operation: 'getMany',
			limit: 7,
			filters: { status: ['suspended'] },
			options: { pageSize: 3 },
		});
		expect(outputJson(result)).toEqual(
			sandboxStudents(sandbox, { 'filter[status]': 'suspended' }).slice(0, 7),
		);
	});
});

describe('Get against the live sandbox', () => {
	it("returns the sandbox's student", async () => {
		const result = await runStudentNode(sandbox, { operation: 'get', studentId: '4242' });
		expect(result.error).toBeUndefined();
		expect(outputJson(result)).toEqual([sandbox.state.students.get(4242)]);
	});

	it('says clearly that an unknown ID does not exist', async () => {
		const result = await runStudentNode(sandbox, {
			operation: 'get',
			studentId: String(STUDENTS + 1),
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(`No student with ID ${STUDENTS + 1}. [item 0]`);
		expect(result.error?.description).toMatch(
			/No student \d+ exists on the platform\. The Student ID is the numeric "id"/,
		);
		expect((result.error as { httpCode?: string }).httpCode).toBe('404');
	});
});
