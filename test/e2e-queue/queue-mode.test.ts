// The packed package in n8n's queue mode on real components: Postgres, Redis, n8n main, two
// `n8n webhook` processes and two `n8n worker`s behind nginx (tooling/lib/queue/), sharing one nodes
// folder. The package is installed, then updated, through main's Community Nodes endpoint from a
// local registry. The checks run in order on one topology; the throughput check also starts one
// single-process n8n for comparison.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { ensureRuntime } from '../../tooling/n8n-runtime/install';
import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import type { PackedPackage } from '../../tooling/lib/community-package';
import type { N8nServer } from '../../tooling/lib/n8n-server';
import { CUSTOM_REGISTRY_FEATURE, N8nRestClient } from '../../tooling/lib/n8n-rest';
import {
	NEXT_VERSION_MARKER_FIELD,
	repackAsNextVersion,
	startRegistry,
	type LocalRegistry,
} from '../../tooling/lib/registry';
import { claimsTableDdl } from '../../tooling/lib/queue/exactly-once-example';
import { QueueTopology } from '../../tooling/lib/queue/topology';
import { webhooksOf } from '../../sandbox/webhooks/plugin';
import { OWNER, startInstance } from '../e2e/support/instance';
import { tallyOf, untilCounted } from '../e2e/support/progress';
import { SandboxClient, eventually } from '../e2e/support/sandboxClient';
import { timed } from '../e2e/support/timings';
import { EventCounter } from './support/counter';
import { keepQueueLogs, queueDrained, tally } from './support/topology-state';
import { paymentEvent, sendSignedDeliveries, summarise, type LoadReport } from './support/load';
import {
	bareTriggerWorkflow,
	exactlyOnceExample,
	returnAllWorkflow,
	subscriptionsWorkflow,
	triggerThenActionWorkflow,
} from './support/workflows';
import {
	DURABLE_POLL_ENV,
	describeKill,
	killMidPoll,
	pollerStateSql,
	pollTasksFromColumns,
	pollTasksSql,
} from '../e2e/support/durableScheduler';
import { pollingTriggerWorkflow } from '../e2e/support/workflows';

jest.setTimeout(600_000);

const IDS = {
	bare: 'queueBareTrigger',
	once: 'queueExactlyOnce',
	returnAll: 'queueReturnAll01',
	subscriptions: 'queueSubsWorker1',
	update: 'queueUpdateLive1',
	polling: 'queueDurablePoll',
};
const HOOKS = {
	bare: randomUUID(),
	once: randomUUID(),
	returnAll: `return-all-${randomUUID()}`,
	subscriptions: `subscriptions-${randomUUID()}`,
	update: randomUUID(),
};
const DELIVERIES = 1_000;
/** The single process gets fewer: on these 2 cores it drains ~5 a second, and the suite runs in CI. */
const SINGLE_PROCESS_DELIVERIES = 300;
/** Signed deliveries in flight at once, for both the queue and the single process. */
const CONCURRENCY = 10;
const STUDENTS = 10_000;
/** Events per burst in the kill tests. */
const BURST = 50;
/**
 * The platform's retry schedule shortened tenfold (0.5 s, 30 s, 3 min, …; 15 s timeout per attempt
 * as in the contract): a retry can then arrive while the first run of its event is still queued or
 * executing on another worker, the race Remove Duplicates loses, and a delivery that fails twice
 * does not hold the suite for the real 5 minutes. The exactly-once example's claim goes stale and
 * its runs time out on the same scale (24 s, 12 s instead of 4 and 2 minutes).
 */
const RETRY_SCALE = 0.1;

let dir: string;
let sandbox: RunningSandbox;
let platform: SandboxClient;
let counter: EventCounter;
let queue: QueueTopology;
let rest: N8nRestClient;
let credential: CredentialImport;
let unflatten: (text: string) => unknown;
let registry: LocalRegistry;
/** The packed package repacked as the next version, whose items carry NEXT_VERSION_MARKER_FIELD. */
let next: PackedPackage;

function packed(): PackedPackage {
	if (!process.env.EDU_E2E_PACKAGE)
		throw new Error('run through jest: global-setup packs the package');
	return JSON.parse(process.env.EDU_E2E_PACKAGE) as PackedPackage;
}

