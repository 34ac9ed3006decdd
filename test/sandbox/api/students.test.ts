// Conformance of GET /v1/students and /v1/students/{id} over real HTTP (contract §3, §4).
import type { RunningSandbox } from '../../../sandbox';
import { ErrorBodySchema } from '../../../sandbox/schemas/common';
import { StudentListResponseSchema, StudentResponseSchema } from '../../../sandbox/schemas/student';
import { parseStudentQuery } from '../../../sandbox/students/query';
import { call, startTestSandbox, type ApiResponse } from '../helpers';

let sandbox: RunningSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ students: 250 });
});
afterAll(() => sandbox.close());

describe.each(['/v1', '/api/v1'])('GET %s/students', (prefix) => {
	it('returns the first page in the contract envelope with absolute links', async () => {
		const { status, headers, body } = await call(sandbox, `${prefix}/students?per_page=2`);
		expect(status).toBe(200);
		expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
		expect(StudentListResponseSchema.parse(body)).toEqual(body);
		expect(body.data.map((s: { id: number }) => s.id)).toEqual([1, 2]);
		expect(body.data[0]).toEqual(sandbox.state.students.get(1));
		const path = `${sandbox.baseUrl}${prefix}/students`;
		expect(body.links).toEqual({
			first: `${path}?per_page=2&page=1`,
			last: `${path}?per_page=2&page=125`,
			prev: null,
			next: `${path}?per_page=2&page=2`,
		});
		expect(body.meta).toEqual({
			current_page: 1,
			from: 1,
			last_page: 125,
			path,
			per_page: 2,
			to: 2,
			total: 250,
		});
	});

	it('keeps filters and sort in the links and pages through them exactly', async () => {
		const query = 'filter%5Bstatus%5D=active&sort=-grade_level%2Clast_name&per_page=7';
		const expected = sandbox.state.students
			.query(parseStudentQuery({ 'filter[status]': 'active', sort: '-grade_level,last_name' }))
			.ids();
		const seen: number[] = [];
		let url: string | null = `${sandbox.baseUrl}${prefix}/students?${query}`;
		while (url) {
			const { body }: ApiResponse = await call(sandbox, url.slice(sandbox.baseUrl.length));
			expect(body.links.first).toContain('filter%5Bstatus%5D=active');
			expect(body.links.first).toContain('sort=-grade_level%2Clast_name');
			seen.push(...body.data.map((s: { id: number }) => s.id));
			url = body.links.next;
		}
		expect(seen).toEqual(expected);
	});
});

describe('filters, sort and pages', () => {
	it('applies ranges, search and multi-field sort like the store', async () => {
		const params = {
			'filter[grade_level]': '9,10,11',
			'filter[created_after]': '2023-01-01',
			'filter[search]': 'an',
			sort: 'status,-created_at',
		};
		const { body } = await call(
			sandbox,
			`/v1/students?${new URLSearchParams({ ...params, per_page: '100' })}`,
		);
		const expected = sandbox.state.students.query(parseStudentQuery(params)).ids();
		expect(body.meta.total).toBe(expected.length);
		expect(body.data.map((s: { id: number }) => s.id)).toEqual(expected.slice(0, 100));
		for (const student of body.data) {
			expect([9, 10, 11]).toContain(student.grade_level);
			expect(student.created_at > '2023-01-01').toBe(true);
		}
	});

	it('answers a page past the last with 200 and empty data', async () => {
		const { status, body } = await call(sandbox, '/v1/students?per_page=100&page=4');
		expect(status).toBe(200);
		expect(body.data).toEqual([]);
		expect(body.meta).toMatchObject({
			current_page: 4,
			from: null,
			to: null,
			last_page: 3,
			total: 250,
		});
		expect(body.links.next).toBeNull();
		expect(body.links.prev).toContain('page=3');
	});

	it('answers an empty result with last_page 1', async () => {
		const { body } = await call(sandbox, '/v1/students?filter[email]=nobody@example.com');
		expect(body.meta).toMatchObject({ total: 0, last_page: 1, from: null, to: null });
		expect(body.links.next).toBeNull();
	});

	it('defaults to 20 per page, sorted by id', async () => {
		const { body } = await call(sandbox, '/v1/students?page=2');
		expect(body.data.map((s: { id: number }) => s.id)).toEqual(
			Array.from({ length: 20 }, (_, i) => 21 + i),
		);
	});
});

describe('422 validation errors', () => {
	it.each([
		['per_page=0', { per_page: ['The per page field must be between 1 and 100.'] }],
		['per_page=101', { per_page: ['The per page field must be between 1 and 100.'] }],
		['per_page=abc', { per_page: ['The per page field must be between 1 and 100.'] }],
		['page=0', { page: ['The page field must be an integer of at least 1.'] }],
		['page=1.5', { page: ['The page field must be an integer of at least 1.'] }],
		[
			'filter[status]=enrolled',
			{
				'filter.status': [
					'The selected filter.status is invalid. Allowed: active, inactive, graduated, withdrawn, suspended.',
				],
			},
		],
	])('%s', async (query, errors) => {
		const { status, body } = await call(sandbox, `/v1/students?${query}`);
		expect(status).toBe(422);
		expect(ErrorBodySchema.parse(body)).toEqual(body);
		expect(body).toMatchObject({
			message: 'The given data was invalid.',
			code: 'validation_failed',
			errors,
		});
	});

	it('reports the unknown filter, the unknown sort and the page size together', async () => {
		const { status, headers, body } = await call(
			sandbox,
			'/v1/students?filter[colour]=red&sort=age&per_page=500',
		);
		expect(status).toBe(422);
		expect(Object.keys(body.errors).sort()).toEqual(['filter', 'per_page', 'sort']);
		expect(body.errors.filter[0]).toMatch(
			/^Requested filter\(s\) `colour` are not allowed\. Allowed filter\(s\) are `status, grade_level, /,
		);
		expect(body.errors.sort[0]).toMatch(
			/^Requested sort\(s\) `age` is not allowed\. Allowed sort\(s\) are `id, student_number, /,
		);
		expect(headers.get('x-request-id')).toBe(body.request_id);
	});
});

describe('GET /v1/students/{id}', () => {
	it.each(['/v1', '/api/v1'])('returns {data: student} under %s', async (prefix) => {
		const { status, body } = await call(sandbox, `${prefix}/students/42`);
		expect(status).toBe(200);
		expect(StudentResponseSchema.parse(body)).toEqual(body);
		expect(body.data).toEqual(sandbox.state.students.get(42));
	});

	it.each(['99999', 'abc', '0'])('answers 404 not_found for %s', async (id) => {
		const { status, body } = await call(sandbox, `/v1/students/${id}`);
		expect(status).toBe(404);
		expect(body).toMatchObject({ message: `No student with ID ${id}.`, code: 'not_found' });
	});
});

describe('other routes', () => {
	it('answers unknown routes with 404 not_found and wrong methods with 405', async () => {
		expect((await call(sandbox, '/v1/teachers')).body).toMatchObject({ code: 'not_found' });
		const wrong = await call(sandbox, '/v1/students', { method: 'DELETE' });
		expect(wrong.status).toBe(405);
		expect(wrong.body).toMatchObject({ code: 'method_not_allowed' });
		expect(wrong.headers.get('allow')).toBe('GET');
	});
});
