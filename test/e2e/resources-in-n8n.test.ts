// Enrollment, Payment and Exam Result in a real n8n (the packed package, installed as the
// Community Nodes panel does), against the sandbox: each new operation runs once in `n8n execute`,
// and the two examples built on them (Daily payment reconciliation, Exam follow-up) give what the
// sandbox's own lists say they should.
import { demoCredentials } from '../../tooling/lib/demo-credentials';
import { ACTION_NODE_TYPE, loadExamples, type WorkflowJson } from '../../tooling/lib/examples';
import { nodeOutput, ranSuccessfully, type ExecuteOutput } from '../../tooling/lib/n8n-cli';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { timed } from './support/timings';
import { credentialRef, MANUAL_TRIGGER, node } from './support/workflows';

jest.setTimeout(300_000);

type Row = Record<string, unknown>;

// Each resource: a filter for Get Many (as the node takes it and as the API spells it), and Get.
const RESOURCES = [
	{
		resource: 'enrollment',
		path: '/v1/enrollments',
		id: 'enrollmentId',
		filters: { status: ['active'] },
		apiQuery: { 'filter[status]': 'active' },
	},
	{
		resource: 'payment',
		path: '/v1/payments',
		id: 'paymentId',
		filters: { status: ['failed'] },
		apiQuery: { 'filter[status]': 'failed' },
	},
	{
		resource: 'examResult',
		path: '/v1/exam-results',
		id: 'examResultId',
		filters: { passed: 'false' },
		apiQuery: { 'filter[passed]': 'false' },
	},
] as const;
const LISTED = 3;

let n8n: Instance;

const workflowId = (r: (typeof RESOURCES)[number]) =>
	`e2e${r.resource}`.padEnd(16, '1').slice(0, 16);

