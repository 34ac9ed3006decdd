// The packed package inside a real n8n 2.x process, installed the way the Community Nodes panel
// installs it, against the sandbox platform. One n8n server for the whole file; the checks run in
// order (the trigger part restarts the server). See docs/running-n8n.md.
import { randomBytes, randomUUID } from 'node:crypto';

import {
	accessTokenCredential,
	clientCredentialsCredential,
	demoCredentials,
	type CredentialImport,
} from '../../tooling/lib/demo-credentials';
import { loadExamples } from '../../tooling/lib/examples';
import { nodeOutput, ranSuccessfully, type ExecuteOutput } from '../../tooling/lib/n8n-cli';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { executionsOf, type Execution } from './support/runs';
import { eventually, type PlatformEvent } from './support/sandboxClient';
import { timed } from './support/timings';
import {
	getManyWorkflow,
	failingPollingTriggerWorkflow,
	getStudentWorkflow,
	httpRequestWorkflow,
	pollingTriggerWorkflow,
	POLLING_TRIGGER_NODE,
	triggerWorkflow,
	LIST_QUERY,
	LIST_QUERY_AS_API,
} from './support/workflows';

jest.setTimeout(300_000);

const IDS = {
	getManyOAuth: 'e2eGetManyOAuth1',
	getUnknown: 'e2eGetUnknownId1',
	getUnknownContinue: 'e2eGetUnknownCo1',
	httpRequest: 'e2eHttpRequest01',
	trigger: 'e2eTriggerAreas1',
	pollingTrigger: 'e2ePollingTrigg1',
	pollingFailedPayments: 'e2ePollingTrigg2',
	pollingFailingRun: 'e2ePollingTrigg3',
};
const UNKNOWN_STUDENT_ID = 987_654;
const TRIGGER_EVENTS = ['enrollment.created', 'payment.failed', 'exam_result.published'];
const TRIGGER_WEBHOOK_ID = randomUUID();
let n8n: Instance;
let credentials: { token: CredentialImport; badToken: CredentialImport; oauth: CredentialImport };

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		const login = sandboxLogin(sandbox);
		credentials = {
			token: accessTokenCredential(login, 'e2eTokenCredent1', 'e2e access token'),
			badToken: accessTokenCredential(
				{ ...login, token: 'not-a-valid-token' },
				'e2eBadTokenCred1',
				'e2e bad access token',
			),
			oauth: clientCredentialsCredential(
				login,
				'e2eOAuth2Client1',
				'e2e OAuth2 client credentials',
			),
		};
		return {
			// The examples use the credentials `npm start` creates.
			credentials: [...Object.values(credentials), ...demoCredentials(login)],
			workflows: [
				...loadExamples().map(({ workflow }) => workflow),
				getManyWorkflow(IDS.getManyOAuth, 'oAuth2', credentials.oauth, LIST_QUERY),
				getStudentWorkflow(IDS.getUnknown, credentials.token, UNKNOWN_STUDENT_ID, false),
				getStudentWorkflow(IDS.getUnknownContinue, credentials.token, UNKNOWN_STUDENT_ID, true),
				httpRequestWorkflow(IDS.httpRequest, credentials.token, `${sandbox.baseUrl}/v1/webhooks`),
				triggerWorkflow(IDS.trigger, credentials.token, TRIGGER_EVENTS, TRIGGER_WEBHOOK_ID),
				pollingTriggerWorkflow(IDS.pollingTrigger, credentials.token),
				pollingTriggerWorkflow(IDS.pollingFailedPayments, credentials.token, {
					resource: 'payment',
					events: ['created', 'updated'],
					filters: { status: ['failed'] },
				}),
				failingPollingTriggerWorkflow(IDS.pollingFailingRun, credentials.token),
			],
		};
	});
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

// The previous case's deliveries, retries and runs cannot enter this one's counts (support/quiet.ts).
beforeEach(() => n8n.quiet());

async function execute(
	id: string,
	label = `n8n execute ${id}`,
): Promise<{ succeeded: boolean; output: ExecuteOutput; stderr: string }> {
	const { result, output } = await timed(label, () => n8n.cli.execute(id));
	if (!output)
		throw new Error(
			`n8n execute --id=${id} printed no run data:\n${result.stdout}\n${result.stderr}`,
		);
	return { succeeded: ranSuccessfully(result, output), output, stderr: result.stderr };
}

