/**
 * Runs ONE node through n8n's real engine (n8n-core WorkflowExecute + a real n8n-workflow
 * Workflow), the way an n8n instance executes a manual run: Test Input → node under test.
 *
 *   const result = await runNode({
 *     nodeType: new EducationPlatform(),
 *     parameters: { authentication: 'accessToken', resource: 'student', operation: 'get', studentId: '7' },
 *     credentials: { educationPlatformApi: { baseUrl: 'https://school.test', accessToken: 't' } },
 *     input: [{ a: 1 }, { a: 2 }],          // items fed to the node (default: one empty item)
 *     continueOnFail: true,                // or onError: 'continueErrorOutput' …
 *   });
 *   result.items      // main output 0 of the node (INodeExecutionData[], with pairedItem)
 *   result.outputs    // every output of the node
 *   result.error      // the node's error (NodeApiError/NodeOperationError: message, description,
 *                     //  httpCode, context) when the run failed, else undefined
 *   result.run        // the full IRun
 *   result.credentialsHelper.getStored('educationPlatformOAuth2Api')  // tokens n8n-core wrote back
 *
 * Options:
 * - nodeType (required): an INodeType or versioned node type instance. Registered as
 *   `n8n-nodes-education-platform.<description.name>`, as n8n does for community packages.
 * - parameters: the node's saved parameters (defaults are filled in by the engine).
 * - typeVersion: default the node type's default/latest version.
 * - credentials: `{ [credentialType]: data }`, stored in a fresh TestCredentialsHelper; or pass
 *   `credentialsHelper` to share one across runs (e.g. to keep a refreshed OAuth2 token).
 *   The node's `credentials` field is filled for every type the node declares and the helper has.
 * - credentialTypes: credential classes the helper knows (default: this package's two).
 * - input: items for the node, plain JSON objects or INodeExecutionData.
 * - continueOnFail / onError / nodeSettings: node settings as saved in a workflow.
 * - mode: execution mode (default 'manual').
 * - nodeName: default 'Node Under Test'.
 * - instanceUrl: where the test "n8n" runs (default TEST_INSTANCE_URL): its webhook and resume
 *   URLs (`$execution.resumeUrl`) are built from it.
 *
 * nock: the engine's HTTP goes through Node's http module, so nock intercepts it. Call
 * nock.restore() ONCE, in the file's top-level afterAll (after it nock stops intercepting).
 * Engine behaviour worth knowing when writing mocks:
 * - with the access-token credential, n8n-core sends a request that got a 401 once more
 *   (its preAuthentication path), so a 401 mock needs `.times(2)`;
 * - with OAuth2, n8n-core refreshes (or re-fetches, for client credentials) the token on a 401
 *   and repeats the request once; refreshed tokens land in `credentialsHelper.getStored(type)`.
 * Waits (Retry-After, backoff) take real time; wrap the run in `inVirtualTime()` (virtualTime.ts)
 * to pass them on jest's fake clock. Engine log output is silenced (N8N_LOG_LEVEL=silent unless
 * set); set N8N_LOG_LEVEL=debug to see it.
 */
