// The polling trigger under n8n 2.41's durable scheduler (docs/polling-trigger.md "n8n's durable
// scheduler"), one n8n process on SQLite, restarted with more of its settings at each step:
// 1. N8N_SCHEDULER_ENABLED alone: poll triggers stay on n8n's in-memory schedule.
// 2. + N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: the scheduler polls, but a poll that emits nothing
//    keeps no position, so a Created-only trigger behind more updates than one poll reads is stuck.
// 3. + N8N_POLLER_DURABLE_CURSORS_ENABLED, at once: main killed (SIGKILL) mid-poll while students
//    change all along; the stuck trigger gets its creation; a backlog on a platform too slow for
//    n8n's 45 s poll timeout comes out over several polls (before the trigger's time limit, n8n
//    abandoned every poll and nothing came out). Every change once.
import { readFileSync } from 'node:fs';

import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import { N8nServer } from '../../tooling/lib/n8n-server';
import {
	DURABLE_POLL_ENV,
	changeKey,
	describeKill,
	guardSkips,
	killMidPoll,
	pollerStateSql,
	pollTasksSql,
	settledCount,
	toPollTasks,
	type ChangeCount,
} from './support/durableScheduler';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { sqliteRows } from './support/n8nSqlite';
import { untilCounted } from './support/progress';
import { eventually } from './support/sandboxClient';
import { timed } from './support/timings';
import { POLLING_TRIGGER_NODE, pollingTriggerWorkflow } from './support/workflows';

jest.setTimeout(1_200_000);

const IDS = {
	students: 'e2eDurablePoll01',
	paymentsCreated: 'e2eDurablePoll02',
	enrollments: 'e2eDurablePoll03',
};
/** n8n's warning when durable cursors are asked for without the durable scheduler for poll triggers. */
const CURSORS_NEED_SCHEDULER =
	'N8N_POLLER_DURABLE_CURSORS_ENABLED requires N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED';
const SCHEDULER_FOR_POLLS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
};
const NO_CHANGE: Omit<ChangeCount, 'made'> = { missed: [], repeated: [], unknown: [] };

let n8n: Instance;
/** The n8n process of the current step (the same user folder and port each time). */
let server: N8nServer;
/** The payment the Created-only trigger must emit, made in step 2. */
let createdPayment: string;

const query = (sql: string) => sqliteRows(n8n.runtime.nodeBinary, n8n.userFolder, sql);
const pollJobs = async (workflowId: string) =>
	(await query(`select id from scheduled_job where "ownerId" = '${workflowId}'`)).length;
const tasksOf = (workflowId: string) => async () =>
	toPollTasks(await query(pollTasksSql(workflowId)));
const cursorOf = async (workflowId: string) =>
	(await n8n.rest.nodeStaticData(workflowId, POLLING_TRIGGER_NODE))?.cursor;
const logSince = (offset: number) => readFileSync(server.logFile, 'utf8').slice(offset);

async function restartWith(env: NodeJS.ProcessEnv, label: string): Promise<void> {
	await server.stop();
	server = new N8nServer({
		runtime: n8n.runtime,
		userFolder: n8n.userFolder,
		port: n8n.server.port,
		extra: { ...n8n.target.n8nEnv, ...env },
	});
	await timed(label, () => server.start());
}

async function activateWithCursor(workflowId: string): Promise<unknown> {
	await n8n.rest.activateWorkflow(workflowId);
	return await eventually(
		`the cursor of ${workflowId} in its static data`,
		() => cursorOf(workflowId),
		120_000,
	);
}

