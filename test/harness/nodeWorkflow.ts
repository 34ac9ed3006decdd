import type {
	IDataObject,
	INode,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError, Workflow } from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import type { TestCredentialsHelper } from './credentialsHelper';
import { createNodeTypes } from './nodeTypes';
import type { RunNodeOptions } from './runNode';
import { createCredentialsHelper, createNode } from './runNode';

export interface NodeWorkflowOptions extends Omit<RunNodeOptions, 'input' | 'mode'> {
	/** The workflow's static data (trigger nodes keep their webhook id under `node:<name>`). */
	staticData?: IDataObject;
	active?: boolean;
}

export interface NodeWorkflow {
	workflow: Workflow;
	node: INode;
	additionalData: IWorkflowExecuteAdditionalData;
	credentialsHelper: TestCredentialsHelper;
}

/**
 * A real Workflow holding just the given node (with its credentials), plus plain additional
 * data and the credentials helper — what n8n-core's HookContext and WebhookContext need:
 *
 *   const { workflow, node, additionalData } = createNodeWorkflow({ nodeType: new MyTrigger(), … });
 *   const [webhookData] = NodeHelpers.getNodeWebhooks(workflow, node, additionalData);
 *   const hookContext = new HookContext(workflow, node, additionalData, 'trigger', 'activate', webhookData);
 */
export function createNodeWorkflow(options: NodeWorkflowOptions): NodeWorkflow {
	const credentialsHelper =
		options.credentialsHelper ??
		createCredentialsHelper(options.credentials, options.credentialTypes);
	if (options.credentialsHelper && options.credentials) {
		for (const [type, data] of Object.entries(options.credentials))
			credentialsHelper.setCredentials(type, data);
	}
	const node = createNode(options, credentialsHelper);
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Test workflow',
		nodes: [node],
		connections: {},
		active: options.active ?? true,
		nodeTypes: createNodeTypes([options.nodeType]),
		staticData: options.staticData,
		settings: { executionOrder: 'v1' },
	});
	return {
		workflow,
		node,
		additionalData: createAdditionalData({ credentialsHelper }),
		credentialsHelper,
	};
}

/**
 * The IWebhookData n8n builds for a node's webhook (what HookContext/WebhookContext receive),
 * as n8n's WebhookService.getNodeWebhooks does for static paths.
 */
export function createWebhookData(
	{ workflow, node, additionalData }: Pick<NodeWorkflow, 'workflow' | 'node' | 'additionalData'>,
	name = 'default',
	isTest = false,
): IWebhookData {
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const webhookDescription = nodeType.description.webhooks?.find(
		(webhook) => webhook.name === name,
	);
	if (!webhookDescription)
		throw new UnexpectedError(`Node "${node.name}" has no webhook named "${name}"`);
	return {
		httpMethod: webhookDescription.httpMethod as IWebhookData['httpMethod'],
		node: node.name,
		path: NodeHelpers.getNodeWebhookPath(workflow.id, node, String(webhookDescription.path)),
		webhookDescription,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
		isTest,
	};
}
