// n8n in queue mode set up the way `npm start -- --queue` sets it up (tooling/start.ts runQueue):
// Postgres, Redis, main, a webhook process and a worker behind nginx (one each: the fewest that show
// where a run goes), the package installed into the shared nodes folder the way the Community Nodes
// panel installs it, the sandbox credentials, the n8n API credential with a key of the owner, the
// example workflows with the watchdog's sub-workflows and the trigger examples published, and the
// recommended settings. Main runs with OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true (queue-env.ts), as
// npm start's does. One Chromium signed in to main through nginx (browser.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startSandbox, type RunningSandbox } from '../../../sandbox/index';
import { ensureRuntime } from '../../../tooling/n8n-runtime/install';
import { demoCredentials } from '../../../tooling/lib/demo-credentials';
import { loadExamples, TRIGGER_NODE_TYPE, type WorkflowJson } from '../../../tooling/lib/examples';
import {
	connectN8nApiCredentials,
	n8nApiCredential,
	n8nApiCredentialsOf,
} from '../../../tooling/lib/n8n-api-credential';
import { recommendedN8nEnv } from '../../../tooling/lib/n8n-env';
import { N8nRestClient } from '../../../tooling/lib/n8n-rest';
import { QueueTopology } from '../../../tooling/lib/queue/topology';
import { publishSubWorkflows, subWorkflowIdsOf } from '../../../tooling/lib/sub-workflows';
import { OWNER, packedPackage, sandboxLogin } from '../../e2e/support/instance';
import { currentTestPath, keepN8nLog, keptLogPath } from '../../e2e/support/n8nLogs';
import { eventually, SandboxClient } from '../../e2e/support/sandboxClient';
import { timed } from '../../e2e/support/timings';
import {
	closeBrowser,
	fileSession,
	signedInBrowser,
	STEP_TIMEOUT_MS,
	type SignedInBrowser,
} from './browser';

export interface QueueEditorSession extends SignedInBrowser {
	/** Where the topology keeps its data (removed at the end unless EDU_E2E_KEEP is set). */
	dir: string;
	queue: QueueTopology;
	sandbox: RunningSandbox;
	platform: SandboxClient;
	rest: N8nRestClient;
	/** The example workflows as imported; `published`: those npm start publishes (trigger examples, sub-workflows). */
	workflows: WorkflowJson[];
	published: string[];
}

/** A process of the topology by its user folder's name: n8n-main-1, n8n-webhook-1, n8n-worker-1. */
const processName = (logFile: string) => path.basename(path.dirname(logFile));

async function startQueueEditorSession(): Promise<QueueEditorSession> {
	const runtime = await ensureRuntime();
	const dir = mkdtempSync(path.join(tmpdir(), 'edu-browser-queue-'));
	const sandbox = await startSandbox({ port: 0, logRequests: false });
	let queue: QueueTopology | undefined;
	try {
		const packed = await packedPackage(dir);
		const workflows = loadExamples().map(({ workflow }) => ({ ...workflow, active: false }));
		const apiCredentials = n8nApiCredentialsOf(workflows);
		queue = await timed(
			'queue topology up (Postgres, Redis, main, 1 webhook process, 1 worker, nginx)',
			() =>
				QueueTopology.start({
					runtime,
					packed,
					dir: path.join(dir, 'queue'),
					webhookProcesses: 1,
					workers: 1,
					extraEnv: recommendedN8nEnv(2),
					seed: async (cli) => {
						await cli.importCredentials([
							...demoCredentials(sandboxLogin(sandbox)),
							...apiCredentials.map((ref) => n8nApiCredential(ref)),
						]);
						await cli.importWorkflows(workflows);
					},
				}),
		);
		const rest = new N8nRestClient(queue.url, 2, { explain: () => queue!.main.explain() });
		await rest.ensureOwner(OWNER);
		await connectN8nApiCredentials(rest, apiCredentials, queue.url);
		const triggers = workflows.filter((workflow) =>
			workflow.nodes.some((node) => node.type === TRIGGER_NODE_TYPE),
		);
		const published = [
			...(await publishSubWorkflows(rest, subWorkflowIdsOf(workflows))),
			...triggers.map(({ id }) => id),
		];
		for (const { id } of triggers) await rest.activateWorkflow(id);
		const platform = new SandboxClient(sandbox.baseUrl, sandbox.config.demoToken);
		const subscribed = async () =>
			(await platform.subscriptions()).length === triggers.length ? true : undefined;
		await eventually(
			`a subscription for each of the ${triggers.length} trigger examples`,
			subscribed,
			STEP_TIMEOUT_MS,
		);
		return {
			dir,
			queue,
			sandbox,
			platform,
			rest,
			workflows,
			published,
			...(await signedInBrowser(queue.url, OWNER)),
		};
	} catch (error) {
		await stopBackends({ dir, queue, sandbox });
		throw error;
	}
}

/** Stops n8n's processes and the sandbox, keeping every process's log in test-artifacts/n8n-logs/browser-queue/. */
async function stopBackends({
	dir,
	queue,
	sandbox,
}: {
	dir: string;
	queue?: QueueTopology;
	sandbox: RunningSandbox;
}): Promise<void> {
	await queue?.stop();
	for (const server of queue?.servers ?? [])
		keepN8nLog(
			server.logFile,
			keptLogPath('browser-queue', currentTestPath(), processName(server.logFile)),
		);
	await sandbox.close();
	if (!process.env.EDU_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
}

async function stopQueueEditorSession(ending: QueueEditorSession): Promise<void> {
	await closeBrowser(ending);
	await stopBackends(ending);
}

const queueSession = fileSession(
	'the queue-mode editor session',
	startQueueEditorSession,
	stopQueueEditorSession,
);
/** Starts the session before the file's tests (beforeAll) and stops it after them (afterAll). */
export const useQueueEditorSession = queueSession.use;
export const { current, browserTest } = queueSession;

/**
 * Where an execution went, from every process's log (n8n 2.41 at info level): which put it on the
 * queue ("Enqueued execution <id>", scaling.service.js) and which started and finished it ("Worker
 * started execution <id>", "Worker finished execution <id>", job-processor.js), once one has.
 */
export async function whereItRan(
	executionId: string,
): Promise<{ enqueuedBy: string[]; ranBy: string[] }> {
	const { queue } = current();
	const logged = (line: string) =>
		queue.servers
			.filter((server) => server.log.includes(`${line} ${executionId} `))
			.map((server) => processName(server.logFile));
	await eventually(
		`a process to log that it finished execution ${executionId}`,
		async () => (logged('Worker finished execution').length > 0 ? true : undefined),
		STEP_TIMEOUT_MS,
	);
	const started = logged('Worker started execution');
	return {
		enqueuedBy: logged('Enqueued execution'),
		ranBy: logged('Worker finished execution').filter((name) => started.includes(name)),
	};
}
