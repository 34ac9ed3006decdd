// Enrollment, Payment and Exam Result through n8n's engine with a nock-faked API: Get and Get Many
// requests, every filter's mapping to filter[...], sort, Limit/Return All, Simplify, errors
// (bad input, 403 naming the scope, 404) and Continue On Fail.
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { fakeStudentsApi, ORIGIN, runEducationPlatform, TOKEN } from './fixtures';
import { useNock } from '../../harness/nock';

useNock();

const studentSummary = (id: number) => ({
	id,
	student_number: `S-2024-00${id}`,
	first_name: `First${id}`,
	last_name: `Last${id}`,
	email: null,
	grade_level: 9,
});

const enrollment = (n: number): IDataObject => ({
	id: `enr_${String(n).padStart(8, '0')}`,
	student_id: 7,
	student: studentSummary(7),
	course: { id: 131, code: 'MATH-9A', name: 'Algebra I' },
	term: { id: 80, name: 'Spring 2026', starts_on: '2026-01-12', ends_on: '2026-05-29' },
	status: 'active',
	enrolled_at: '2026-01-10T09:00:00.000000Z',
	cancelled_at: null,
	cancellation_reason: null,
	completed_at: null,
	final_grade: null,
	updated_at: '2026-01-10T09:00:00.000000Z',
});

const payment = (n: number): IDataObject => ({
	id: `pay_${String(n).padStart(8, '0')}`,
	student_id: 7,
	student: studentSummary(7),
	invoice_id: 'inv_0000AB12',
	description: 'Tuition, Spring 2026 (instalment 1 of 3)',
	amount: 125_050,
	currency: 'USD',
	status: 'refunded',
	method: 'card',
	paid_at: '2026-01-10T09:00:00.000000Z',
	failure_code: null,
	failure_message: null,
	refunded_amount: 62_525,
	refunded_at: '2026-01-20T09:00:00.000000Z',
	refund_reason: 'Overpayment',
	updated_at: '2026-01-20T09:00:00.000000Z',
});

const examResult = (n: number): IDataObject => ({
	id: `exr_${String(n).padStart(8, '0')}`,
	exam: { id: 412, name: 'Algebra I — Midterm', subject: 'Mathematics', taken_on: '2026-03-02' },
	student_id: 7,
	student: studentSummary(7),
	score: 38.5,
	max_score: 100,
	percentage: 38.5,
	pass_mark: 50,
	grade: 'F',
	passed: false,
	published_at: '2026-03-09T12:00:00.000000Z',
	updated_at: '2026-03-09T12:00:00.000000Z',
});