/** Ids of the executions each worker logged as finished. */
function executionsFinishedByWorkers(): Set<string> {
	const ids = new Set<string>();
	for (const worker of queue.workers)
		for (const match of worker.log.matchAll(/Worker finished execution (\d+)/g)) ids.add(match[1]);
	return ids;
}

/** Status → count of the workflow's executions, straight from n8n's Postgres database. */
async function executionStatuses(workflowId: string): Promise<Record<string, number>> {
	const rows = await queue.sql(
		`select status, count(*) from execution_entity where "workflowId" = '${workflowId}' group by status`,
	);
	return Object.fromEntries(rows.map(([status, count]) => [status, Number(count)]));
}

/** Executions of a workflow not finished in n8n's database (status new or running). */
async function unfinished(workflowId: string): Promise<number> {
	const { new: queued = 0, running = 0 } = await executionStatuses(workflowId);
	return queued + running;
}

function secretOf(running: RunningSandbox, subscriptionId: string): string {
	const subscription = webhooksOf(running.state).subscriptions.get(subscriptionId);
	if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
	return subscription.secret;
}

async function subscriptionFor(webhookId: string) {
	return eventually(`the subscription for ${webhookId}`, async () =>
		(await platform.subscriptions()).find((s) => s.url.includes(webhookId)),
	);
}

beforeAll(async () => {
	const runtime = await ensureRuntime();
	dir = mkdtempSync(path.join(tmpdir(), 'edu-queue-e2e-'));
	counter = await EventCounter.start();
	sandbox = await startSandbox({
		port: 0,
		students: STUDENTS,
		logRequests: false,
		webhookRetryScale: RETRY_SCALE,
	});
	platform = new SandboxClient(sandbox.baseUrl, sandbox.config.demoToken);
	credential = accessTokenCredential(
		{ baseUrl: sandbox.baseUrl, token: sandbox.config.demoToken },
		'queueTokenCred01',
		'queue e2e token',
	);
	registry = await timed('local npm registry with the package and its next version', async () => {
		const started = await startRegistry();
		await started.publish(packed());
		next = await repackAsNextVersion(packed(), path.join(dir, 'next'));
		// Under a tag of its own: `latest` stays the packed version until the update names this one.
		await started.publish(next, 'next');
		return started;
	});
	queue = await timed(
		'queue topology up (Postgres, Redis, main, 2 webhook, 2 workers, nginx)',
		() =>
			QueueTopology.start({
				runtime,
				communityRegistry: registry.url,
				dir: path.join(dir, 'queue'),
				// A dead worker's jobs are found stalled within ~25 s instead of ~90 s (defaults: 60 s
				// lock, 30 s checks); the lock is still renewed every 5 s by a live worker.
				// The durable scheduler for the polling trigger's case (only main runs it).
				extraEnv: {
					QUEUE_WORKER_LOCK_DURATION: '20000',
					QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
					QUEUE_WORKER_STALLED_INTERVAL: '5000',
					...DURABLE_POLL_ENV,
				},
				seed: async (cli, topology) => {
					const postgres = topology.postgresCredential('queuePostgres001', 'queue e2e postgres');
					await cli.importCredentials([credential, postgres]);
					await cli.importWorkflows([
						bareTriggerWorkflow(IDS.bare, credential, HOOKS.bare),
						exactlyOnceExample(
							IDS.once,
							{ platform: credential, postgres },
							HOOKS.once,
							(p) => counter.url(p),
							RETRY_SCALE,
						),
						returnAllWorkflow(IDS.returnAll, credential, HOOKS.returnAll),
						subscriptionsWorkflow(IDS.subscriptions, credential, HOOKS.subscriptions),
						triggerThenActionWorkflow(IDS.update, credential, HOOKS.update),
						pollingTriggerWorkflow(IDS.polling, credential, {
							resource: 'student',
							events: ['created', 'updated'],
							filters: {},
						}),
					]);
					await topology.sql(claimsTableDdl());
				},
			}),
	);
	rest = new N8nRestClient(queue.url, 2, { explain: () => queue.main.explain() });
	await rest.ensureOwner(OWNER);
	await rest.setLicenseFeatureInTestMode(CUSTOM_REGISTRY_FEATURE);
	await timed("install through main's Community Nodes endpoint", () =>
		rest.installCommunityPackage(packed().name),
	);
	const flatted = createRequire(path.join(runtime.layout.nodeModules, 'n8n', 'package.json'))(
		'flatted',
	) as { parse(text: string): unknown };
	unflatten = (text) => flatted.parse(text);
});

