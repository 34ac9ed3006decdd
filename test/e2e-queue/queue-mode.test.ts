// The packed package in n8n's queue mode on real components: Postgres, Redis, n8n main, two
// `n8n webhook` processes and two `n8n worker`s behind nginx (tooling/lib/queue/). The checks run
// in order on one topology; the throughput part also starts one single-process n8n for comparison.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { webhooksOf } from '../../sandbox/webhooks/plugin';
import { ensureRuntime } from '../../tooling/n8n-runtime/install';
import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import type { PackedPackage } from '../../tooling/lib/community-package';
import { N8nRestClient } from '../../tooling/lib/n8n-rest';
import { QueueTopology } from '../../tooling/lib/queue/topology';
import { OWNER, startInstance } from '../e2e/support/instance';
import { SandboxClient, eventually } from '../e2e/support/sandboxClient';
import { timed } from '../e2e/support/timings';
import { EventCounter } from './support/counter';
import { paymentEvent, sendSignedDeliveries, summarise, type LoadReport } from './support/load';
import { bareTriggerWorkflow, exactlyOnceWorkflow, returnAllWorkflow } from './support/workflows';

jest.setTimeout(600_000);

const IDS = { bare: 'queueBareTrigger', once: 'queueExactlyOnce', returnAll: 'queueReturnAll01' };
const HOOKS = { bare: randomUUID(), once: randomUUID(), returnAll: `return-all-${randomUUID()}` };
const DELIVERIES = 1_000;
/** The single-process comparison sends fewer: one n8n process on SQLite is several times slower. */
const SINGLE_PROCESS_DELIVERIES = 200;
const STUDENTS = 10_000;

let dir: string;
let sandbox: RunningSandbox;
let platform: SandboxClient;
let counter: EventCounter;
let queue: QueueTopology;
let rest: N8nRestClient;
let credential: CredentialImport;
let unflatten: (text: string) => unknown;

function packed(): PackedPackage {
	if (!process.env.EDU_E2E_PACKAGE) throw new Error('run through jest: global-setup packs the package');
	return JSON.parse(process.env.EDU_E2E_PACKAGE) as PackedPackage;
}

/** Status → count of the workflow's executions, straight from n8n's Postgres database. */
async function executionStatuses(workflowId: string): Promise<Record<string, number>> {
	const rows = await queue.sql(`select status, count(*) from execution_entity where "workflowId" = '${workflowId}' group by status`);
	return Object.fromEntries(rows.map(([status, count]) => [status, Number(count)]));
}

/** Ids of the executions each worker logged as finished. */
function executionsFinishedByWorkers(): Set<string> {
	const ids = new Set<string>();
	for (const worker of queue.workers) for (const match of worker.log.matchAll(/Worker finished execution (\d+)/g)) ids.add(match[1]);
	return ids;
}

async function subscriptionFor(webhookId: string) {
	return eventually(`the subscription for ${webhookId}`, async () => (await platform.subscriptions()).find((s) => s.url.includes(webhookId)));
}

function secretOf(running: RunningSandbox, subscriptionId: string): string {
	const subscription = webhooksOf(running.state).subscriptions.get(subscriptionId);
	if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
	return subscription.secret;
}

beforeAll(async () => {
	const runtime = await ensureRuntime();
	dir = mkdtempSync(path.join(tmpdir(), 'edu-queue-e2e-'));
	counter = await EventCounter.start();
	// Fast platform retries (5 ms … 36 s) so a failed delivery is retried within the test.
	sandbox = await startSandbox({ port: 0, students: STUDENTS, webhookRetryScale: 0.001, logRequests: false });
	platform = new SandboxClient(sandbox.baseUrl, sandbox.config.demoToken);
	credential = accessTokenCredential({ baseUrl: sandbox.baseUrl, token: sandbox.config.demoToken }, 'queueTokenCred01', 'queue e2e token');
	queue = await timed('queue topology up (Postgres, Redis, main, 2 webhook, 2 workers, nginx)', () =>
		QueueTopology.start({
			runtime,
			packed: packed(),
			dir: path.join(dir, 'queue'),
			// A killed worker's job is noticed as stalled within seconds, and main's recovery marks
			// its execution crashed every minute (defaults: 60 s lock, 30 s checks, 180 min).
			extraEnv: {
				QUEUE_WORKER_LOCK_DURATION: '5000',
				QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
				QUEUE_WORKER_STALLED_INTERVAL: '5000',
				N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL: '1',
			},
			seed: async (cli) => {
				await cli.importCredentials([credential]);
				await cli.importWorkflows([
					bareTriggerWorkflow(IDS.bare, credential, HOOKS.bare),
					exactlyOnceWorkflow(IDS.once, credential, HOOKS.once, (p) => counter.url(p)),
					returnAllWorkflow(IDS.returnAll, credential, HOOKS.returnAll),
				]);
			},
		}),
	);
	rest = new N8nRestClient(queue.url);
	await rest.ensureOwner(OWNER);
	const flatted = createRequire(path.join(runtime.layout.nodeModules, 'n8n', 'package.json'))('flatted') as { parse(text: string): unknown };
	unflatten = (text) => flatted.parse(text);
});