const resources = [
	{
		resource: 'enrollment',
		path: '/enrollments',
		idParameter: 'enrollmentId',
		make: enrollment,
		filters: {
			studentId: { __rl: true, mode: 'list', value: '7' },
			courseId: '131, 140',
			termId: '80',
			status: ['active', 'pending'],
			enrolledAfter: '2026-01-01',
			enrolledBefore: '2026-02-01T00:00:00+01:00',
			cancelledAfter: '2026-01-02',
			cancelledBefore: '2026-01-03',
			completedAfter: '2026-01-04',
			completedBefore: '2026-01-05',
			updatedSince: '2026-01-06T08:00:00Z',
		},
		query: {
			'filter[student_id]': '7',
			'filter[course_id]': '131,140',
			'filter[term_id]': '80',
			'filter[status]': 'active,pending',
			'filter[enrolled_after]': '2026-01-01',
			'filter[enrolled_before]': '2026-01-31T23:00:00Z',
			'filter[cancelled_after]': '2026-01-02',
			'filter[cancelled_before]': '2026-01-03',
			'filter[completed_after]': '2026-01-04',
			'filter[completed_before]': '2026-01-05',
			'filter[updated_since]': '2026-01-06T08:00:00Z',
		},
		sort: 'enrolled_at',
		simplified: {
			id: 'enr_00000001',
			student_id: 7,
			student_name: 'First7 Last7',
			course_code: 'MATH-9A',
			course_name: 'Algebra I',
			term_name: 'Spring 2026',
		},
		badFilter: [{ status: ['enrolled'] }, 'Status "enrolled" is not an enrollment status'],
		scope: 'enrollments:read',
	},
	{
		resource: 'payment',
		path: '/payments',
		idParameter: 'paymentId',
		make: payment,
		filters: {
			studentId: { __rl: true, mode: 'id', value: ' 7 ' },
			invoiceId: 'inv_0000AB12',
			status: ['refunded', 'partially_refunded'],
			method: ['card'],
			currency: 'USD',
			paidAfter: '2026-01-01',
			paidBefore: '2026-02-01',
			refunded: 'true',
			updatedSince: '2026-01-06',
		},
		query: {
			'filter[student_id]': '7',
			'filter[invoice_id]': 'inv_0000AB12',
			'filter[status]': 'refunded,partially_refunded',
			'filter[method]': 'card',
			'filter[currency]': 'USD',
			'filter[paid_after]': '2026-01-01',
			'filter[paid_before]': '2026-02-01',
			'filter[refunded]': 'true',
			'filter[updated_since]': '2026-01-06',
		},
		sort: 'paid_at',
		simplified: {
			id: 'pay_00000001',
			student_name: 'First7 Last7',
			amount_minor: 125_050,
			amount: 1250.5,
			currency: 'USD',
			refunded_amount_minor: 62_525,
			refunded_amount: 625.25,
		},
		badFilter: [{ refunded: 'maybe' }, 'Refunded is "maybe", it must be true or false'],
		scope: 'payments:read',
	},
	{
		resource: 'examResult',
		path: '/exam-results',
		idParameter: 'examResultId',
		make: examResult,
		filters: {
			studentId: '7',
			examId: '412',
			subject: 'Mathematics, Science',
			passed: 'false',
			grade: ['f', 'D'],
			publishedAfter: '2026-03-01',
			publishedBefore: '2026-04-01',
			updatedSince: '2026-03-01',
		},
		query: {
			'filter[student_id]': '7',
			'filter[exam_id]': '412',
			'filter[subject]': 'Mathematics,Science',
			'filter[passed]': 'false',
			'filter[grade]': 'F,D',
			'filter[published_after]': '2026-03-01',
			'filter[published_before]': '2026-04-01',
			'filter[updated_since]': '2026-03-01',
		},
		sort: 'published_at',
		simplified: {
			id: 'exr_00000001',
			student_name: 'First7 Last7',
			exam_name: 'Algebra I — Midterm',
			subject: 'Mathematics',
			grade: 'F',
			passed: false,
		},
		badFilter: [{ grade: ['Z'] }, 'Grade "z" is not a letter grade'],
		scope: 'exam_results:read',
	},
];

const all = (make: (n: number) => IDataObject, count: number) =>
	Array.from({ length: count }, (_, i) => make(i + 1));