const succeeded = (execution: Execution) => execution.status === 'success';

/** The run data of a workflow's successful executions, once there are `count` of them. */
async function successfulRuns(workflowId: string, count: number): Promise<ExecuteOutput[]> {
	const executions = await executionsOf(n8n, workflowId, count, {
		keep: succeeded,
		what: `${count} successful execution(s) of ${workflowId}`,
	});
	expect(executions).toHaveLength(count);
	const runs: ExecuteOutput[] = [];
	for (const execution of executions) {
		// The stored run data is what `n8n execute` prints under `data`.
		runs.push({
			data: n8n.unflatten((await n8n.rest.execution(execution.id)).data),
		} as ExecuteOutput);
	}
	return runs;
}

describe("n8n's credential test", () => {
	it('succeeds for the access token', async () => {
		const result = await n8n.rest.testCredential({ ...credentials.token });
		expect(result).toEqual(expect.objectContaining({ status: 'OK' }));
	});

	it('fails for a bad token with a message that says what to check (n8n 1.x: its own generic message)', async () => {
		const result = await n8n.rest.testCredential({ ...credentials.badToken });
		expect(result.status).toBe('Error');
		// n8n 1.x's credential tester matches the credential's responseCode rules on `error.cause`,
		// which 1.x's NodeApiError never sets, so it shows its generic 401 text (README "Compatibility").
		if (n8n.target.n8nMajor === 1)
			expect(result.message).toBe('Authorization failed - please check your credentials');
		else expect(result.message).toMatch(/did not accept the access token/i);
	});
});

describe('the Education Platform node in `n8n execute`', () => {
	let expected: Array<Record<string, unknown>>;

	beforeAll(async () => {
		expected = await n8n.platform.students(LIST_QUERY_AS_API);
	});

	it("Get Many through OAuth2 client credentials returns exactly the sandbox's students, in order (the access token: load-and-list.smoke.test.ts)", async () => {
		expect(expected.length).toBeGreaterThan(10 * LIST_QUERY.pageSize);
		const { succeeded, output } = await execute(IDS.getManyOAuth);
		expect(succeeded).toBe(true);
		expect(nodeOutput(output, 'Get Many')).toEqual(expected);
	});

	it('Get with an unknown ID fails with the 404 message naming the ID', async () => {
		const { succeeded, output } = await execute(IDS.getUnknown);
		expect(succeeded).toBe(false);
		const error = output.data.resultData.error;
		expect(error?.message).toBe(`No student with ID ${UNKNOWN_STUDENT_ID}. [item 0]`);
		expect(String(error?.description)).toMatch(
			`No student ${UNKNOWN_STUDENT_ID} exists on the platform. The Student ID is the numeric "id"`,
		);
	});

	it('with Continue On Fail, emits an error item instead', async () => {
		const { succeeded, output } = await execute(IDS.getUnknownContinue);
		expect(succeeded).toBe(true);
		const items = nodeOutput(output, 'Get');
		expect(items).toHaveLength(1);
		expect(String(items[0].error)).toMatch(`No student with ID ${UNKNOWN_STUDENT_ID}`);
	});

	it("n8n's HTTP Request node authenticates with the package's credential type on an endpoint the node does not cover", async () => {
		const { succeeded, output } = await execute(IDS.httpRequest);
		expect(succeeded).toBe(true);
		const [page] = nodeOutput(output, 'HTTP Request') as Array<{
			data: unknown[];
			meta: { total: number };
			links: { first: string };
		}>;
		expect(Array.isArray(page.data)).toBe(true);
		expect(typeof page.meta.total).toBe('number');
		expect(page.links.first).toMatch(new RegExp(`^${n8n.sandbox.baseUrl}/v1/webhooks`));
	});
});

