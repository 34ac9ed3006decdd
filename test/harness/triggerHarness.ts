/**
 * Trigger-node harness on top of the engine harness: a real n8n-workflow Workflow holding one
 * webhook trigger node, driven the way n8n drives it.
 *
 * - Lifecycle through n8n-core's real HookContext, as n8n's WebhookService does on activation
 *   (checkExists, then create when it returned false) and deactivation (delete).
 * - Deliveries through n8n-core's real WebhookContext behind a real HTTP server on 127.0.0.1
 *   (`startReceiver`): the request is read into `req.rawBody` and parsed by content type the way
 *   n8n's body parser does (a body sent as application/json that is not JSON gets n8n's 422
 *   before the node runs), then the node's webhook() runs and the response is finished as n8n
 *   finishes it for responseMode "onReceived".
 *
 *   const t = createTriggerWorkflow({ nodeType: new EducationPlatformTrigger(), parameters, credentials });
 *   await t.activate();            // checkExists → create
 *   t.staticData()                 // the node's static data (what n8n would persist)
 *   const receiver = await startReceiver(t);   // or startReceiver(() => t) to create t later,
 *                                              // e.g. with instanceUrl = the receiver's origin
 *   await fetch(receiver.url, { method: 'POST', headers, body });
 *   receiver.deliveries            // what webhook() returned for each request, and the response
 *   await receiver.close();
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError, Workflow } from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import type { TestCredentialsHelper } from './credentialsHelper';
import { createNodeTypes } from './nodeTypes';
import { createCredentialsHelper, createNode } from './runNode';

export const TRIGGER_NODE_NAME = 'Education Platform Trigger';
export const TRIGGER_WEBHOOK_ID = '9d1c4b2e-0f3a-4c5d-8e6f-7a8b9c0d1e2f';

export interface TriggerWorkflowOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Base URL n8n builds webhook URLs from (n8n's WEBHOOK_URL); default the harness's 127.0.0.1. */
	instanceUrl?: string;
	/** Static data as n8n would load it from the database. */
	staticData?: IDataObject;
	workflowId?: string;
	/** The node's saved typeVersion; default the node type's latest. */
	typeVersion?: number;
}

export interface TriggerWorkflow {
	workflow: Workflow;
	node: INode;
	nodeType: INodeType;
	additionalData: IWorkflowExecuteAdditionalData;
	credentialsHelper: TestCredentialsHelper;
	webhookData: IWebhookData;
	/** The production URL n8n gives the node. */
	webhookUrl: string;
	/** The node's static data (`getWorkflowStaticData('node')`). */
	staticData(): IDataObject;
	/** Changes saved parameters, as editing the node and saving the workflow does. */
	setParameters(parameters: INodeParameters): void;
	runWebhookMethod(
		method: 'checkExists' | 'create' | 'delete',
		activation?: WorkflowActivateMode,
	): Promise<boolean>;
	/** n8n's activation: create only when checkExists says the webhook does not exist. */
	activate(activation?: WorkflowActivateMode): Promise<void>;
	deactivate(): Promise<boolean>;
}

export function createTriggerWorkflow(options: TriggerWorkflowOptions): TriggerWorkflow {
	const credentialsHelper = createCredentialsHelper(options.credentials ?? {});
	const nodeTypes = createNodeTypes([options.nodeType]);
	const node = createNode(
		{
			nodeType: options.nodeType,
			parameters: options.parameters,
			typeVersion: options.typeVersion,
			nodeName: TRIGGER_NODE_NAME,
			nodeSettings: { webhookId: TRIGGER_WEBHOOK_ID },
		},
		credentialsHelper,
	);
	const workflowId = options.workflowId ?? 'wf-trigger-1';
	const buildWorkflow = (staticData: IDataObject | undefined) =>
		new Workflow({
			id: workflowId,
			name: 'Trigger test workflow',
			nodes: [structuredClone(node)],
			connections: {},
			active: true,
			nodeTypes,
			staticData,
			settings: { executionOrder: 'v1' },
		});
	let workflow = buildWorkflow(options.staticData);
	const additionalData = createAdditionalData({
		credentialsHelper,
		instanceUrl: options.instanceUrl,
		workflowId,
	});

	const description = options.nodeType.description.webhooks?.[0];
	if (!description) throw new UnexpectedError('The node type declares no webhook');
	const workflowNode = () => workflow.getNode(TRIGGER_NODE_NAME) as INode;
	const webhookData = (): IWebhookData => ({
		httpMethod: 'POST',
		node: TRIGGER_NODE_NAME,
		path: NodeHelpers.getNodeWebhookPath(workflowId, workflowNode(), String(description.path)),
		webhookDescription: description,
		workflowId,
		workflowExecuteAdditionalData: additionalData,
		webhookId: TRIGGER_WEBHOOK_ID,
		isTest: false,
	});

	const result: TriggerWorkflow = {
		get workflow() {
			return workflow;
		},
		get node() {
			return workflowNode();
		},
		nodeType: options.nodeType,
		additionalData,
		credentialsHelper,
		get webhookData() {
			return webhookData();
		},
		get webhookUrl() {
			return `${additionalData.webhookBaseUrl}/${TRIGGER_WEBHOOK_ID}/${String(description.path)}`;
		},
		staticData: () => workflow.getStaticData('node', workflowNode()),
		setParameters(parameters) {
			// A saved workflow is rebuilt by n8n with the static data it had (stored as JSON).
			const staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			node.parameters = parameters;
			workflow = buildWorkflow(staticData);
		},
		async runWebhookMethod(method, activation = 'activate') {
			const methods = options.nodeType.webhookMethods?.default;
			const fn = methods?.[method];
			if (!fn) throw new UnexpectedError(`The node has no webhookMethods.default.${method}`);
			const context = new HookContext(
				workflow,
				workflowNode(),
				additionalData,
				'trigger',
				activation,
				webhookData(),
			);
			return await fn.call(context);
		},
		async activate(activation = 'activate') {
			if (!(await result.runWebhookMethod('checkExists', activation))) {
				await result.runWebhookMethod('create', activation);
			}
		},
		async deactivate() {
			return await result.runWebhookMethod('delete', 'manual');
		},
	};
	return result;
}