import { WorkflowExecute } from 'n8n-core';
import type {
	ExecutionBaseError,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IRun,
	IVersionedNodeType,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { EducationPlatformApi } from '../../credentials/EducationPlatformApi.credentials';
import { EducationPlatformFieldOrderApi } from '../../credentials/EducationPlatformFieldOrderApi.credentials';
import { EducationPlatformOAuth2Api } from '../../credentials/EducationPlatformOAuth2Api.credentials';
import { EducationPlatformWebhookSigningApi } from '../../credentials/EducationPlatformWebhookSigningApi.credentials';
import { createAdditionalData, createHooks } from './additionalData';
import { TestCredentialsHelper } from './credentialsHelper';
import { createNodeTypes, nodeTypeName, TEST_INPUT_NODE_TYPE } from './nodeTypes';

export interface RunNodeOptions {
	nodeType: INodeType | IVersionedNodeType;
	parameters?: INodeParameters;
	typeVersion?: number;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	credentialsHelper?: TestCredentialsHelper;
	credentialTypes?: ICredentialType[];
	input?: Array<IDataObject | INodeExecutionData>;
	continueOnFail?: boolean;
	onError?: INode['onError'];
	/** Any other node settings (retryOnFail, alwaysOutputData, executeOnce, …). */
	nodeSettings?: Partial<INode>;
	mode?: WorkflowExecuteMode;
	nodeName?: string;
	/** Base of the instance URLs, `$execution.resumeUrl` included (default TEST_INSTANCE_URL). */
	instanceUrl?: string;
}

export interface RunNodeResult {
	/** Main output 0 of the node under test ([] when it produced nothing or failed). */
	items: INodeExecutionData[];
	/** All outputs of the node under test. */
	outputs: INodeExecutionData[][];
	/** The node's error when the execution failed. */
	error?: ExecutionBaseError;
	run: IRun;
	node: INode;
	credentialsHelper: TestCredentialsHelper;
}

export const INPUT_NODE_NAME = 'Test Input';

export const TEST_WEBHOOK_ID = '9d1c3e5a-7b2f-4c1d-8e6a-5f4b3a2c1d0e';

export function defaultCredentialTypes(): ICredentialType[] {
	return [
		new EducationPlatformApi(),
		new EducationPlatformFieldOrderApi(),
		new EducationPlatformOAuth2Api(),
		new EducationPlatformWebhookSigningApi(),
	];
}

/** A helper holding the given credentials: `{ educationPlatformApi: { baseUrl, accessToken } }`. */
export function createCredentialsHelper(
	credentials: Record<string, ICredentialDataDecryptedObject> = {},
	credentialTypes: ICredentialType[] = defaultCredentialTypes(),
): TestCredentialsHelper {
	const helper = new TestCredentialsHelper(credentialTypes);
	for (const [type, data] of Object.entries(credentials)) helper.setCredentials(type, data);
	return helper;
}

function latestVersion(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** The node as n8n saves it in a workflow, with credentials filled from the helper. */
export function createNode(
	options: Pick<
		RunNodeOptions,
		| 'nodeType'
		| 'parameters'
		| 'typeVersion'
		| 'nodeName'
		| 'continueOnFail'
		| 'onError'
		| 'nodeSettings'
	>,
	credentialsHelper: TestCredentialsHelper,
): INode {
	const typeVersion = options.typeVersion ?? latestVersion(options.nodeType);
	const { description } = createNodeTypes([options.nodeType]).getByNameAndVersion(
		nodeTypeName(options.nodeType),
		typeVersion,
	);
	const declared = description.credentials ?? [];
	const credentials = Object.fromEntries(
		declared
			.filter(({ name }) => credentialsHelper.hasCredentials(name))
			.map(({ name }) => [name, TestCredentialsHelper.detailsFor(name)]),
	);
	return {
		id: 'node-under-test',
		name: options.nodeName ?? 'Node Under Test',
		type: nodeTypeName(options.nodeType),
		typeVersion,
		position: [200, 0],
		parameters: options.parameters ?? {},
		credentials,
		// n8n gives every webhook node a UUID that becomes its URL path (`/webhook/<id>/<path>`).
		...(description.webhooks?.length && { webhookId: TEST_WEBHOOK_ID }),
		...(options.continueOnFail !== undefined && { continueOnFail: options.continueOnFail }),
		...(options.onError !== undefined && { onError: options.onError }),
		...options.nodeSettings,
	};
}

function toItems(input: Array<IDataObject | INodeExecutionData> | undefined): INodeExecutionData[] {
	const items = input ?? [{}];
	return items.map((item) =>
		'json' in item && typeof item.json === 'object' && item.json !== null
			? (item as INodeExecutionData)
			: { json: item as IDataObject },
	);
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const credentialsHelper =
		options.credentialsHelper ??
		createCredentialsHelper(options.credentials, options.credentialTypes);
	if (options.credentialsHelper && options.credentials) {
		for (const [type, data] of Object.entries(options.credentials))
			credentialsHelper.setCredentials(type, data);
	}
	const mode = options.mode ?? 'manual';

	const inputNode: INode = {
		id: 'test-input',
		name: INPUT_NODE_NAME,
		type: TEST_INPUT_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const node = createNode(options, credentialsHelper);
	const connections = {
		[INPUT_NODE_NAME]: { main: [[{ node: node.name, type: 'main' as const, index: 0 }]] },
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Test workflow',
		nodes: [inputNode, node],
		connections,
		active: false,
		nodeTypes: createNodeTypes([options.nodeType]),
		settings: { executionOrder: 'v1' },
	});

	const hooks = createHooks(
		{ id: workflow.id, name: 'Test workflow', nodes: [inputNode, node], connections },
		mode,
	);
	let finishedRun: IRun | undefined;
	hooks.addHandler('workflowExecuteAfter', (run) => {
		finishedRun = run;
	});

	const additionalData = createAdditionalData({
		credentialsHelper,
		hooks,
		instanceUrl: options.instanceUrl,
	});
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: inputNode, data: { main: [toItems(options.input)] }, source: null },
			],
		},
	});
	const returned = await new WorkflowExecute(
		additionalData,
		mode,
		runExecutionData,
	).processRunExecutionData(workflow);
	const run = finishedRun ?? returned;

	const taskData = run.data.resultData.runData[node.name]?.[0];
	const outputs = (taskData?.data?.main ?? []).map(
		(output: INodeExecutionData[] | null) => output ?? [],
	);
	return {
		items: outputs[0] ?? [],
		outputs,
		error: taskData?.error ?? run.data.resultData.error,
		run,
		node,
		credentialsHelper,
	};
}