describe('the Education Platform Trigger in a published workflow', () => {
	const webhookUrl = () => `${n8n.webhookBase}webhook/${TRIGGER_WEBHOOK_ID}/webhook`;

	it('registers one subscription with the webhook URL and events once published and n8n restarts', async () => {
		await timed('n8n publish:workflow', () => n8n.cli.publishWorkflow(IDS.trigger));
		await timed('n8n restart', () => n8n.server.restart());
		const subscriptions = await eventually('the subscription', async () => {
			const found = await n8n.platform.subscriptions();
			return found.length > 0 ? found : undefined;
		});
		expect(subscriptions).toHaveLength(1);
		expect(subscriptions[0].url).toBe(webhookUrl());
		expect([...subscriptions[0].events].sort()).toEqual([...TRIGGER_EVENTS].sort());
		expect(subscriptions[0].enabled).toBe(true);
	});

	it('runs the workflow once per event, with the event as output, and the platform records 2xx deliveries', async () => {
		const [subscription] = await n8n.platform.subscriptions();
		const emitted: PlatformEvent[] = [];
		for (const type of TRIGGER_EVENTS) emitted.push(await n8n.platform.emit(type));

		const runs = await timed('3 webhook deliveries → 3 executions', () =>
			successfulRuns(IDS.trigger, emitted.length),
		);
		const outputs = runs.flatMap((run) => nodeOutput(run, 'Education Platform Trigger'));
		const byId = (a: { id?: unknown }, b: { id?: unknown }) =>
			String(a.id).localeCompare(String(b.id));
		expect(outputs.sort(byId)).toEqual(
			emitted.map(({ id, type, created_at, data }) => ({ id, type, created_at, data })).sort(byId),
		);

		const deliveries = await n8n.platform.settledDeliveries(
			emitted.map((event) => event.id),
			webhookUrl(),
		);
		expect(await n8n.platform.deliveries(subscription.id)).toHaveLength(emitted.length);
		for (const delivery of deliveries) {
			expect(delivery.status).toBe('succeeded');
			const last = delivery.attempts[delivery.attempts.length - 1];
			expect(last.response_status).toBeGreaterThanOrEqual(200);
			expect(last.response_status).toBeLessThan(300);
		}
		expect(deliveries.map((d) => d.event_id).sort()).toEqual(emitted.map((e) => e.id).sort());
	});

	it('answers a delivery with a forged signature with 401 and does not run the workflow', async () => {
		const before = (await n8n.rest.executions(IDS.trigger)).length;
		const body = JSON.stringify({
			id: 'evt_forged',
			type: 'payment.failed',
			created_at: new Date().toISOString(),
			data: {},
		});
		const response = await fetch(webhookUrl(), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'webhook-id': 'evt_forged',
				'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
				'webhook-signature': `v1,${randomBytes(32).toString('base64')}`,
			},
			body,
		});
		expect(response.status).toBe(401);
		// n8n would have started a run for the refused request before this delivery's one: once
		// the platform's delivery has run, the refused request's run would be listed too.
		const later = await n8n.platform.emit(TRIGGER_EVENTS[0]);
		const runs = await successfulRuns(IDS.trigger, before + 1);
		expect(await n8n.rest.executions(IDS.trigger)).toHaveLength(before + 1);
		const ran = runs
			.flatMap((run) => nodeOutput(run, 'Education Platform Trigger'))
			.map((item) => item.id);
		expect(ran).toContain(later.id);
		expect(ran).not.toContain('evt_forged');
	});

	it('removes the subscription from the platform when the workflow is deactivated', async () => {
		await timed('deactivate (REST) → subscription removed', async () => {
			await n8n.rest.deactivateWorkflow(IDS.trigger);
			await eventually('the subscription to disappear', async () =>
				(await n8n.platform.subscriptions()).length === 0 ? true : undefined,
			);
		});
		expect(await n8n.platform.subscriptions()).toEqual([]);
		expect((await n8n.rest.workflow(IDS.trigger)).active).toBe(false);
	});
});