export interface ReceivedDelivery {
	/** The request headers as n8n would see them (lower-case names). */
	headers: Record<string, string | string[] | undefined>;
	/** HTTP status the sender got. */
	status: number;
	/** Body the sender got. */
	body: string;
	/** What webhook() returned (undefined when it threw or n8n refused the body first). */
	result?: IWebhookResponseData;
	/** The error webhook() threw, if any. */
	error?: Error;
	/** The items of the run webhook() started (main output 0), if it started one. */
	items?: IDataObject[];
}

export interface Receiver {
	url: string;
	deliveries: ReceivedDelivery[];
	/** Items of every run started so far, in order. */
	emitted(): IDataObject[];
	close(): Promise<void>;
}

/** Reads the body into `req.rawBody` and parses it by content type, like n8n's body parser. */
async function readBody(
	req: IncomingMessage,
): Promise<{ ok: true } | { ok: false; message: string }> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const raw = Buffer.concat(chunks);
	const request = req as IncomingMessage & {
		rawBody: Buffer;
		body?: unknown;
		readRawBody(): Promise<void>;
	};
	request.rawBody = raw;
	request.readRawBody = async () => {};
	const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	request.body = {};
	if (raw.length === 0) return { ok: true };
	if (contentType === 'application/json') {
		try {
			request.body = JSON.parse(raw.toString('utf8'));
		} catch (error) {
			return { ok: false, message: (error as Error).message };
		}
	} else if (contentType === 'text/plain') {
		request.body = raw.toString('utf8');
	}
	return { ok: true };
}

function send(res: ServerResponse, status: number, body: IDataObject) {
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** A real HTTP endpoint on 127.0.0.1 that hands each request to the node's webhook(). */
export async function startReceiver(
	target: TriggerWorkflow | (() => TriggerWorkflow),
): Promise<Receiver> {
	const triggerOf = typeof target === 'function' ? target : () => target;
	const deliveries: ReceivedDelivery[] = [];
	const server: Server = createServer((req, res) => {
		const delivery: ReceivedDelivery = { headers: { ...req.headers }, status: 0, body: '' };
		deliveries.push(delivery);
		const originalEnd = res.end.bind(res);
		const written: Buffer[] = [];
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			if (chunk !== undefined && typeof chunk !== 'function')
				written.push(Buffer.from(chunk as string));
			delivery.status = res.statusCode;
			delivery.body = Buffer.concat(written).toString('utf8');
			return originalEnd(chunk as never, ...(rest as never[]));
		}) as typeof res.end;

		void (async () => {
			const parsed = await readBody(req);
			if (!parsed.ok) {
				// n8n's parseBody throws UnprocessableRequestError before the node runs.
				send(res, 422, {
					code: 422,
					message: 'Failed to parse request body',
					hint: parsed.message,
				});
				return;
			}
			const trigger = triggerOf();
			const additionalData = {
				...trigger.additionalData,
				httpRequest: req,
				httpResponse: res,
			} as unknown as IWorkflowExecuteAdditionalData;
			const context = new WebhookContext(
				trigger.workflow,
				trigger.node,
				additionalData,
				'webhook',
				trigger.webhookData,
				[],
				null,
			);
			try {
				const result = await (
					trigger.nodeType.webhook as (this: WebhookContext) => Promise<IWebhookResponseData>
				).call(context);
				delivery.result = result;
				if (result.workflowData !== undefined) {
					delivery.items = (result.workflowData[0] ?? []).map((item) => item.json);
				}
				// n8n, responseMode "onReceived": the node's own answer stands; otherwise 200.
				if (res.writableEnded || result.noWebhookResponse) return;
				// responseData 'noData': n8n answers 200 with an empty body.
				if (result.workflowData !== undefined) {
					res.writeHead(200);
					res.end();
				} else
					send(
						res,
						200,
						(result.webhookResponse as IDataObject) ?? { message: 'Webhook call received' },
					);
			} catch (error) {
				delivery.error = error as Error;
				if (!res.writableEnded)
					send(res, 500, {
						code: 0,
						message: 'Workflow Webhook Error: Workflow could not be started!',
					});
			}
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`,
		deliveries,
		emitted: () => deliveries.flatMap((delivery) => delivery.items ?? []),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve, reject) =>
				server.close((error) => (error ? reject(error) : resolve())),
			);
		},
	};
}