afterAll(async () => {
	await queue?.stop();
	keepQueueLogs(queue);
	await registry?.stop();
	await sandbox?.close();
	await counter?.close();
	if (dir && !process.env.EDU_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
});

/** What a process logged about the package since its last start: n8n 2.41's lines for a (re)load, a failure and a refusal. */
function packageOutcomes(server: N8nServer): string[] {
	const name = packed().name;
	return server.log
		.split('\n')
		.filter(
			(line) =>
				line.includes(`Community package installed: ${name}`) ||
				/(Failed to install|Skipped installing) community package/.test(line),
		)
		.map((line) =>
			line
				.replace(
					/^.*?(Community package installed|Failed to install community package|Skipped installing community package)/,
					'$1',
				)
				.trim(),
		);
}

function roleOf(server: N8nServer): string {
	if (server === queue.main) return 'main';
	const webhook = queue.webhooks.indexOf(server);
	return webhook >= 0 ? `webhook ${webhook + 1}` : `worker ${queue.workers.indexOf(server) + 1}`;
}

/** As docs/production.md tells operators: one at a time, so the others keep serving. */
async function restartOneAtATime(servers: N8nServer[]): Promise<void> {
	for (const server of servers) await server.restart();
}

const SKIPPED = 'Skipped installing community package';

test("install on main's Community Nodes endpoint: main loads the package at once; webhook processes and workers skip main's command and load it from the shared folder when restarted", async () => {
	const name = packed().name;
	expect(
		(await rest.communityPackages()).map((p) => [
			p.packageName,
			p.installedVersion,
			p.failedLoading,
		]),
	).toEqual([[name, packed().version, false]]);
	expect(packageOutcomes(queue.main)).toEqual([`Community package installed: ${name}`]);
	const others = [...queue.webhooks, ...queue.workers];
	await eventually(
		"every webhook process and worker to handle main's install command",
		async () => (others.every((server) => packageOutcomes(server).length > 0) ? true : undefined),
		60_000,
	);
	for (const server of others)
		expect([roleOf(server), packageOutcomes(server)]).toEqual([roleOf(server), [SKIPPED]]);
	await timed('restart the webhook processes and workers after the install', () =>
		restartOneAtATime(others),
	);
	// The later tests run the trigger on the webhook processes and the action node on the workers.
});

test('activation on main registers exactly one subscription, at the load balancer', async () => {
	await rest.activateWorkflow(IDS.bare);
	const subscription = await subscriptionFor(HOOKS.bare);
	expect(subscription.url).toBe(`${queue.webhookBase}webhook/${HOOKS.bare}/webhook`);
	expect(subscription.events).toEqual(['payment.succeeded']);
	expect((await platform.subscriptions()).length).toBe(1);
});

async function waitForSuccesses(
	what: string,
	count: () => Promise<number>,
	expected: number,
): Promise<number> {
	const started = Date.now();
	await untilCounted(`${expected} successful executions (${what})`, async () => {
		const seen = await count();
		return { seen, of: expected, done: seen >= expected ? true : undefined };
	});
	return Date.now() - started;
}

function describeLoad(label: string, report: LoadReport, drainMs: number): string {
	return `${summarise(label, report)}; all ${report.results.length} executions succeeded ${(drainMs / 1000).toFixed(1)} s after the last delivery`;
}

test(`${DELIVERIES} signed deliveries through nginx: both webhook processes take some, workers run exactly ${DELIVERIES} executions`, async () => {
	const subscription = await subscriptionFor(HOOKS.bare);
	const events = Array.from({ length: DELIVERIES }, (_, i) => paymentEvent(i));
	const queueReport = await sendSignedDeliveries(
		subscription.url,
		secretOf(sandbox, subscription.id),
		events,
		CONCURRENCY,
	);
	const failed = queueReport.results.filter((r) => r.status !== 200);
	expect(failed).toEqual([]);
	const byUpstream = new Map<string, number>();
	for (const { servedBy } of queueReport.results)
		byUpstream.set(servedBy, (byUpstream.get(servedBy) ?? 0) + 1);
	expect([...byUpstream.keys()].sort()).toEqual(
		queue.webhooks.map((w) => `127.0.0.1:${w.port}`).sort(),
	);

	const queueDrainMs = await waitForSuccesses(
		'queue mode',
		async () => (await executionStatuses(IDS.bare)).success ?? 0,
		DELIVERIES,
	);
	expect(await executionStatuses(IDS.bare)).toEqual({ success: DELIVERIES });
	const ids = (
		await queue.sql(`select id from execution_entity where "workflowId" = '${IDS.bare}'`)
	).map(([id]) => id);
	await untilCounted('every execution logged by a worker', async () =>
		tallyOf(ids, executionsFinishedByWorkers(), true),
	);

	const single = await singleProcessFigure(SINGLE_PROCESS_DELIVERIES);
	process.stdout.write(
		[
			'',
			`Throughput (${CONCURRENCY} concurrent senders, signed payment.succeeded deliveries, trigger-only workflow):`,
			`  ${describeLoad('queue mode (nginx → 2 webhook processes → Redis → 2 workers, Postgres)', queueReport, queueDrainMs)}`,
			`    per webhook process: ${[...byUpstream].map(([upstream, n]) => `${upstream} ${n}`).join(', ')}`,
			`  ${describeLoad('single process (n8n start, SQLite)', single.report, single.drainMs)}`,
			'',
		].join('\n'),
	);
});

/** The same load against one plain n8n process (regular mode, SQLite), in the same run. */
async function singleProcessFigure(
	count: number,
): Promise<{ report: LoadReport; drainMs: number }> {
	let singleCredential: CredentialImport;
	const single = await startInstance((s) => {
		singleCredential = accessTokenCredential(
			{ baseUrl: s.baseUrl, token: s.config.demoToken },
			'singleTokenCred1',
			'single token',
		);
		return {
			credentials: [singleCredential],
			workflows: [bareTriggerWorkflow(IDS.bare, singleCredential, HOOKS.bare)],
		};
	});
	try {
		await single.rest.activateWorkflow(IDS.bare);
		const subscription = await eventually(
			'the single-process subscription',
			async () => (await single.platform.subscriptions())[0],
		);
		const events = Array.from({ length: count }, (_, i) => paymentEvent(i));
		const report = await sendSignedDeliveries(
			subscription.url,
			secretOf(single.sandbox, subscription.id),
			events,
			CONCURRENCY,
		);
		expect(report.results.filter((r) => r.status !== 200)).toEqual([]);
		const filter = encodeURIComponent(
			JSON.stringify({ workflowId: IDS.bare, status: ['success'] }),
		);
		const drainMs = await waitForSuccesses(
			'single process',
			async () =>
				(
					await single.rest.request<{ count: number }>(
						'GET',
						`/rest/executions?filter=${filter}&limit=1`,
					)
				).count,
			count,
		);
		return { report, drainMs };
	} finally {
		await single.close();
	}
}

test('deactivating on main removes the subscription', async () => {
	expect((await platform.subscriptions()).map((subscription) => subscription.url)).toEqual([
		expect.stringContaining(HOOKS.bare),
	]);
	await rest.deactivateWorkflow(IDS.bare);
	await eventually('no subscription left', async () =>
		(await platform.subscriptions()).length === 0 ? true : undefined,
	);
	expect(await platform.subscriptions()).toEqual([]);
});

/**
 * Activates a "Webhook → Get Many" workflow, calls its production webhook through nginx, and
 * returns what Get Many emitted once a worker has run it.
 */
async function getManyOnWorker(workflowId: string, hook: string): Promise<unknown[]> {
	await rest.activateWorkflow(workflowId);
	const response = await eventually('the production webhook', async () => {
		const r = await fetch(`${queue.webhookBase}webhook/${hook}`, { method: 'POST' });
		return r.status === 200 ? r : undefined;
	});
	// nginx names every webhook process it tried: after one was killed, the dead one comes first.
	expect(response.headers.get('x-served-by')).toMatch(/(^|, )127\.0\.0\.1:\d+$/);
	const [[id]] = await untilCounted('the execution', async () => {
		const rows = await queue.sql(
			`select id from execution_entity where "workflowId" = '${workflowId}' and status = 'success'`,
		);
		return { seen: rows.length, of: 1, done: rows.length > 0 ? rows : undefined };
	});
	await untilCounted('a worker logging the execution', async () =>
		tallyOf([id], executionsFinishedByWorkers(), true),
	);
	const execution = await rest.execution(id);
	const data = unflatten(execution.data) as {
		resultData: {
			runData: Record<string, Array<{ data: { main: Array<Array<{ json: unknown }>> } }>>;
		};
	};
	await rest.deactivateWorkflow(workflowId);
	return data.resultData.runData['Get Many'][0].data.main[0].map((item) => item.json);
}

test(`Get Many, Return All of ${STUDENTS} students, runs on a worker and deep-equals the sandbox's data`, async () => {
	const students = await getManyOnWorker(IDS.returnAll, HOOKS.returnAll);
	expect(students).toHaveLength(STUDENTS);
	expect(students).toEqual(await platform.students({}));
});

/** Emits `count` payment.succeeded events on the platform (it delivers them at once); their ids. */
async function emitPayments(count: number): Promise<string[]> {
	const response = await fetch(`${sandbox.baseUrl}/sandbox/events`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ type: 'payment.succeeded', count }),
	});
	expect(response.status).toBe(201);
	return ((await response.json()) as { data: Array<{ event: { id: string } }> }).data.map(
		({ event }) => event.id,
	);
}