beforeAll(async () => {
	let credential: CredentialImport;
	n8n = await startInstance(
		(sandbox) => {
			credential = accessTokenCredential(
				sandboxLogin(sandbox),
				'e2eDurableToken1',
				'e2e durable scheduler token',
			);
			return {
				credentials: [credential],
				workflows: [
					pollingTriggerWorkflow(IDS.students, credential, {
						resource: 'student',
						events: ['created', 'updated'],
						filters: {},
					}),
					pollingTriggerWorkflow(IDS.paymentsCreated, credential, {
						resource: 'payment',
						events: ['created'],
						filters: {},
						options: { maxRequests: 2 },
					}),
					pollingTriggerWorkflow(IDS.enrollments, credential, {
						resource: 'enrollment',
						events: ['created', 'updated'],
						filters: {},
					}),
				],
			};
		},
		{ N8N_SCHEDULER_ENABLED: 'true', N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true' },
	);
	server = n8n.server;
}, 600_000);

afterAll(async () => {
	if (server !== n8n?.server) await server?.stop();
	await n8n?.close();
});

it('N8N_SCHEDULER_ENABLED alone leaves poll triggers on the in-memory schedule: N8N_SCHEDULER_POLL_TRIGGERS_ENABLED is needed too', async () => {
	// The in-memory schedule keeps the trigger's position in the workflow's static data.
	await timed('activation poll → cursor in static data', () => activateWithCursor(IDS.students));
	expect(await pollJobs(IDS.students)).toBe(0);
	expect(server.log).toContain(CURSORS_NEED_SCHEDULER);
});

it('the scheduler for poll triggers without durable cursors: a poll that emits nothing keeps no position, so a Created-only trigger behind more updates than Max Requests per Poll reads never reaches the creation', async () => {
	await restartWith(SCHEDULER_FOR_POLLS, 'n8n start with the scheduler for poll triggers');
	// With the publication service, n8n re-registers published triggers after its start-up ends, in
	// the background (WorkflowPublicationReconciler.init), so the job may not be there yet.
	const jobs = await timed('the published trigger re-registered as a scheduled job', () =>
		eventually(
			'the scheduled poll job of the published trigger',
			async () => (await pollJobs(IDS.students)) || undefined,
			120_000,
		),
	);
	expect(jobs).toBe(1);
	const cursor = await activateWithCursor(IDS.paymentsCreated);
	await activateWithCursor(IDS.enrollments);

	// 150 payments refunded (updates: two pages, one per poll at Max Requests per Poll 2), then one made.
	for (let student = 1; student <= 150; student++)
		await n8n.platform.emit('payment.refunded', { student_id: student });
	const made = await n8n.platform.emit('payment.succeeded', { student_id: 151 });
	createdPayment = changeKey(made.data.id, made.data.updated_at);
	const madeAt = Date.now();
	const tasks = tasksOf(IDS.paymentsCreated);
	await timed('two polls after the burst', () =>
		untilCounted(
			'two polls of the Created-only trigger due after the burst',
			async () => {
				const done = (await tasks()).filter(
					(task) => task.scheduledFor > madeAt && task.status === 'succeeded',
				);
				return { seen: done.length, of: 2, done: done.length >= 2 ? true : undefined };
			},
			{ stallMs: 150_000 },
		),
	);
	expect(await n8n.rest.executions(IDS.paymentsCreated)).toEqual([]);
	// Both polls read the first page of updates and returned nothing: the position stayed where activation put it.
	expect(await cursorOf(IDS.paymentsCreated)).toEqual(cursor);
});

it('with durable cursors too, main killed mid-poll: every change is emitted once, the Created-only trigger reaches its creation, and a backlog on a slow platform comes out', async () => {
	const cursorBefore = (await cursorOf(IDS.students)) as { since: string };
	const logOffset = readFileSync(server.logFile, 'utf8').length;
	await restartWith(DURABLE_POLL_ENV, 'n8n start with durable cursors');
	expect(server.log).not.toContain(CURSORS_NEED_SCHEDULER);

	// A backlog of 450 enrollments on a platform answering their list in 8 s: the probe and five
	// pages take 48 s, past n8n's 45 s poll timeout.
	const backlog: string[] = [];
	for (let i = 0; i < 450; i++) {
		const event = await n8n.platform.emit('enrollment.created', { student_id: 200 + i });
		backlog.push(changeKey(event.data.id, event.data.updated_at));
	}
	n8n.sandbox.state.faults.add({
		id: 'slow-enrollments',
		path: '/v1/enrollments',
		method: 'GET',
		fault: { type: 'delay', ms: 8_000 },
	});

	const [killed, payments, enrollments] = await timed(
		'main killed mid-poll; the stuck trigger; the slow backlog',
		() =>
			Promise.all([
				killMidPoll({
					platform: n8n.sandbox.state,
					n8n,
					workflowId: IDS.students,
					tasks: tasksOf(IDS.students),
					killMain: () => server.kill(),
					startMain: () => server.start(),
					mainLog: () => logSince(logOffset),
					pollerState: async () => JSON.stringify(await query(pollerStateSql(IDS.students))),
				}),
				// Made in step 2: it comes out only if the position kept in the workflow's static data moved to n8n's cursor table.
				settledCount(n8n, IDS.paymentsCreated, [createdPayment], tasksOf(IDS.paymentsCreated)),
				settledCount(n8n, IDS.enrollments, backlog, tasksOf(IDS.enrollments)),
			]),
	);
	n8n.sandbox.state.faults.remove('slow-enrollments');
	const log = logSince(logOffset);
	const stoppedInTime = log.split('its time limit (30 s)').length - 1;
	const skipped = guardSkips(log);
	process.stdout.write(
		`${describeKill('one process (SQLite), main killed mid-poll', killed)}\n` +
			`  Created-only trigger: ${payments.made} creation, ${payments.missed.length} missed, ${payments.repeated.length} repeated\n` +
			`  slow platform (8 s an answer): ${enrollments.made} changes, ${enrollments.missed.length} missed, ${enrollments.repeated.length} repeated; ${stoppedInTime} polls stopped at the trigger's time limit\n` +
			`  all three triggers: ${skipped.running} polls skipped while another ran, ${skipped.repeat} from a position another had just emitted from\n`,
	);
	expect(killed.killedTask).toMatchObject({ attempts: 1, status: 'succeeded' });
	expect(killed.count).toMatchObject(NO_CHANGE);
	expect(payments).toMatchObject(NO_CHANGE);
	expect(enrollments).toMatchObject(NO_CHANGE);
	expect(stoppedInTime).toBeGreaterThan(0);
	expect(killed.abandoned).toBe(0);
	// The position lives in n8n's table now: it moved on there, while the static data kept step 2's.
	const [state] = await query(
		`select cursor from poller_state where "workflowId" = '${IDS.students}'`,
	);
	expect(JSON.parse(String(state.cursor)).cursor.since > cursorBefore.since).toBe(true);
	expect(await cursorOf(IDS.students)).toEqual(cursorBefore);
});
