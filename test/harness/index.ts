// The engine test harness: run nodes through n8n-core's WorkflowExecute with real credential
// handling.
// - runNode (runNode.ts): one node after a Test Input node, items in, items/error out.
// - createNodeWorkflow + createWebhookData (nodeWorkflow.ts): what HookContext / WebhookContext
//   need for trigger tests (Workflow with the node, plain additional data, credentials helper).
// - testCredentials (credentialTest.ts): a credential's connection test, run as n8n runs it.
// - inVirtualTime (virtualTime.ts): pass retry waits on jest's fake clock.
// - ApiProbe (apiProbeNode.ts): a test-only node calling the shared apiRequest.
export { createAdditionalData, createHooks, TEST_INSTANCE_URL } from './additionalData';
export type { AdditionalDataOptions } from './additionalData';
export { ApiProbe } from './apiProbeNode';
export { testCredentials } from './credentialTest';
export { CredentialTypeRegistry } from './credentialTypes';
export { TestCredentialsHelper } from './credentialsHelper';
export {
	createNodeTypes,
	nodeTypeName,
	PACKAGE_NAME,
	TEST_INPUT_NODE_TYPE,
	TestInput,
} from './nodeTypes';
export { createNodeWorkflow, createWebhookData } from './nodeWorkflow';
export type { NodeWorkflow, NodeWorkflowOptions } from './nodeWorkflow';
export { OAuth2ApiBase } from './oAuth2ApiBase';
export {
	createCredentialsHelper,
	createNode,
	defaultCredentialTypes,
	INPUT_NODE_NAME,
	runNode,
	TEST_WEBHOOK_ID,
} from './runNode';
export type { RunNodeOptions, RunNodeResult } from './runNode';
export { inVirtualTime } from './virtualTime';