/** Manual trigger → Get Many (three records, filtered, newest ID first) → Get of each of them. */
function resourceWorkflow(
	r: (typeof RESOURCES)[number],
	credentials: ReturnType<typeof demoCredentials>,
): WorkflowJson {
	const credential = credentialRef(credentials[0]);
	const getMany = node(
		'Get Many',
		ACTION_NODE_TYPE,
		{
			authentication: 'accessToken',
			resource: r.resource,
			operation: 'getMany',
			limit: LISTED,
			filters: r.filters,
			sort: { rule: [{ field: 'id', direction: 'desc' }] },
		},
		{ credentials: credential, position: [240, 0] },
	);
	const get = node(
		'Get',
		ACTION_NODE_TYPE,
		{
			authentication: 'accessToken',
			resource: r.resource,
			operation: 'get',
			[r.id]: '={{ $json.id }}',
		},
		{ credentials: credential, position: [480, 0] },
	);
	return {
		id: workflowId(r),
		name: `e2e ${r.resource}: Get Many and Get`,
		active: false,
		nodes: [node(MANUAL_TRIGGER, 'n8n-nodes-base.manualTrigger', {}), getMany, get],
		connections: {
			[MANUAL_TRIGGER]: { main: [[{ node: 'Get Many', type: 'main', index: 0 }]] },
			'Get Many': { main: [[{ node: 'Get', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		const credentials = demoCredentials(sandboxLogin(sandbox));
		return {
			credentials,
			workflows: [
				...RESOURCES.map((r) => resourceWorkflow(r, credentials)),
				...loadExamples()
					.filter(({ workflow }) => ['eduPaymentRecon1', 'eduExamFollowUp1'].includes(workflow.id))
					.map(({ workflow }) => workflow),
			],
		};
	});
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

async function execute(id: string): Promise<ExecuteOutput> {
	const { result, output } = await timed(`n8n execute ${id}`, () => n8n.cli.execute(id));
	if (!output)
		throw new Error(
			`n8n execute --id=${id} printed no run data:\n${result.stdout}\n${result.stderr}`,
		);
	expect(ranSuccessfully(result, output)).toBe(true);
	return output;
}

const list = (path: string, query: Record<string, string>) =>
	n8n.platform.listAll<Row>(path, query);

describe('each new operation in `n8n execute`', () => {
	it.each(RESOURCES)(
		'$resource: Get Many lists what the sandbox lists, Get returns each record',
		async (r) => {
			const expected = (await list(r.path, { ...r.apiQuery, sort: '-id' })).slice(0, LISTED);
			expect(expected).toHaveLength(LISTED);
			const output = await execute(workflowId(r));
			expect(nodeOutput(output, 'Get Many')).toEqual(expected);
			expect(nodeOutput(output, 'Get')).toEqual(expected);
		},
	);
});

describe('the example workflows on the new resources', () => {
	const DAY_MS = 86_400_000;
	const todayUtc = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

	it("Daily payment reconciliation: yesterday's totals per currency and status, the failed ones, a CSV", async () => {
		const today = todayUtc();
		const yesterday = new Date(today.getTime() - DAY_MS);
		// A failed payment and one in another currency, yesterday at noon (the examples run in UTC).
		// The contract's timestamps have microseconds: 2026-11-22T12:00:00.000000Z.
		const noon = new Date(yesterday.getTime() + DAY_MS / 2).toISOString().replace(/Z$/, '000Z');
		const failed = await n8n.platform.emit('payment.failed', { paid_at: noon });
		await n8n.platform.emit('payment.succeeded', { paid_at: noon, currency: 'EUR', amount: 4_250 });
		const payments = await list('/v1/payments', {
			'filter[paid_after]': yesterday.toISOString(),
			'filter[paid_before]': today.toISOString(),
			sort: 'paid_at,id',
		});

		const output = await execute('eduPaymentRecon1');

		const totals = new Map<string, { count: number; total: number }>();
		for (const payment of payments) {
			const key = `${String(payment.currency)} ${String(payment.status)}`;
			const entry = totals.get(key) ?? { count: 0, total: 0 };
			totals.set(key, {
				count: entry.count + 1,
				total: entry.total + Number(payment.amount) / 100,
			});
		}
		const rows = nodeOutput(output, 'Reconciliation');
		expect(
			new Map(
				rows.map((row) => [
					`${String(row.Currency)} ${String(row.Status)}`,
					{ count: row.Payments, total: row.Total },
				]),
			),
		).toEqual(
			new Map(
				[...totals].map(([key, { count, total }]) => [
					key,
					{ count, total: Number(total.toFixed(3)) },
				]),
			),
		);
		expect(rows.every((row) => row.Day === yesterday.toISOString().slice(0, 10))).toBe(true);

		const failedIds = payments
			.filter((payment) => payment.status === 'failed')
			.map((payment) => payment.id);
		expect(nodeOutput(output, 'Failed for finance').map((row) => row.Payment)).toEqual(failedIds);
		expect(failedIds).toContain(failed.data.id);

		const file = output.data.resultData.runData['payments.csv'][0].data!.main[0]![0] as unknown as {
			binary: { data: { fileName: string; mimeType: string } };
		};
		expect(file.binary.data.fileName).toBe(`payments-${yesterday.toISOString().slice(0, 10)}.csv`);
		expect(file.binary.data.mimeType).toBe('text/csv');
	});

	it('Exam follow-up: results failed in the last 30 days, one item per student with the primary guardian', async () => {
		// Two fails for one student, so that grouping shows.
		const studentId = 42;
		for (const score of [12, 18])
			await n8n.platform.emit('exam_result.published', {
				student_id: studentId,
				score,
				max_score: 100,
				pass_mark: 50,
			});
		const since = new Date(todayUtc().getTime() - 30 * DAY_MS).toISOString();
		const failed = await list('/v1/exam-results', {
			'filter[passed]': 'false',
			'filter[published_after]': since,
			sort: 'student_id,published_at,id',
		});

		const output = await execute('eduExamFollowUp1');

		const byStudent = new Map<number, string[]>();
		for (const result of failed) {
			const id = result.student_id as number;
			byStudent.set(id, [...(byStudent.get(id) ?? []), String((result.exam as Row).name)]);
		}
		const followUps = nodeOutput(output, 'Follow-up');
		expect(followUps.map((row) => [row.student_id, row.failed_exams, row.failed_count])).toEqual(
			[...byStudent].map(([id, exams]) => [id, exams, exams.length]),
		);
		expect(byStudent.get(studentId)?.length).toBeGreaterThanOrEqual(2);
		for (const row of followUps) {
			const student = n8n.sandbox.state.students.get(row.student_id as number)!;
			const primary =
				student.guardians.find((guardian) => guardian.is_primary) ?? student.guardians[0];
			expect(row.guardian_email).toBe(primary?.email ?? student.email ?? '');
		}
	});
});
