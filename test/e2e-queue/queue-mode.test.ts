// The packed package in n8n's queue mode on real components: Postgres, Redis, n8n main, two
// `n8n webhook` processes and two `n8n worker`s behind nginx (tooling/lib/queue/). The checks run
// in order on one topology.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { ensureRuntime } from '../../tooling/n8n-runtime/install';
import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import type { PackedPackage } from '../../tooling/lib/community-package';
import { N8nRestClient } from '../../tooling/lib/n8n-rest';
import { QueueTopology } from '../../tooling/lib/queue/topology';
import { OWNER } from '../e2e/support/instance';
import { SandboxClient, eventually } from '../e2e/support/sandboxClient';
import { timed } from '../e2e/support/timings';
import { bareTriggerWorkflow, returnAllWorkflow } from './support/workflows';

jest.setTimeout(600_000);

const IDS = { bare: 'queueBareTrigger', returnAll: 'queueReturnAll01' };
const HOOKS = { bare: randomUUID(), returnAll: `return-all-${randomUUID()}` };
const STUDENTS = 10_000;

let dir: string;
let sandbox: RunningSandbox;
let platform: SandboxClient;
let queue: QueueTopology;
let rest: N8nRestClient;
let credential: CredentialImport;
let unflatten: (text: string) => unknown;

function packed(): PackedPackage {
	if (!process.env.EDU_E2E_PACKAGE) throw new Error('run through jest: global-setup packs the package');
	return JSON.parse(process.env.EDU_E2E_PACKAGE) as PackedPackage;
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

beforeAll(async () => {
	const runtime = await ensureRuntime();
	dir = mkdtempSync(path.join(tmpdir(), 'edu-queue-e2e-'));
	sandbox = await startSandbox({ port: 0, students: STUDENTS, logRequests: false });
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
	if (dir && !process.env.EDU_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
});

test('activation on main registers exactly one subscription, at the load balancer', async () => {
	await rest.activateWorkflow(IDS.bare);
	const subscription = await subscriptionFor(HOOKS.bare);
	expect(subscription.url).toBe(`${queue.webhookBase}webhook/${HOOKS.bare}/webhook`);
	expect(subscription.events).toEqual(['payment.succeeded']);
	expect((await platform.subscriptions()).length).toBe(1);
});

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