/** Every event ran (the trigger's "Record run") at least once, and the example's branch ("Act") exactly once. */
function expectRanAndActedOnce(eventIds: string[]): void {
	const runs = counter.of('/runs');
	const effects = counter.of('/effects');
	expect(eventIds.filter((id) => !runs.has(id))).toEqual([]);
	expect(eventIds.filter((id) => effects.get(id) !== 1)).toEqual([]);
}

/** The platform's failed attempts for these events, as "502" or "connection_reset". */
function failedAttempts(subscriptionId: string, eventIds: string[]): string[] {
	const wanted = new Set(eventIds);
	return webhooksOf(sandbox.state)
		.deliveries(subscriptionId)
		.filter((delivery) => wanted.has(delivery.eventId))
		.flatMap((delivery) =>
			delivery.attempts
				.filter((attempt) => attempt.responseStatus !== 200)
				.map((attempt) => `${attempt.responseStatus ?? attempt.error}`),
		);
}

/** Events per phase of the update test: before, during and after the update, and after the restart. */
const UPDATE_BURST = 20;

interface CodeSeen {
	eventId: string;
	executionId: string;
	/** The version in the trigger's item (built by the webhook process), or "old" without the marker. */
	webhookProcess: string;
	worker: string;
	/** Which webhook process enqueued it and which worker ran it, from their logs. */
	enqueuedBy: string;
	ranBy: string;
}

