import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ExecutionLifecycleHooks } from 'n8n-core';
import type {
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import type { TestCredentialsHelper } from './credentialsHelper';

// n8n-core's error reporter logs every node error at level "error"; in tests those are
// expected and asserted, so keep the output quiet unless N8N_LOG_LEVEL says otherwise.
process.env.N8N_LOG_LEVEL ??= 'silent';
// n8n-core's InstanceSettings reads (or creates) `<user folder>/.n8n/config` with an encryption
// key. Point it at a folder of the tests' own, with a fixed key, so a developer's real n8n
// settings are neither read nor written and an N8N_ENCRYPTION_KEY in their shell cannot clash.
process.env.N8N_USER_FOLDER = join(tmpdir(), 'n8n-nodes-education-platform-tests');
process.env.N8N_ENCRYPTION_KEY = 'education-platform-test-harness-key';

/** The instance URL the test "n8n" pretends to run at; webhook URLs are built from it. */
export const TEST_INSTANCE_URL = 'http://127.0.0.1:5678';

export interface AdditionalDataOptions {
	credentialsHelper: TestCredentialsHelper;
	hooks?: ExecutionLifecycleHooks;
	executionId?: string;
	workflowId?: string;
	/** Base of the instance URLs (default TEST_INSTANCE_URL). */
	instanceUrl?: string;
}

function unsupported(what: string) {
	return () => {
		throw new UnexpectedError(`${what} is not available in the test harness`);
	};
}

/**
 * The execution's additional data as a PLAIN object (a deep mock makes n8n-core take branches
 * such as decrypting token data). Holds the credentials helper, the lifecycle hooks and the
 * instance URLs that webhook and form nodes read.
 */
export function createAdditionalData(
	options: AdditionalDataOptions,
): IWorkflowExecuteAdditionalData {
	const base = (options.instanceUrl ?? TEST_INSTANCE_URL).replace(/\/+$/, '');
	const additionalData: Partial<IWorkflowExecuteAdditionalData> = {
		credentialsHelper: options.credentialsHelper,
		hooks: options.hooks,
		executionId: options.executionId ?? '1',
		workflowId: options.workflowId ?? 'test-workflow',
		userId: 'test-user',
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		executeWorkflow: unsupported('Executing a sub-workflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: unsupported('The task runner'),
	};
	return additionalData as IWorkflowExecuteAdditionalData;
}

/** Lifecycle hooks for one execution, as the engine requires them. */
export function createHooks(
	workflowData: Pick<IWorkflowBase, 'id' | 'name' | 'nodes' | 'connections'>,
	mode: WorkflowExecuteMode = 'manual',
	executionId = '1',
): ExecutionLifecycleHooks {
	const now = new Date();
	return new ExecutionLifecycleHooks(mode, executionId, {
		active: false,
		isArchived: false,
		createdAt: now,
		updatedAt: now,
		activeVersionId: null,
		...workflowData,
	});
}