afterAll(async () => {
	await queue?.stop();
	await sandbox?.close();
	await counter?.close();
	if (dir && !process.env.EDU_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
});

test('activation on main registers exactly one subscription, at the load balancer', async () => {
	await rest.activateWorkflow(IDS.bare);
	const subscription = await subscriptionFor(HOOKS.bare);
	expect(subscription.url).toBe(`${queue.webhookBase}webhook/${HOOKS.bare}/webhook`);
	expect(subscription.events).toEqual(['payment.succeeded']);
	expect((await platform.subscriptions()).length).toBe(1);
});

async function waitForSuccesses(what: string, count: () => Promise<number>, expected: number): Promise<number> {
	const started = Date.now();
	await eventually(`${expected} successful executions (${what})`, async () => ((await count()) >= expected ? true : undefined), 300_000);
	return Date.now() - started;
}

test(`${DELIVERIES} signed deliveries through nginx: both webhook processes take some, workers run exactly ${DELIVERIES} executions`, async () => {
	const subscription = await subscriptionFor(HOOKS.bare);
	const events = Array.from({ length: DELIVERIES }, (_, i) => paymentEvent(i));
	const queueReport = await sendSignedDeliveries(subscription.url, secretOf(sandbox, subscription.id), events);
	expect(queueReport.results.filter((r) => r.status !== 200)).toEqual([]);
	const byUpstream = new Map<string, number>();
	for (const { servedBy } of queueReport.results) byUpstream.set(servedBy, (byUpstream.get(servedBy) ?? 0) + 1);
	expect([...byUpstream.keys()].sort()).toEqual(queue.webhooks.map((w) => `127.0.0.1:${w.port}`).sort());

	const queueDrainMs = await waitForSuccesses('queue mode', async () => (await executionStatuses(IDS.bare)).success ?? 0, DELIVERIES);
	expect(await executionStatuses(IDS.bare)).toEqual({ success: DELIVERIES });
	const ids = (await queue.sql(`select id from execution_entity where "workflowId" = '${IDS.bare}'`)).map(([id]) => id);
	const byWorkers = executionsFinishedByWorkers();
	expect(ids.filter((id) => !byWorkers.has(id))).toEqual([]);

	const single = await singleProcessFigure(SINGLE_PROCESS_DELIVERIES);
	const line = (label: string, report: LoadReport, drainMs: number) =>
		`${summarise(label, report)}; all ${report.results.length} executions succeeded ${(drainMs / 1000).toFixed(1)} s after the last delivery`;
	process.stdout.write(
		[
			'',
			'Throughput (16 concurrent senders, signed payment.succeeded deliveries, trigger-only workflow):',
			`  ${line('queue mode (nginx → 2 webhook processes → Redis → 2 workers, Postgres)', queueReport, queueDrainMs)}`,
			`    per webhook process: ${[...byUpstream].map(([upstream, n]) => `${upstream} ${n}`).join(', ')}`,
			`  ${line('single process (n8n start, SQLite)', single.report, single.drainMs)}`,
			'',
		].join('\n'),
	);
}, 1_200_000);

/** The same load against one plain n8n process (regular mode, SQLite), in the same run. */
async function singleProcessFigure(count: number): Promise<{ report: LoadReport; drainMs: number }> {
	let singleCredential: CredentialImport;
	const single = await startInstance((s) => {
		singleCredential = accessTokenCredential({ baseUrl: s.baseUrl, token: s.config.demoToken }, 'singleTokenCred1', 'single token');
		return { credentials: [singleCredential], workflows: [bareTriggerWorkflow(IDS.bare, singleCredential, HOOKS.bare)] };
	});
	try {
		await single.rest.activateWorkflow(IDS.bare);
		const subscription = await eventually('the single-process subscription', async () => (await single.platform.subscriptions())[0]);
		const report = await sendSignedDeliveries(subscription.url, secretOf(single.sandbox, subscription.id), Array.from({ length: count }, (_, i) => paymentEvent(i)));
		expect(report.results.filter((r) => r.status !== 200)).toEqual([]);
		const filter = encodeURIComponent(JSON.stringify({ workflowId: IDS.bare, status: 'success' }));
		const drainMs = await waitForSuccesses(
			'single process',
			async () => (await single.rest.request<{ count: number }>('GET', `/rest/executions?filter=${filter}&limit=1`)).count,
			count,
		);
		return { report, drainMs };
	} finally {
		await single.close();
	}
}

test('deactivating on main removes the subscription', async () => {
	await rest.deactivateWorkflow(IDS.bare);
	await eventually('no subscription left', async () => ((await platform.subscriptions()).length === 0 ? true : undefined));
});

test(`Get Many, Return All of ${STUDENTS} students, runs on a worker and deep-equals the sandbox's data`, async () => {
	await rest.activateWorkflow(IDS.returnAll);
	const response = await eventually('the production webhook', async () => {
		const r = await fetch(`${queue.webhookBase}webhook/${HOOKS.returnAll}`, { method: 'POST' });
		return r.status === 200 ? r : undefined;
	});
	expect(response.headers.get('x-served-by')).toMatch(/^127\.0\.0\.1:\d+$/);
	const [[id]] = await eventually('the Return All execution', async () => {
		const rows = await queue.sql(`select id from execution_entity where "workflowId" = '${IDS.returnAll}' and status = 'success'`);
		return rows.length > 0 ? rows : undefined;
	}, 120_000);
	await eventually('a worker logging the execution', async () => (executionsFinishedByWorkers().has(id) ? true : undefined));
	const execution = await rest.execution(id);
	const data = unflatten(execution.data) as { resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: unknown }>> } }>> } };
	const students = data.resultData.runData['Get Many'][0].data.main[0].map((item) => item.json);
	expect(students).toHaveLength(STUDENTS);
	expect(students).toEqual(await platform.students({}));
	await rest.deactivateWorkflow(IDS.returnAll);
});