/** Every successful execution of the update test's workflow read so far, by execution id (read before a restart clears the logs). */
const seenByExecution = new Map<string, CodeSeen>();

/** For each of these events, its execution and which code built its items, once a worker has finished it. */
async function codeSeen(eventIds: string[]): Promise<CodeSeen[]> {
	const marker = (json: Record<string, unknown> | undefined) =>
		String(json?.[NEXT_VERSION_MARKER_FIELD] ?? 'old');
	return untilCounted(`the executions of ${eventIds.length} events`, async () => {
		const rows = await queue.sql(
			`select id from execution_entity where "workflowId" = '${IDS.update}' and status = 'success'`,
		);
		for (const [id] of rows.filter(([id]) => !seenByExecution.has(id))) {
			const data = unflatten((await rest.execution(id)).data) as {
				resultData: {
					runData: Record<
						string,
						Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
					>;
				};
			};
			const triggerItem =
				data.resultData.runData['Education Platform Trigger'][0].data.main[0][0].json;
			const enqueuedBy = queue.webhooks.find((server) =>
				server.log.includes(`Enqueued execution ${id} `),
			);
			const ranBy = queue.workers.find((server) =>
				server.log.includes(`Worker started execution ${id} `),
			);
			seenByExecution.set(id, {
				eventId: String(triggerItem.id),
				executionId: id,
				webhookProcess: marker(triggerItem),
				worker: marker(data.resultData.runData['Get Many']?.[0].data.main[0][0]?.json),
				enqueuedBy: enqueuedBy ? roleOf(enqueuedBy) : '?',
				ranBy: ranBy ? roleOf(ranBy) : '?',
			});
		}
		const found = [...seenByExecution.values()].filter((s) => eventIds.includes(s.eventId));
		return tallyOf(eventIds, new Set(found.map((s) => s.eventId)), found);
	});
}

