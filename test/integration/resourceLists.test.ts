// Enrollment, Payment and Exam Result → Get Many and Get, through n8n's engine, against a live
// sandbox over real HTTP. Every list is the sandbox's own answer to the query a user would send
// by hand; an emitted event and the node's Get and Get Many then agree on the record it made.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RESOURCE_DEFINITIONS, type ResourceDefinition } from '../../sandbox/resources/definitions';
import { parseRecordQuery } from '../../sandbox/resources/query';
import { liveSandboxForFile, outputJson, runStudentNode } from './support/liveSandbox';

// Real HTTP on a shared 2-core machine: a listing can take longer than jest's default 5 s.
jest.setTimeout(60_000);

const sandbox = liveSandboxForFile({ students: 1_500 });

type Path = ResourceDefinition['path'];
const definition = (path: Path) =>
	RESOURCE_DEFINITIONS.find((candidate) => candidate.path === path)!;

/** Every record the sandbox itself matches for an API query, in its order. */
function sandboxRecords(path: Path, apiQuery: Record<string, string> = {}): IDataObject[] {
	const result = sandbox().state.records[path].query(parseRecordQuery(definition(path), apiQuery));
	return result.slice(0, result.total) as IDataObject[];
}

/** The value at a quantile of a field over all records: bounds that split the data, whatever the clock. */
function quantile(path: Path, field: string, at: number): string {
	const values = sandboxRecords(path, { sort: field })
		.map((record) => record[field])
		.filter((value): value is string => typeof value === 'string');
	return values[Math.floor(values.length * at)];
}

const nestedIds = (path: Path, outer: string, count: number) =>
	[
		...new Set(sandboxRecords(path).map((record) => (record[outer] as IDataObject).id as number)),
	].slice(0, count);

const node = {
	enrollment: 'enrollments',
	payment: 'payments',
	examResult: 'exam-results',
} as const;

/** In the order of `labels` below: [resource, the node's parameters, the query a user would send by hand]. */
function cases(): Array<[keyof typeof node, INodeParameters, Record<string, string>]> {
	const enrolledFrom = quantile('enrollments', 'enrolled_at', 0.25);
	const enrolledTo = quantile('enrollments', 'enrolled_at', 0.75);
	const courses = nestedIds('enrollments', 'course', 12).join(',');
	const paidFrom = quantile('payments', 'paid_at', 0.4);
	const publishedFrom = quantile('exam-results', 'published_at', 0.3);
	return [
		[
			'enrollment',
			{
				filters: {
					status: ['active', 'completed'],
					courseId: courses,
					enrolledAfter: enrolledFrom,
					enrolledBefore: enrolledTo,
				},
				sort: { rule: [{ field: 'enrolled_at', direction: 'desc' }] },
			},
			{
				'filter[status]': 'active,completed',
				'filter[course_id]': courses,
				'filter[enrolled_after]': enrolledFrom,
				'filter[enrolled_before]': enrolledTo,
				sort: '-enrolled_at',
			},
		],
		[
			'enrollment',
			{
				filters: { status: ['cancelled'] },
				sort: {
					rule: [
						{ field: 'status', direction: 'asc' },
						{ field: 'id', direction: 'desc' },
					],
				},
			},
			{ 'filter[status]': 'cancelled', sort: 'status,-id' },
		],
		[
			'payment',
			{
				filters: {
					status: ['failed', 'refunded', 'partially_refunded'],
					method: ['card', 'bank_transfer'],
					paidAfter: paidFrom,
				},
				sort: { rule: [{ field: 'amount', direction: 'desc' }] },
			},
			{
				'filter[status]': 'failed,refunded,partially_refunded',
				'filter[method]': 'card,bank_transfer',
				'filter[paid_after]': paidFrom,
				sort: '-amount',
			},
		],
		['payment', { filters: { refunded: true } }, { 'filter[refunded]': 'true' }],
		[
			'examResult',
			{
				filters: { passed: false, publishedAfter: publishedFrom },
				sort: { rule: [{ field: 'score', direction: 'asc' }] },
			},
			{ 'filter[passed]': 'false', 'filter[published_after]': publishedFrom, sort: 'score' },
		],
		['examResult', { filters: { grade: ['A', 'B'] } }, { 'filter[grade]': 'A,B' }],
	];
}