/** Emits `count` payment.succeeded events on the platform; their ids. */
async function emitPayments(count: number): Promise<string[]> {
	const response = await fetch(`${sandbox.baseUrl}/sandbox/events`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ type: 'payment.succeeded', count }),
	});
	expect(response.status).toBe(201);
	return ((await response.json()) as { data: Array<{ event: { id: string } }> }).data.map(({ event }) => event.id);
}

/** Every event ran (recorded at /runs) at least once, and the de-duplicated branch exactly once. */
async function expectRunAtLeastOnceAndActedOnce(eventIds: string[]): Promise<void> {
	await eventually(
		'every event acted on',
		async () => (eventIds.every((id) => counter.of('/effects').has(id)) ? true : undefined),
		180_000,
	);
	const runs = counter.of('/runs');
	const effects = counter.of('/effects');
	expect(eventIds.filter((id) => !runs.has(id))).toEqual([]);
	expect(eventIds.filter((id) => effects.get(id) !== 1)).toEqual([]);
}

function failedAttempts(subscriptionId: string, eventIds: Set<string>) {
	return webhooksOf(sandbox.state)
		.deliveries(subscriptionId)
		.filter((delivery) => eventIds.has(delivery.eventId))
		.flatMap((delivery) => delivery.attempts.filter((attempt) => attempt.responseStatus !== 200).map((attempt) => `${attempt.responseStatus ?? attempt.error}`));
}

test('a webhook process killed during a burst: after the platform retries, every event ran and the de-duplicated branch ran once per event', async () => {
	await rest.activateWorkflow(IDS.once);
	const subscription = await subscriptionFor(HOOKS.once);
	const eventIds = await emitPayments(100);
	await eventually('the burst under way', async () => (counter.of('/runs').size >= 10 ? true : undefined));
	await queue.webhooks[0].kill();
	await webhooksOf(sandbox.state).idle();
	await expectRunAtLeastOnceAndActedOnce(eventIds);
	const failures = failedAttempts(subscription.id, new Set(eventIds));
	const reran = eventIds.filter((id) => counter.of('/runs').get(id)! > 1).length;
	process.stdout.write(
		`\nWebhook process killed during a burst of ${eventIds.length}: ${failures.length} delivery attempts failed (${[...new Set(failures)].join(', ') || 'none'}) and were retried by the platform; ` +
			`${reran} events ran twice, the de-duplicated branch ran once for each of the ${eventIds.length}.\n`,
	);
	await queue.webhooks[0].start();
});

test('a worker killed during a run: its executions are marked crashed, a retry runs them, the de-duplicated branch still runs once per event', async () => {
	// Slow side effects keep executions running on both workers when one is killed.
	counter.delayMs = 300;
	const eventIds = await emitPayments(100);
	await eventually('executions running', async () => (counter.of('/runs').size >= 120 ? true : undefined));
	await queue.workers[0].kill();
	await webhooksOf(sandbox.state).idle();
	counter.delayMs = 0;
	// The dead worker's jobs stall; n8n fails them (no second attempt) and main's queue recovery
	// marks their executions crashed. An operator retries crashed executions.
	const crashed = await eventually(
		'no execution left running',
		async () => {
			const statuses = await executionStatuses(IDS.once);
			if ((statuses.running ?? 0) + (statuses.new ?? 0) > 0) return undefined;
			return (await queue.sql(`select id from execution_entity where "workflowId" = '${IDS.once}' and status in ('crashed', 'error')`)).map(([id]) => id);
		},
		240_000,
	);
	for (const id of crashed) await rest.request('POST', `/rest/executions/${id}/retry`, { loadWorkflow: false });
	await expectRunAtLeastOnceAndActedOnce(eventIds);
	process.stdout.write(
		`\nWorker killed during a run of ${eventIds.length} events: ${crashed.length} executions were left crashed and retried through n8n's Retry; ` +
			`the de-duplicated branch ran once for each of the ${eventIds.length}.\n`,
	);
});

test('deactivating the exactly-once workflow leaves no subscription', async () => {
	await rest.deactivateWorkflow(IDS.once);
	await eventually('no subscription left', async () => ((await platform.subscriptions()).length === 0 ? true : undefined));
});