function tallyCode(label: string, seen: CodeSeen[]): string {
	return `${label}: ${tally(seen.map((s) => `${s.enqueuedBy} ${s.webhookProcess} → ${s.ranBy} ${s.worker}`))}`;
}

test("update on main while the trigger runs: main reloads the new version; webhook processes and workers skip main's command and run the old code until they are restarted", async () => {
	const name = packed().name;
	const others = [...queue.webhooks, ...queue.workers];
	await rest.activateWorkflow(IDS.update);
	const subscription = await subscriptionFor(HOOKS.update);
	const before = await emitPayments(UPDATE_BURST);
	const beforeSeen = await codeSeen(before);
	const handledBefore = new Map(
		queue.servers.map((server) => [server, packageOutcomes(server).length]),
	);
	const handledSince = (server: N8nServer) =>
		packageOutcomes(server).slice(handledBefore.get(server));

	const updating = rest.updateCommunityPackage(name, next.version);
	const during = await emitPayments(UPDATE_BURST);
	const updated = await updating;
	expect(updated.installedVersion).toBe(next.version);
	await eventually(
		"every webhook process and worker to handle main's update command",
		async () => (others.every((server) => handledSince(server).length > 0) ? true : undefined),
		60_000,
	);
	const after = await emitPayments(UPDATE_BURST);
	const [duringSeen, afterSeen] = [await codeSeen(during), await codeSeen(after)];
	const logged = queue.servers
		.map((server) => `${roleOf(server)}: ${handledSince(server).join('; ')}`)
		.join(' | ');

	// Recovery: restart the webhook processes and workers; they load the shared folder's version.
	await timed('restart the webhook processes and workers after the update', () =>
		restartOneAtATime(others),
	);
	const restarted = await emitPayments(UPDATE_BURST);
	const restartedSeen = await codeSeen(restarted);
	await webhooksOf(sandbox.state).idle();

	process.stdout.write(
		[
			'',
			`Update ${packed().version} → ${next.version} through main; executions per phase as "webhook process (its code) → worker (its code)":`,
			`  ${tallyCode('before', beforeSeen)}`,
			`  ${tallyCode('during', duringSeen)}`,
			`  ${tallyCode('after', afterSeen)}`,
			`  ${tallyCode('after restarting the webhook processes and workers', restartedSeen)}`,
			`  logged on the update: ${logged}`,
			'',
		].join('\n'),
	);
	expect(logged).toBe(
		queue.servers
			.map(
				(server) =>
					`${roleOf(server)}: ${server === queue.main ? `Community package installed: ${name}` : SKIPPED}`,
			)
			.join(' | '),
	);
	expect(
		(await rest.communityPackages()).map((p) => [
			p.packageName,
			p.installedVersion,
			p.failedLoading,
		]),
	).toEqual([[name, next.version, false]]);
	expect(await platform.subscriptions()).toEqual([
		expect.objectContaining({ id: subscription.id }),
	]);
	expect(beforeSeen.filter((s) => s.webhookProcess !== 'old' || s.worker !== 'old')).toEqual([]);
	// Every webhook process and worker took part after it had handled main's command, on the old code.
	expect(new Set(afterSeen.flatMap((s) => [s.enqueuedBy, s.ranBy]))).toEqual(
		new Set(others.map(roleOf)),
	);
	expect(afterSeen.filter((s) => s.webhookProcess !== 'old' || s.worker !== 'old')).toEqual([]);
	expect(
		restartedSeen.filter((s) => s.webhookProcess !== next.version || s.worker !== next.version),
	).toEqual([]);
	await rest.deactivateWorkflow(IDS.update);
	await eventually('no subscription left', async () =>
		(await platform.subscriptions()).length === 0 ? true : undefined,
	);
});