describe("Get Many → filters and sort give exactly the sandbox's own result", () => {
	// Labels are known up front; the values come from the sandbox's data once it runs.
	const labels = [
		'enrollments: status, courses, enrolled between',
		'enrollments: cancelled',
		'payments: failed or refunded',
		'payments: refunded',
		'exam results: failed',
		'exam results: grades',
	];

	it.each(labels.map((label, index) => [label, index]))(
		'%s, over several pages with a ragged last one',
		async (_label, index) => {
			const [resource, parameters, apiQuery] = cases()[index as number];
			const expected = sandboxRecords(node[resource], apiQuery);
			// A filter that matched nothing, or everything, would prove nothing.
			expect(expected.length).toBeGreaterThan(37);
			if (!('sort' in apiQuery))
				expect(expected.length).toBeLessThan(sandboxRecords(node[resource]).length);

			const result = await runStudentNode(sandbox(), {
				resource,
				operation: 'getMany',
				returnAll: true,
				...parameters,
				options: { pageSize: 37 },
			});

			expect(result.error).toBeUndefined();
			expect(outputJson(result)).toEqual(expected);
		},
	);

	it.each(Object.entries(node))(
		"%s: a Student filter picked by ID returns that student's records, Simplify flattens them",
		async (resource, path) => {
			const studentId = 77;
			const result = await runStudentNode(sandbox(), {
				resource,
				operation: 'getMany',
				returnAll: true,
				filters: { studentId: { __rl: true, mode: 'id', value: String(studentId) } },
				options: { simplify: true },
			});
			const expected = sandboxRecords(path, { 'filter[student_id]': String(studentId) });
			expect(expected.length).toBeGreaterThan(0);
			expect(
				outputJson(result).map((record) => [record.id, record.student_id, record.student_name]),
			).toEqual(
				expected.map((record) => {
					const student = record.student as IDataObject;
					return [
						record.id,
						studentId,
						`${String(student.first_name)} ${String(student.last_name)}`,
					];
				}),
			);
		},
	);
});

describe('events and the node agree', () => {
	it.each([
		['enrollment.created', 'enrollment', 'enrollmentId'],
		['payment.failed', 'payment', 'paymentId'],
		['exam_result.published', 'examResult', 'examResultId'],
	] as const)(
		'%s: Get returns what the event said; Get Many with Updated Since finds it',
		async (type, resource, idParameter) => {
			const [{ event }] = sandbox().state.events!.emit(type, { student_id: 12 }, 1);
			const { previous_attributes: _previous, ...record } = event.data as IDataObject;

			const got = await runStudentNode(sandbox(), {
				resource,
				operation: 'get',
				[idParameter]: String(record.id),
			});
			expect(got.error).toBeUndefined();
			expect(outputJson(got)).toEqual([record]);

			const listed = await runStudentNode(sandbox(), {
				resource,
				operation: 'getMany',
				returnAll: true,
				filters: { studentId: '12', updatedSince: String(record.updated_at) },
			});
			expect(outputJson(listed)).toContainEqual(record);
			expect(outputJson(listed)).toEqual(
				sandboxRecords(node[resource], {
					'filter[student_id]': '12',
					'filter[updated_since]': String(record.updated_at),
				}),
			);
		},
	);

	it('an unknown ID is a 404 that names the record', async () => {
		const result = await runStudentNode(sandbox(), {
			resource: 'payment',
			operation: 'get',
			paymentId: 'pay_zzzzzzzz',
		});
		expect((result.error as { httpCode?: string }).httpCode).toBe('404');
		expect(result.error?.description).toMatch(/No payment pay_zzzzzzzz exists on the platform/);
	});
});
