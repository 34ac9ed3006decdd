// Student → Get Many through n8n's engine: paging, filters, sort and errors against a nock-faked
// API, and its Operation selector entry.
import * as getMany from '../../../../../nodes/EducationPlatform/actions/record/getMany.operation';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';
import {
	fakeStudentsApi,
	jsonOf,
	ORIGIN,
	runEducationPlatform,
	studentRange,
	TOKEN,
	type Envelope,
} from '../../fixtures';
import { useNock } from '../../../../harness/nock';

useNock();

const ids = (items: Array<{ json: { id?: unknown } }>) => items.map((item) => item.json.id);

describe('Student → Get Many', () => {
	it('returns all students across several pages, sending filters, sort, page and per_page on every request', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 7) });

		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: true,
			filters: {
				status: ['active', 'suspended'],
				gradeLevel: [0, 9],
				groupId: '12, 31',
				search: 'last',
			},
			additionalFilters: { filter: [{ name: 'enrolled_after', value: '2024-08-31' }] },
			sort: {
				rule: [
					{ field: 'last_name', direction: 'asc' },
					{ field: 'created_at', direction: 'desc' },
				],
			},
			options: { pageSize: 3 },
		});

		expect(result.error).toBeUndefined();
		expect(ids(result.items)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(
			result.items.every(
				(item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0,
			),
		).toBe(true);
		expect(
			api.seen.map((request) => [request.path, request.query.page, request.query.per_page]),
		).toEqual([
			['/v1/students', '1', '3'],
			['/v1/students', '2', '3'],
			['/v1/students', '3', '3'],
		]);
		for (const request of api.seen) {
			expect(request.query).toMatchObject({
				'filter[status]': 'active,suspended',
				'filter[grade_level]': '0,9',
				'filter[group_id]': '12,31',
				'filter[search]': 'last',
				'filter[enrolled_after]': '2024-08-31',
				sort: 'last_name,-created_at',
			});
			expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
			expect(request.headers.accept).toBe('application/json');
		}
	});

	it('uses 100 per page by default for Return All', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 150) });
		const result = await runEducationPlatform({ operation: 'getMany', returnAll: true });
		expect(result.items).toHaveLength(150);
		expect(api.seen.map((request) => [request.query.page, request.query.per_page])).toEqual([
			['1', '100'],
			['2', '100'],
		]);
	});

	it('with a Limit spanning pages, fetches only the pages it needs and returns exactly the limit', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 50) });
		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: false,
			limit: 7,
			options: { pageSize: 3 },
		});
		expect(ids(result.items)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(api.seen.map((request) => [request.query.page, request.query.per_page])).toEqual([
			['1', '3'],
			['2', '3'],
			['3', '3'],
		]);
	});

	it('asks for no more than the limit when it fits in one page', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 500) });
		const result = await runEducationPlatform({ operation: 'getMany', limit: 150 });
		expect(result.items).toHaveLength(150);
		expect(api.seen.map((request) => [request.query.page, request.query.per_page])).toEqual([
			['1', '75'],
			['2', '75'],
		]);
	});

	it('returns no items (and no error) when nothing matches', async () => {
		const api = fakeStudentsApi({ all: [] });
		const result = await runEducationPlatform({ operation: 'getMany', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(api.seen).toHaveLength(1);
	});

	it.each<[Envelope]>([['resource'], ['paginator'], ['array+link'], ['resource+link']])(
		'reads every page of the %s envelope',
		async (envelope) => {
			const api = fakeStudentsApi({ all: studentRange(1, 5), envelope });
			const result = await runEducationPlatform({
				operation: 'getMany',
				returnAll: true,
				options: { pageSize: 2 },
			});
			expect(result.error).toBeUndefined();
			expect(ids(result.items)).toEqual([1, 2, 3, 4, 5]);
			expect(api.seen.map((request) => request.query.page)).toEqual(['1', '2', '3']);
		},
	);

	it('reads a bare array shorter than the page size, without a Link header, as the whole list', async () => {
		const api = fakeStudentsApi({
			all: [],
			respond: () => [200, studentRange(1, 3), { 'Content-Type': 'application/json' }],
		});
		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 4 },
		});
		expect(ids(result.items)).toEqual([1, 2, 3]);
		expect(api.seen).toHaveLength(1);
	});

	it('after a full bare array without a Link header, asks for the next page until a short one', async () => {
		const api = fakeStudentsApi({
			all: [],
			respond: (request) => {
				const page = Number(request.query.page);
				const students =
					page === 1 ? studentRange(1, 4) : page === 2 ? studentRange(5, 8) : studentRange(9, 9);
				return [200, students, { 'Content-Type': 'application/json' }];
			},
		});
		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 4 },
		});
		expect(ids(result.items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(api.seen.map((request) => request.query.page)).toEqual(['1', '2', '3']);
	});

	it('stops with a clear error when the server keeps sending the same page', async () => {
		fakeStudentsApi({
			all: [],
			respond: () => [
				200,
				studentRange(1, 2),
				{
					'Content-Type': 'application/json',
					Link: `<${ORIGIN}/v1/students?page=2&per_page=2>; rel="next"`,
				},
			],
		});
		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 2 },
		});
		expect(result.error?.message).toBe(
			'Request 2 returned the same records as request 1 (IDs 1 to 2) [item 0]',
		);
		expect(result.error?.description).toMatch(/instead of looping forever/);
	});

	it('with Continue On Fail, a failed listing gives one error item (no partial students) and the next item still runs', async () => {
		fakeStudentsApi({
			all: studentRange(1, 3),
			respond: (request) =>
				request.query['filter[search]'] === 'loop'
					? [
							200,
							studentRange(1, 2),
							{
								'Content-Type': 'application/json',
								Link: `<${ORIGIN}/v1/students?page=2>; rel="next"`,
							},
						]
					: undefined,
		});
		const result = await runEducationPlatform(
			{
				operation: 'getMany',
				returnAll: true,
				filters: { search: '={{ $json.q }}' },
				options: { pageSize: 2 },
			},
			{ input: [{ q: 'loop' }, { q: 'ok' }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.id ?? item.json.error, item.pairedItem])).toEqual([
			['Request 2 returned the same records as request 1 (IDs 1 to 2) [item 0]', { item: 0 }],
			[1, { item: 1 }],
			[2, { item: 1 }],
			[3, { item: 1 }],
		]);
		expect(result.items[0].error?.description).toMatch(/instead of looping forever/);
	});

	it('returns the simplified fields when Simplify is on', async () => {
		fakeStudentsApi({ all: studentRange(1, 1) });
		const result = await runEducationPlatform({
			operation: 'getMany',
			limit: 1,
			options: { simplify: true },
		});
		expect(jsonOf(result.items)).toEqual([
			{
				id: 1,
				student_number: 'S-2024-000001',
				name: 'First1 Last1',
				first_name: 'First1',
				last_name: 'Last1',
				email: 'student1@students.school.test',
				status: 'active',
				grade_level: 9,
				group_ids: [12],
				enrolled_at: '2024-09-02',
				primary_guardian_name: 'Guardian1',
				primary_guardian_email: 'g1@example.net',
				primary_guardian_phone: '+1-555-0100',
			},
		]);
	});

	it("runs once per input item with that item's parameters and pairs the output with it", async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 10) });
		const result = await runEducationPlatform(
			{ operation: 'getMany', limit: '={{ $json.take }}', filters: { search: '={{ $json.q }}' } },
			{
				input: [
					{ take: 2, q: 'a' },
					{ take: 3, q: 'b' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[2, { item: 0 }],
			[1, { item: 1 }],
			[2, { item: 1 }],
			[3, { item: 1 }],
		]);
		expect(
			api.seen.map((request) => [request.query['filter[search]'], request.query.per_page]),
		).toEqual([
			['a', '2'],
			['b', '3'],
		]);
	});
});

it("names the Operation selector's Get Many entry after the resource", () => {
	const [student] = RESOURCES;
	expect(getMany.option(student)).toEqual({
		name: 'Get Many',
		value: 'getMany',
		description: `List students with filters and sort; each item is one student: ${student.summary}`,
		action: 'Get many students',
	});
});