describe.each(resources)('$resource', (r) => {
	it('Get Many → Return All sends every filter and the sort on every page and returns all records', async () => {
		const api = fakeStudentsApi({ all: all(r.make, 5), resourcePath: r.path });
		const result = await runEducationPlatform({
			resource: r.resource,
			operation: 'getMany',
			returnAll: true,
			filters: r.filters,
			sort: {
				rule: [
					{ field: r.sort, direction: 'desc' },
					{ field: 'id', direction: 'asc' },
				],
			},
			options: { pageSize: 2 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual(all(r.make, 5));
		expect(api.seen.map((request) => [request.path, request.query.page])).toEqual([
			[`/v1${r.path}`, '1'],
			[`/v1${r.path}`, '2'],
			[`/v1${r.path}`, '3'],
		]);
		for (const request of api.seen) {
			expect(request.query).toEqual({
				...r.query,
				sort: `-${r.sort},id`,
				page: request.query.page,
				per_page: '2',
			});
			expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
		}
	});

	it('Get Many with a Limit and Simplify returns exactly the limit, flattened', async () => {
		const api = fakeStudentsApi({ all: all(r.make, 30), resourcePath: r.path });
		const result = await runEducationPlatform({
			resource: r.resource,
			operation: 'getMany',
			limit: 3,
			options: { simplify: true },
		});
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json).toMatchObject(r.simplified);
		expect(result.items[0].json).not.toHaveProperty('student');
		expect(api.seen.map((request) => request.query.per_page)).toEqual(['3']);
	});

	it('Get requests the record by its ID and can simplify it', async () => {
		const id = r.make(1).id as string;
		nock(ORIGIN)
			.get(`/v1${r.path}/${id}`)
			.twice()
			.reply(200, { data: r.make(1) });
		const full = await runEducationPlatform({
			resource: r.resource,
			operation: 'get',
			[r.idParameter]: ` ${id} `,
		});
		expect(full.items).toEqual([{ json: r.make(1), pairedItem: { item: 0 } }]);
		const simple = await runEducationPlatform({
			resource: r.resource,
			operation: 'get',
			[r.idParameter]: id,
			options: { simplify: true },
		});
		expect(simple.items[0].json).toMatchObject(r.simplified);
	});

	it('refuses a bad filter value and a malformed ID before calling the API', async () => {
		const [filters, message] = r.badFilter as [Record<string, string>, string];
		const list = await runEducationPlatform({
			resource: r.resource,
			operation: 'getMany',
			filters,
		});
		expect(list.error?.message).toBe(`${message} [item 0]`);
		const get = await runEducationPlatform({
			resource: r.resource,
			operation: 'get',
			[r.idParameter]: '1042',
		});
		expect(get.error?.name).toBe('NodeOperationError');
		expect(get.error?.message).toMatch(/ID is "1042", it must look like/);
	});

	it('names the missing scope on a 403, and the record on a 404 (Continue On Fail keeps going)', async () => {
		nock(ORIGIN)
			.get(`/v1${r.path}`)
			.query(true)
			.reply(403, {
				message: 'This action is unauthorized.',
				code: 'insufficient_scope',
				required_scopes: [r.scope],
			});
		const forbidden = await runEducationPlatform({ resource: r.resource, operation: 'getMany' });
		expect(forbidden.error?.message).toBe(
			`The credential may not list ${r.path.slice(1).replace(/[-_]/g, ' ')}: it lacks the ${r.scope} scope [item 0]`,
		);
		expect(forbidden.error?.description).toContain(`Make an access token with ${r.scope}`);
		// A platform whose 403 names no scope: the node still names the one this resource needs.
		nock(ORIGIN)
			.get(`/v1${r.path}/${r.make(1).id as string}`)
			.reply(403, { message: 'Forbidden.' });
		const bare = await runEducationPlatform({
			resource: r.resource,
			operation: 'get',
			[r.idParameter]: r.make(1).id as string,
		});
		expect(bare.error?.description).toContain(`Make an access token with ${r.scope}`);

		const id = r.make(9).id as string;
		nock(ORIGIN)
			.get(`/v1${r.path}/${id}`)
			.reply(404, { message: `No record with ID ${id}.`, code: 'not_found' });
		nock(ORIGIN)
			.get(`/v1${r.path}/${r.make(1).id as string}`)
			.reply(200, { data: r.make(1) });
		const result = await runEducationPlatform(
			{ resource: r.resource, operation: 'get', [r.idParameter]: '={{ $json.id }}' },
			{ input: [{ id }, { id: r.make(1).id }], continueOnFail: true },
		);
		expect(result.items.map((item) => [item.json.error ?? item.json.id, item.pairedItem])).toEqual([
			[`No record with ID ${id}. [item 0]`, { item: 0 }],
			[r.make(1).id, { item: 1 }],
		]);
		expect(result.items[0].error?.description).toMatch(/exists on the platform/);
	});
});
