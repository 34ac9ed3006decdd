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

	const single = await singleProcessFigure(events.length);
	const line = (label: string, report: LoadReport, drainMs: number) =>
		`${summarise(label, report)}; all ${DELIVERIES} executions succeeded ${(drainMs / 1000).toFixed(1)} s after the last delivery`;
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
});

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
	expect(executionsFinishedByWorkers().has(id)).toBe(true);
	const execution = await rest.execution(id);
	const data = unflatten(execution.data) as { resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: unknown }>> } }>> } };
	const students = data.resultData.runData['Get Many'][0].data.main[0].map((item) => item.json);
	expect(students).toHaveLength(STUDENTS);
	expect(students).toEqual(await platform.students({}));
	await rest.deactivateWorkflow(IDS.returnAll);
});
