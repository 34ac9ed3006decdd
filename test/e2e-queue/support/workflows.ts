// The queue suite's workflows: a bare trigger (its subscription's lifecycle) and a production
// webhook running Get Many Return All.
import type { CredentialImport } from '../../../tooling/lib/demo-credentials';
import { ACTION_NODE_TYPE, TRIGGER_NODE_TYPE, type WorkflowJson } from '../../../tooling/lib/examples';
import { credentialRef, node } from '../../e2e/support/workflows';

const TRIGGER = 'Education Platform Trigger';

function trigger(credential: CredentialImport, webhookId: string) {
	return node(
		TRIGGER,
		TRIGGER_NODE_TYPE,
		// Full event output: every item is the event envelope with its `id`.
		{ registration: 'automatic', authentication: 'accessToken', events: ['payment.succeeded'], options: { output: 'event' } },
		{ credentials: credentialRef(credential), webhookId },
	);
}

export function bareTriggerWorkflow(id: string, credential: CredentialImport, webhookId: string): WorkflowJson {
	return { id, name: 'queue e2e: trigger only', active: false, nodes: [trigger(credential, webhookId)], connections: {}, settings: { executionOrder: 'v1' } };
}

/** A production webhook (POST /webhook/<path>) → Get Many, Return All, pages of 100. */
export function returnAllWorkflow(id: string, credential: CredentialImport, path: string): WorkflowJson {
	return {
		id,
		name: 'queue e2e: Return All on a worker',
		active: false,
		nodes: [
			node('Webhook', 'n8n-nodes-base.webhook', { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, { typeVersion: 2, webhookId: path }),
			node(
				'Get Many',
				ACTION_NODE_TYPE,
				{ authentication: 'accessToken', resource: 'student', operation: 'getMany', returnAll: true, filters: {}, sort: { rule: [] }, options: { pageSize: 100 } },
				{ credentials: credentialRef(credential) },
			),
		],
		connections: { Webhook: { main: [[{ node: 'Get Many', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}