describe('the Education Platform Polling Trigger in published workflows', () => {
	/** The trigger's output in the workflow's one successful execution, once it exists. */
	async function pollOutput(workflowId: string) {
		// n8n polls once a minute: two and a half minutes without a new execution is a stall.
		const executions = await executionsOf(n8n, workflowId, 1, {
			keep: succeeded,
			what: `an execution of ${workflowId}`,
			stallMs: 150_000,
		});
		expect(executions).toHaveLength(1);
		const run = {
			data: n8n.unflatten((await n8n.rest.execution(executions[0].id)).data),
		} as ExecuteOutput;
		return nodeOutput(run, POLLING_TRIGGER_NODE);
	}
	/** The trigger's position as n8n saved it in the workflow's static data, once it is there. */
	async function savedCursor(workflowId: string) {
		return (await n8n.rest.nodeStaticData(workflowId, POLLING_TRIGGER_NODE))?.cursor;
	}

	it('picks up a student added and a payment failed on the platform on the next one-minute poll, once', async () => {
		const workflows = [IDS.pollingTrigger, IDS.pollingFailedPayments];
		for (const id of workflows)
			await timed(`n8n publish:workflow (${id})`, () => n8n.cli.publishWorkflow(id));
		await timed('n8n restart', () => n8n.server.restart());
		// The activation poll stores the cursor ("from now"); a change made before it would be history.
		await timed('activation polls → cursors saved', () =>
			eventually(
				'the cursors in the static data',
				async () => {
					const cursors = await Promise.all(workflows.map(savedCursor));
					return cursors.every((cursor) => cursor !== undefined) ? cursors : undefined;
				},
				60_000,
			),
		);
		const student = await n8n.platform.createStudent({ first_name: 'Polly', last_name: 'Trigger' });
		await n8n.platform.emit('payment.succeeded', { student_id: 3 });
		const failed = await n8n.platform.emit('payment.failed', { student_id: 4 });

		const [students, payments] = await timed('next poll → executions', () =>
			Promise.all(workflows.map(pollOutput)),
		);
		expect(students).toEqual([
			expect.objectContaining({
				event: 'student.created',
				event_kind: 'created',
				id: student.id,
				first_name: 'Polly',
				last_name: 'Trigger',
			}),
		]);
		expect(payments).toEqual([
			expect.objectContaining({
				event: 'payment.created',
				event_kind: 'created',
				id: failed.data.id,
				status: 'failed',
				created_at: expect.any(String),
			}),
		]);
		for (const id of workflows) await n8n.rest.deactivateWorkflow(id);
	});

	it('does not emit a change again when its run failed: n8n saved the position when the poll emitted, before the run', async () => {
		const id = IDS.pollingFailingRun;
		await n8n.rest.activateWorkflow(id);
		await eventually('the cursor in the static data', () => savedCursor(id), 60_000);
		/** The trigger's output in each run of the workflow, oldest first, once `count` runs have finished. */
		const runs = async (count: number) => {
			const executions = await executionsOf(n8n, id, count, {
				keep: () => true,
				allFinished: true,
				what: `${count} finished executions of ${id}`,
				stallMs: 150_000,
			});
			executions.sort((a, b) => Number(a.id) - Number(b.id));
			const outputs = await Promise.all(
				executions.map(async (execution) => {
					const run = {
						data: n8n.unflatten((await n8n.rest.execution(execution.id)).data),
					} as ExecuteOutput;
					return {
						status: execution.status,
						ids: nodeOutput(run, POLLING_TRIGGER_NODE).map((item) => item.id),
					};
				}),
			);
			return outputs;
		};

		const first = await n8n.platform.createStudent({ first_name: 'Failing', last_name: 'Run' });
		expect(await timed('next poll → a failed run', () => runs(1))).toEqual([
			{ status: 'error', ids: [first.id] },
		]);
		// The poll after the failed run would carry the student again if n8n kept the position back.
		const second = await n8n.platform.createStudent({ first_name: 'Next', last_name: 'Poll' });
		expect(await timed('next poll → the next run', () => runs(2))).toEqual([
			{ status: 'error', ids: [first.id] },
			{ status: 'error', ids: [second.id] },
		]);
		await n8n.rest.deactivateWorkflow(id);
	});
});