test('a webhook process killed during a burst: after the platform retries, every event ran and the exactly-once example acted once per event', async () => {
	await rest.activateWorkflow(IDS.once);
	const subscription = await subscriptionFor(HOOKS.once);
	const [victim, survivor] = queue.webhooks;
	const enqueuedBy = (server: typeof survivor) =>
		server.log.match(/Enqueued execution/g)?.length ?? 0;
	const survivorBefore = enqueuedBy(survivor);
	// Frozen first, then killed while the burst is under way: the deliveries nginx passed to it are
	// in flight (accepted, unanswered) when it dies, however fast the machine (a kill timed by its
	// log alone came after it had answered everything on a quiet machine).
	victim.freeze();
	const first = await emitPayments(BURST);
	await untilCounted('the other webhook process taking its share of the burst', async () => {
		const seen = enqueuedBy(survivor) - survivorBefore;
		return { seen, of: 10, done: seen >= 10 ? true : undefined };
	});
	await victim.kill();
	const second = await emitPayments(BURST);
	const eventIds = [...first, ...second];
	await webhooksOf(sandbox.state).idle();
	await untilCounted('every event acted on', async () =>
		tallyOf(eventIds, counter.of('/effects'), true, counter.of('/runs').size),
	);
	// Not "no execution left running": an execution record the killed process had saved but not
	// yet queued stays "new" until main's queue recovery marks it crashed (hours later by default).
	// That delivery got no answer, so the platform retried it: the event is not lost.
	await queueDrained(queue);
	expectRanAndActedOnce(eventIds);
	expect(failedAttempts(subscription.id, eventIds).length).toBeGreaterThan(0); // the kill did cut deliveries off
	const reran = eventIds.filter((id) => counter.of('/runs').get(id)! > 1).length;
	process.stdout.write(
		`\nWebhook process killed during a burst of ${eventIds.length} events: failed delivery attempts ${tally(failedAttempts(subscription.id, eventIds))}, ` +
			`all retried by the platform; ${reran} events ran more than once, "Act" ran once for each of the ${eventIds.length}; ` +
			`${await unfinished(IDS.once)} execution records left unfinished by the killed process.\n`,
	);
});

/** Executions a worker started and did not finish, from its log. */
function unfinishedBy(worker: (typeof queue.workers)[number]): string[] {
	const finished = new Set(
		[...worker.log.matchAll(/Worker finished execution (\d+)/g)].map((match) => match[1]),
	);
	return [...worker.log.matchAll(/Worker started execution (\d+)/g)]
		.map((match) => match[1])
		.filter((id) => !finished.has(id));
}

