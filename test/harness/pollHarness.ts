/**
 * Polling-trigger harness on top of the engine harness: a real n8n-workflow Workflow holding one
 * polling node, polled the way n8n polls it — n8n-core's real PollContext, through n8n-core's
 * TriggersAndPollers.runPollFunction — with n8n's persistence of static data:
 * an active workflow's static data is saved when a poll emits items (n8n saves it in __emit,
 * before the execution starts) and after activation; a poll that returns null changes only the
 * in-memory copy. `restart()` rebuilds the workflow from what was saved, as a restarted n8n does.
 *
 *   const p = createPollWorkflow({ nodeType: new EducationPlatformPollingTrigger(), parameters, credentials });
 *   await p.activate();              // the activation poll (mode trigger, activation "activate")
 *   const items = await p.poll();    // a scheduled poll: the emitted items, or [] for null
 *   p.savedStaticData()              // what n8n would have in its database
 *   p.restart();                     // same node, static data as saved
 *   const [a, b] = await Promise.all([p.poll(), p.poll()]);  // a tick while the previous poll runs
 *   await p.poll('manual');          // "Fetch Test Event"
 *   await p.scheduledPoll();         // one occurrence of n8n 2.41's durable scheduler (below)
 */
import { Container } from '@n8n/di';
import { PollContext, TriggersAndPollers } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import { createNodeTypes } from './nodeTypes';
import { createCredentialsHelper, createNode } from './runNode';
import type { TestCredentialsHelper } from './credentialsHelper';

export const POLL_NODE_NAME = 'Polling Trigger';
/** N8N_SCHEDULER_POLL_TIMEOUT's default in n8n 2.41.1 (@n8n/config's SchedulerConfig). */
export const N8N_POLL_TIMEOUT_MS = 45_000;

/**
 * The budget n8n 2.41.1 tells a scheduled poll (getPollBudgetMs; trigger-execution-context.factory.js):
 * the lesser of its poll timeout and lease, less 20 % of it (at least 5 s, at most half).
 */
export function n8nPollBudgetMs(pollTimeoutMs = N8N_POLL_TIMEOUT_MS, leaseMs = 60_000): number {
	const ceiling = Math.min(pollTimeoutMs, leaseMs);
	return ceiling - Math.min(Math.max(0.2 * ceiling, 5_000), ceiling / 2);
}

/** What n8n's durable scheduler made of one occurrence. */
export interface ScheduledPoll {
	/** emitted / nothing: the poll returned in time; abandoned: n8n gave up on it at its timeout; failed: it threw. */
	outcome: 'emitted' | 'nothing' | 'abandoned' | 'failed';
	items: IDataObject[];
	error?: unknown;
	/** How long n8n's handler waited for it (at most its poll timeout). */
	tookMs: number;
}

export interface PollWorkflowOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	staticData?: IDataObject;
}

export interface PollWorkflow {
	readonly node: INode;
	/** The node's static data in memory (what the next poll reads). */
	staticData(): IDataObject;
	/** The workflow's static data as n8n would have saved it. */
	savedStaticData(): IDataObject;
	activate(): Promise<IDataObject[]>;
	poll(mode?: WorkflowExecuteMode, activation?: WorkflowActivateMode): Promise<IDataObject[]>;
	/**
	 * One occurrence under n8n 2.41.1's durable scheduler with durable cursors
	 * (N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED, N8N_POLLER_DURABLE_CURSORS_ENABLED;
	 * dist/scheduling/poll-trigger-node/poll-trigger-task-handler.js): a fresh workflow from the
	 * stored cursor; after N8N_POLL_TIMEOUT_MS the poll is abandoned, not stopped, and whatever it
	 * returns later is discarded; a poll that returns in time and changed the cursor has it committed
	 * (with the execution, or alone when it returns null). Resolves within N8N_POLL_TIMEOUT_MS, as n8n's handler does.
	 * `pollsAfterMs`: n8n reads the stored cursor when the occurrence starts and polls after its own
	 * database work (loading the workflow); this long after, here. `pollTimeoutMs`: a
	 * N8N_SCHEDULER_POLL_TIMEOUT other than the default (the poll's budget follows it).
	 */
	scheduledPoll(options?: {
		pollsAfterMs?: number;
		pollTimeoutMs?: number;
	}): Promise<ScheduledPoll>;
	/** Resolves once every poll n8n abandoned has ended (they run on in the background). */
	abandonedPollsEnded(): Promise<void>;
	restart(): void;
	/** The stored credentials (change one between polls) and every read of them. */
	readonly credentialsHelper: TestCredentialsHelper;
}