describe('the example workflows (examples/)', () => {
	it('Weekly roster export: active grade 9 students by last name, as a CSV-ready table and a file', async () => {
		const expected = await n8n.platform.students({
			'filter[status]': 'active',
			'filter[grade_level]': '9',
			sort: 'last_name,first_name',
		});
		expect(expected.length).toBeGreaterThan(0);
		const { succeeded, output } = await execute('eduRosterExport1');
		expect(succeeded).toBe(true);
		const rows = nodeOutput(output, 'Roster table');
		expect(rows.map((row) => row['Student Number'])).toEqual(expected.map((s) => s.student_number));
		expect(Object.keys(rows[0])).toEqual([
			'Last Name',
			'First Name',
			'Student Number',
			'Grade',
			'Email',
			'Enrolled',
			'Primary Guardian',
			'Guardian Email',
			'Guardian Phone',
		]);
		const file = output.data.resultData.runData['roster.csv'][0].data!.main[0]![0] as unknown as {
			binary: { data: { fileName: string; mimeType: string } };
		};
		expect(file.binary.data.fileName).toMatch(/^roster-grade-9-\d{4}-\d{2}-\d{2}\.csv$/);
		expect(file.binary.data.mimeType).toBe('text/csv');
	});

	describe('the trigger examples, activated', () => {
		const triggerExamples = loadExamples().filter((example) => example.triggerEvents);

		beforeAll(async () => {
			for (const { workflow } of triggerExamples) await n8n.rest.activateWorkflow(workflow.id);
			await eventually('a subscription per trigger example', async () =>
				(await n8n.platform.subscriptions()).length === triggerExamples.length ? true : undefined,
			);
		});

		it('subscribe to the events they select', async () => {
			const subscriptions = await n8n.platform.subscriptions();
			expect(subscriptions.map((s) => [...s.events].sort()).sort()).toEqual(
				triggerExamples.map((e) => [...e.triggerEvents!].sort()).sort(),
			);
		});

		it('Enrollment notification: gets the student and writes to the primary guardian', async () => {
			const event = await n8n.platform.emit('enrollment.created');
			const [run] = await successfulRuns('eduEnrollNotify1', 1);
			const data = event.data as { id: string; student_id: number; course: { name: string } };
			const [student] = await n8n.platform.students({
				'filter[student_number]': String(
					(event.data.student as { student_number: string }).student_number,
				),
			});
			const guardians = student.guardians as Array<{ email: string | null; is_primary: boolean }>;
			const [message] = nodeOutput(run, 'Welcome message');
			expect(message).toMatchObject({
				student_id: data.student_id,
				enrollment_id: data.id,
				to: (guardians.find((g) => g.is_primary) ?? guardians[0])?.email ?? student.email,
			});
			expect(String(message.subject)).toContain(data.course.name);
		});

		it('Payment reaction: a receipt for a success, a follow-up for a failure', async () => {
			// One event at a time: n8n's Remove Duplicates keeps its history with a read-then-write and no
			// transaction (deduplication-helper.js, 1.x and 2.x), so two first runs at the same moment can
			// both insert and one fails on the unique key (seen on 1.123). docs/trigger-guarantees.md: Replays, retries and duplicates.
			const succeeded = await n8n.platform.emit('payment.succeeded', {
				amount: 125000,
				currency: 'USD',
			});
			await successfulRuns('eduPaymentReact1', 1);
			const failed = await n8n.platform.emit('payment.failed');
			const runs = await successfulRuns('eduPaymentReact1', 2);
			const receipts = runs.flatMap((run) =>
				run.data.resultData.runData['Receipt'] ? nodeOutput(run, 'Receipt') : [],
			);
			const followUps = runs.flatMap((run) =>
				run.data.resultData.runData['Follow-up for finance']
					? nodeOutput(run, 'Follow-up for finance')
					: [],
			);
			expect(receipts).toEqual([
				expect.objectContaining({
					outcome: 'succeeded',
					amount: '1250.00 USD',
					invoice_id: succeeded.data.invoice_id,
				}),
			]);
			expect(followUps).toEqual([
				expect.objectContaining({
					outcome: 'failed',
					invoice_id: failed.data.invoice_id,
					failure_code: failed.data.failure_code,
				}),
			]);
		});

		it('Exam results: flags a failed result, lets a pass through', async () => {
			// One event at a time, as above (Remove Duplicates' first-run race).
			const failing = await n8n.platform.emit('exam_result.published', {
				score: 21,
				max_score: 100,
				pass_mark: 50,
			});
			await successfulRuns('eduExamResults01', 1);
			await n8n.platform.emit('exam_result.published', {
				score: 88,
				max_score: 100,
				pass_mark: 50,
			});
			const runs = await successfulRuns('eduExamResults01', 2);
			const flagged = runs.flatMap((run) =>
				run.data.resultData.runData['Flag for support'] ? nodeOutput(run, 'Flag for support') : [],
			);
			const passed = runs.flatMap((run) =>
				run.data.resultData.runData['Passed, nothing to do']
					? nodeOutput(run, 'Passed, nothing to do')
					: [],
			);
			expect(flagged).toEqual([
				expect.objectContaining({ flagged: true, score: '21 / 100 (21%)' }),
			]);
			expect(String(flagged[0].reason)).toContain('below the pass mark of 50');
			expect(passed).toHaveLength(1);
			expect(failing.data.passed).toBe(false);
		});
	});
});
