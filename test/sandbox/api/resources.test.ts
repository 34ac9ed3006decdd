// Conformance of the enrollment, payment and exam-result endpoints over real HTTP (contract §3.6):
// envelope and schema, filters and sort (incl. updated_since + updated_at,id for polling), 404,
// 422, scopes, and events that create or change the record GET then returns.
import type { RunningSandbox } from '../../../sandbox';
import { RESOURCE_DEFINITIONS } from '../../../sandbox/resources/definitions';
import { dataSchema, envelopeSchema } from '../../../sandbox/schemas/common';
import { call, listAll as listAllRows, startTestSandbox } from '../helpers';

let sandbox: RunningSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({
		students: 120,
		tokens: [{ token: 'students-only', scopes: ['students:read'] }],
	});
});
afterAll(() => sandbox.close());

type Row = Record<string, any>;

const listAll = (path: string) => listAllRows(sandbox, path);

describe.each(RESOURCE_DEFINITIONS.map((definition) => [definition.path, definition] as const))(
	'/v1/%s',
	(path, definition) => {
		it('lists perStudent records per student in id order, in the contract envelope, each one GET-able', async () => {
			const first = await call(sandbox, `/v1/${path}?per_page=5`);
			expect(first.status).toBe(200);
			expect(envelopeSchema(definition.schema).parse(first.body)).toEqual(first.body);
			expect(first.body.meta.total).toBe(120 * definition.perStudent);
			const all = await listAll(`/v1/${path}`);
			expect(all).toHaveLength(120 * definition.perStudent);
			const ids = all.map((row) => row.id);
			expect([...ids].sort()).toEqual(ids);
			expect(new Set(ids).size).toBe(ids.length);
			const one = await call(sandbox, `/v1/${path}/${ids[7]}`);
			expect(dataSchema(definition.schema).parse(one.body)).toEqual(one.body);
			expect(one.body.data).toEqual(all[7]);
			expect(all[7].student).toEqual(sandbox.state.students.summary(all[7].student_id));
		});

		it('is deterministic: a second sandbox with the same seed serves the same records', async () => {
			const twin = await startTestSandbox({ students: 120, clock: undefined });
			try {
				const a = (await call(sandbox, `/v1/${path}?per_page=20`)).body.data.map((row: Row) => [
					row.id,
					row.student_id,
					row.status ?? row.score,
				]);
				const b = (await call(twin, `/v1/${path}?per_page=20`)).body.data.map((row: Row) => [
					row.id,
					row.student_id,
					row.status ?? row.score,
				]);
				expect(b).toEqual(a);
			} finally {
				await twin.close();
			}
		});

		it('filters by student and updated_since (inclusive), sorted by updated_at,id', async () => {
			const all = await listAll(`/v1/${path}`);
			const mine = await listAll(`/v1/${path}?filter[student_id]=3,5`);
			expect(mine).toEqual(all.filter((row) => row.student_id === 3 || row.student_id === 5));
			const since = [...all].sort((a, b) =>
				a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : a.id < b.id ? -1 : 1,
			)[50].updated_at;
			const polled = await listAll(
				`/v1/${path}?filter[updated_since]=${encodeURIComponent(since)}&sort=updated_at,id`,
			);
			const expected = all
				.filter((row) => Date.parse(row.updated_at) >= Date.parse(since))
				.sort((a, b) =>
					a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : a.id < b.id ? -1 : 1,
				);
			expect(polled).toEqual(expected);
			expect(polled[0].updated_at).toBe(since);
		});

		it('answers 404 for an unknown id, 422 for an unknown filter or sort, 403 naming the missing scope', async () => {
			const missing = await call(sandbox, `/v1/${path}/${definition.prefix}_zzzzzzzz`);
			expect(missing.status).toBe(404);
			const bad = await call(sandbox, `/v1/${path}?filter[nope]=1&sort=nope`);
			expect(bad.status).toBe(422);
			expect(Object.keys(bad.body.errors).sort()).toEqual(['filter', 'sort']);
			const forbidden = await call(sandbox, `/v1/${path}`, { token: 'students-only' });
			expect(forbidden.status).toBe(403);
			expect(JSON.stringify(forbidden.body)).toContain(definition.scope);
		});
	},
);

describe('events create or change the record they describe', () => {
	const emit = async (type: string, data: Record<string, unknown> = {}) =>
		(await call(sandbox, '/sandbox/events', { method: 'POST', body: { type, data } })).body;

	it.each([
		['enrollment.created', 'enrollments'],
		['payment.failed', 'payments'],
		['exam_result.published', 'exam-results'],
	])(
		'%s creates a new record that GET and the list return as the event said',
		async (type, path) => {
			const before = (await call(sandbox, `/v1/${path}?per_page=1`)).body.meta.total;
			const body = await emit(type, { student_id: 4 });
			const data = body.data[0].event.data;
			const { previous_attributes: _previous, ...record } = data;
			expect((await call(sandbox, `/v1/${path}/${data.id}`)).body.data).toEqual(record);
			expect(record.created_at).toBe(record.updated_at);
			const list = await listAll(`/v1/${path}?filter[student_id]=4`);
			expect(list[list.length - 1]).toEqual(record);
			expect((await call(sandbox, `/v1/${path}?per_page=1`)).body.meta.total).toBe(before + 1);
		},
	);

	it.each([
		['enrollment.cancelled', 'enrollments', 'status', 'cancelled'],
		['payment.refunded', 'payments', 'refunded_amount', undefined],
		['exam_result.updated', 'exam-results', 'score', undefined],
	])(
		"%s changes the student's latest record, keeping its identity",
		async (type, path, changed, value) => {
			const before = await listAll(`/v1/${path}?filter[student_id]=9`);
			const latest = before[before.length - 1];
			const body = await emit(type, { student_id: 9 });
			const data = body.data[0].event.data;
			expect(data.id).toBe(latest.id);
			const { previous_attributes: _previous, ...record } = data;
			const after = (await call(sandbox, `/v1/${path}/${latest.id}`)).body.data;
			expect(after).toEqual(record);
			expect(after.created_at).toBe(latest.created_at);
			expect(after.updated_at > after.created_at).toBe(true);
			if (value !== undefined) expect(after[changed]).toBe(value);
			expect(await listAll(`/v1/${path}?filter[student_id]=9`)).toHaveLength(before.length);
			if (path === 'payments')
				expect([after.invoice_id, after.amount]).toEqual([latest.invoice_id, latest.amount]);
			if (path === 'enrollments') expect(after.course).toEqual(latest.course);
			if (path === 'exam-results') expect(after.exam).toEqual(latest.exam);
		},
	);
});