/** Each poll workflow is its own n8n workflow, with its own id (the trigger's guard keys on it). */
let workflowCount = 0;

export function createPollWorkflow(options: PollWorkflowOptions): PollWorkflow {
	const workflowId = `wf-poll-${++workflowCount}`;
	const credentialsHelper = createCredentialsHelper(options.credentials ?? {});
	const nodeTypes = createNodeTypes([options.nodeType]);
	const node = createNode(
		{ nodeType: options.nodeType, parameters: options.parameters, nodeName: POLL_NODE_NAME },
		credentialsHelper,
	);
	const additionalData = createAdditionalData({ credentialsHelper, workflowId });
	let saved: IDataObject = structuredClone(options.staticData ?? {});
	const build = () =>
		new Workflow({
			id: workflowId,
			name: 'Polling test workflow',
			nodes: [structuredClone(node)],
			connections: {},
			active: true,
			nodeTypes,
			staticData: structuredClone(saved),
			settings: { executionOrder: 'v1' },
		});
	let workflow = build();
	const save = () => {
		saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	};

	const poll = async (
		mode: WorkflowExecuteMode = 'trigger',
		activation: WorkflowActivateMode = 'update',
	) => {
		const workflowNode = workflow.getNode(POLL_NODE_NAME) as INode;
		const context = new PollContext(workflow, workflowNode, additionalData, mode, activation);
		const result = await Container.get(TriggersAndPollers).runPollFunction(
			workflow,
			workflowNode,
			context,
		);
		if (result !== null && mode !== 'manual') save();
		return (result?.[0] ?? []).map((item) => item.json);
	};

	const abandoned: Array<Promise<unknown>> = [];
	const scheduledPoll = async ({
		pollsAfterMs = 0,
		pollTimeoutMs = N8N_POLL_TIMEOUT_MS,
	} = {}): Promise<ScheduledPoll> => {
		const startedAt = Date.now();
		const task = build();
		const read = JSON.stringify(task.staticData);
		if (pollsAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, pollsAfterMs));
		const taskNode = task.getNode(POLL_NODE_NAME) as INode;
		const budget = n8nPollBudgetMs(pollTimeoutMs);
		const context = new PollContext(
			task,
			taskNode,
			additionalData,
			'trigger',
			'update',
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			() => budget,
		);
		const polled = Container.get(TriggersAndPollers).runPollFunction(task, taskNode, context);
		let timer: NodeJS.Timeout | undefined;
		const timedOut = new Promise<'timed out'>(
			(resolve) => (timer = setTimeout(() => resolve('timed out'), pollTimeoutMs)),
		);
		try {
			const result = await Promise.race([polled, timedOut]);
			if (result === 'timed out') {
				abandoned.push(polled.catch(() => undefined));
				return { outcome: 'abandoned', items: [], tookMs: Date.now() - startedAt };
			}
			// n8n writes the position only when the poll changed it (takeStagedCursor), over whatever is stored.
			if (JSON.stringify(task.staticData) !== read)
				saved = JSON.parse(JSON.stringify(task.staticData)) as IDataObject;
			const items = (result?.[0] ?? []).map((item) => item.json);
			return {
				outcome: result === null ? 'nothing' : 'emitted',
				items,
				tookMs: Date.now() - startedAt,
			};
		} catch (error) {
			return { outcome: 'failed', items: [], error, tookMs: Date.now() - startedAt };
		} finally {
			clearTimeout(timer);
		}
	};

	return {
		node,
		credentialsHelper,
		scheduledPoll,
		abandonedPollsEnded: async () => {
			await Promise.all(abandoned);
		},
		staticData: () => workflow.getStaticData('node', workflow.getNode(POLL_NODE_NAME) as INode),
		savedStaticData: () => saved,
		async activate() {
			const items = await poll('trigger', 'activate');
			save();
			return items;
		},
		poll,
		restart() {
			workflow = build();
		},
	};
}