test('a worker killed during a run, Respond: When Last Node Finishes: the platform retries the lost runs and every event is acted on with no operator step, twice only where a run died between acting and marking it done', async () => {
	const subscription = await subscriptionFor(HOOKS.once);
	// Slow side effects keep executions running on both workers when one is killed.
	counter.delayMs = 500;
	const before = counter.of('/runs').size;
	const eventIds = await emitPayments(BURST);
	await untilCounted('executions running on the workers', async () => {
		const seen = counter.of('/runs').size - before;
		return { seen, of: 20, done: seen >= 20 ? true : undefined };
	});
	const [victim] = queue.workers;
	await victim.kill();
	// No operator step from here: the runs the worker took with it answer no 2xx (the platform
	// times out at 15 s, then n8n fails the stalled job), so the platform delivers those events
	// again; a retry while the claim is fresh fails (500), one after it went stale takes it over.
	await untilCounted('every event acted on', async () =>
		tallyOf(eventIds, counter.of('/effects'), true, counter.of('/runs').size),
	);
	await webhooksOf(sandbox.state).idle();
	counter.delayMs = 0;
	const died = unfinishedBy(victim);

	const wanted = new Set(eventIds);
	const deliveries = webhooksOf(sandbox.state)
		.deliveries(subscription.id)
		.filter((d) => wanted.has(d.eventId));
	expect(deliveries.filter((d) => d.status !== 'succeeded')).toEqual([]);
	expect(died.length).toBeGreaterThan(0); // the kill did take runs with it
	expect(failedAttempts(subscription.id, eventIds).length).toBeGreaterThan(0); // and the platform saw them fail
	const runs = counter.of('/runs');
	expect(eventIds.filter((id) => !runs.has(id))).toEqual([]);
	expect(
		(await queue.sql(`select count(*) from edu_platform_events where done_at is null`))[0][0],
	).toBe('0');
	// "Act" posted once per event, except where a run died after acting and before "Mark the event
	// done": its claim goes stale and a retry acts again (docs/production.md: the system acted on
	// takes the event id as an idempotency key). At most one such repeat per run that died.
	const effects = counter.of('/effects');
	const repeated = eventIds.filter((id) => effects.get(id)! > 1);
	expect(repeated.every((id) => effects.get(id) === 2)).toBe(true);
	expect(repeated.length).toBeLessThanOrEqual(died.length);
	const retried = deliveries.filter((d) => d.attempts.length > 1).length;
	process.stdout.write(
		`\nWorker killed during a run of ${eventIds.length} events (Respond: When Last Node Finishes): ${died.length} runs died with it; ` +
			`failed delivery attempts ${tally(failedAttempts(subscription.id, eventIds))}; ${retried} events delivered more than once, all ${deliveries.length} deliveries succeeded; ` +
			`"Act" ran once for ${eventIds.length - repeated.length} events and twice for ${repeated.length} (a run that died between acting and marking the event done); no operator step.\n`,
	);
}, 900_000);

test("on a worker, Webhook Subscription → Get Many marks the trigger's subscription as this n8n's (the worker's N8N_WEBHOOK_URL) and another integration's as not", async () => {
	const ours = await subscriptionFor(HOOKS.once);
	const theirs = await platform.createSubscription('http://127.0.0.1:9/another-integration', [
		'payment.succeeded',
	]);
	try {
		const listed = (await getManyOnWorker(IDS.subscriptions, HOOKS.subscriptions)) as Array<
			Record<string, unknown>
		>;
		expect(listed.map((s) => [s.id, s.url, s.delivers_to_this_n8n])).toEqual([
			[ours.id, ours.url, true],
			[theirs.id, theirs.url, false],
		]);
	} finally {
		await platform.deleteSubscription(theirs.id);
	}
});

test('deactivating the exactly-once example leaves no subscription', async () => {
	expect((await platform.subscriptions()).map((subscription) => subscription.url)).toEqual([
		expect.stringContaining(HOOKS.once),
	]);
	await rest.deactivateWorkflow(IDS.once);
	await eventually('no subscription left', async () =>
		(await platform.subscriptions()).length === 0 ? true : undefined,
	);
	expect(await platform.subscriptions()).toEqual([]);
});

test('the polling trigger under the durable scheduler, published while changes are made, main killed mid-poll and restarted: every change after its first poll is emitted, each once', async () => {
	const report = await timed(
		'changes, queue main killed mid-poll, restarted, every change out',
		() =>
			killMidPoll({
				platform: sandbox.state,
				n8n: { rest, unflatten },
				workflowId: IDS.polling,
				tasks: async () => pollTasksFromColumns(await queue.sql(pollTasksSql(IDS.polling))),
				killMain: () => queue.main.kill(),
				startMain: () => queue.main.start(),
				mainLog: () => readFileSync(queue.main.logFile, 'utf8'),
				publish: () => rest.activateWorkflow(IDS.polling),
				pollerState: async () => JSON.stringify(await queue.sql(pollerStateSql(IDS.polling))),
			}),
	);
	process.stdout.write(
		`\n${describeKill('queue mode (Postgres), main killed mid-poll', report)}\n`,
	);
	expect(report.killedTask).toMatchObject({ attempts: 1, status: 'succeeded' });
	expect(report.count).toMatchObject({ missed: [], repeated: [], unknown: [] });
	// With durable cursors the first scheduled poll, not the publishing, sets "from now".
	expect(report.beforeFirstPoll.emitted).toBe(0);
	expect(report.abandoned).toBe(0);
}, 900_000);
