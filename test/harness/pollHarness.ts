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
	const node = createNode({ nodeType: options.nodeType, parameters: options.parameters, nodeName: POLL_NODE_NAME }, credentialsHelper);
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

	const poll = async (mode: WorkflowExecuteMode = 'trigger', activation: WorkflowActivateMode = 'update') => {
		const workflowNode = workflow.getNode(POLL_NODE_NAME) as INode;
		const context = new PollContext(workflow, workflowNode, additionalData, mode, activation);
		const result = await Container.get(TriggersAndPollers).runPollFunction(workflow, workflowNode, context);
		if (result !== null && mode !== 'manual') save();
		return (result?.[0] ?? []).map((item) => item.json);
	};

	return {
		node,
		credentialsHelper,
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
