// The queue suite's workflows: a bare trigger (lifecycle, throughput), the trigger followed by the
// action node (which code each process runs after an update), the queue-mode payment example with
// its side effects made visible, production webhooks running Get Many on a worker (Return All
// of students; the webhook subscriptions, marked delivers_to_this_n8n), and the two triggers with
// each run or item counted (the multi-main suite).
import type { CredentialImport } from '../../../tooling/lib/demo-credentials';
import {
	ACTION_NODE_TYPE,
	TRIGGER_NODE_TYPE,
	type WorkflowJson,
} from '../../../tooling/lib/examples';
import { loadExactlyOnceExample } from '../../../tooling/lib/queue/exactly-once-example';
import {
	POLLING_TRIGGER_NODE,
	credentialRef,
	node,
	pollingTriggerWorkflow,
	postEventId,
} from '../../e2e/support/workflows';

const TRIGGER = 'Education Platform Trigger';

function trigger(credential: CredentialImport, webhookId: string) {
	return node(
		TRIGGER,
		TRIGGER_NODE_TYPE,
		// Full event output: every item is the event envelope with its `id`.
		{
			registration: 'automatic',
			authentication: 'accessToken',
			events: ['payment.succeeded'],
			options: { output: 'event' },
		},
		{ credentials: credentialRef(credential), webhookId },
	);
}

export function bareTriggerWorkflow(
	id: string,
	credential: CredentialImport,
	webhookId: string,
): WorkflowJson {
	return {
		id,
		name: 'queue e2e: trigger only',
		active: false,
		nodes: [trigger(credential, webhookId)],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The trigger, then the action node ("Get Many", one student). In queue mode the trigger's item is
 * built by the webhook process that took the delivery and the action node's by the worker that ran
 * the execution, so each item tells which package code that process runs.
 */
export function triggerThenActionWorkflow(
	id: string,
	credential: CredentialImport,
	webhookId: string,
): WorkflowJson {
	return {
		id,
		name: 'queue e2e: trigger, then the action node',
		active: false,
		nodes: [
			trigger(credential, webhookId),
			node(
				'Get Many',
				ACTION_NODE_TYPE,
				{
					authentication: 'accessToken',
					resource: 'student',
					operation: 'getMany',
					limit: 1,
					filters: {},
					sort: { rule: [] },
					options: {},
				},
				{ credentials: credentialRef(credential) },
			),
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Get Many', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** The trigger, then "Record run": every run posts its event's id to `counterUrl`. */
export function triggerThenRecordWorkflow(
	id: string,
	credential: CredentialImport,
	webhookId: string,
	counterUrl: string,
): WorkflowJson {
	return {
		id,
		name: `queue e2e: trigger, each run counted (${id})`,
		active: false,
		nodes: [trigger(credential, webhookId), postEventId('Record run', counterUrl, '$json.id')],
		connections: { [TRIGGER]: { main: [[{ node: 'Record run', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The polling trigger on students (created and updated, every minute), then "Record change": each
 * item posts `<student id>@<updated_at>` to `counterUrl`, one key per change the trigger emitted.
 */
export function pollingThenRecordWorkflow(
	id: string,
	credential: CredentialImport,
	counterUrl: string,
): WorkflowJson {
	const workflow = pollingTriggerWorkflow(id, credential, {
		resource: 'student',
		events: ['created', 'updated'],
		filters: {},
	});
	return {
		...workflow,
		nodes: [
			...workflow.nodes,
			postEventId('Record change', counterUrl, "$json.id + '@' + $json.updated_at"),
		],
		connections: {
			[POLLING_TRIGGER_NODE]: { main: [[{ node: 'Record change', type: 'main', index: 0 }]] },
		},
	};
}

type Connections = Record<
	string,
	{ main: Array<Array<{ node: string; type: string; index: number }>> }
>;

/** The example's claim goes stale after this long, and its runs time out after `TIMEOUT`. */
const STALE = { text: "interval '4 minutes'", seconds: 240 };
const TIMEOUT_SECONDS = 120;

/**
 * examples/queue-mode/payment-reaction-exactly-once.json as shipped, with its credentials and
 * webhook id swapped for the suite's, and two observers posting the event id to `counterUrl`:
 * "Record run" (every run, straight from the trigger) to /runs, and "Act" (the de-duplicated
 * branch, between the receipt and "Mark the event done") to /effects. `timeScale` shortens the
 * claim's stale interval and the workflow's timeout as the suite shortens the platform's retries.
 */
export function exactlyOnceExample(
	id: string,
	credentials: { platform: CredentialImport; postgres: CredentialImport },
	webhookId: string,
	counterUrl: (path: string) => string,
	timeScale = 1,
): WorkflowJson {
	const workflow = loadExactlyOnceExample();
	const claim = workflow.nodes.find((n) => n.name === 'Claim the event')!;
	const query = String(claim.parameters.query);
	if (!query.includes(STALE.text) || workflow.settings?.executionTimeout !== TIMEOUT_SECONDS) {
		throw new Error(
			`the example's claim no longer says ${STALE.text} with a ${TIMEOUT_SECONDS} s timeout: update this copy`,
		);
	}
	claim.parameters.query = query.replace(
		STALE.text,
		`interval '${Math.round(STALE.seconds * timeScale)} seconds'`,
	);
	workflow.settings = {
		...workflow.settings,
		executionTimeout: Math.round(TIMEOUT_SECONDS * timeScale),
	};
	const connections = workflow.connections as Connections;
	const trigger = workflow.nodes.find((n) => n.type === TRIGGER_NODE_TYPE)!;
	trigger.webhookId = webhookId;
	trigger.parameters.options = { output: 'event' };
	for (const n of workflow.nodes) {
		if (n.credentials?.educationPlatformApi) n.credentials = credentialRef(credentials.platform);
		if (n.credentials?.postgres) n.credentials = credentialRef(credentials.postgres);
	}
	const triggerItem = `$('${trigger.name}').item.json.id`;
	workflow.nodes.push(
		postEventId('Record run', counterUrl('/runs'), triggerItem),
		postEventId('Act', counterUrl('/effects'), triggerItem),
	);
	connections[trigger.name].main[0].push({ node: 'Record run', type: 'main', index: 0 });
	connections.Act = connections.Receipt;
	connections.Receipt = { main: [[{ node: 'Act', type: 'main', index: 0 }]] };
	return { ...workflow, id, active: false };
}

/** A production webhook (POST /webhook/<path>, answered at once) whose run, on a worker, is one Education Platform node called "Get Many". */
function webhookThenGetMany(
	id: string,
	name: string,
	credential: CredentialImport,
	path: string,
	parameters: Record<string, unknown>,
): WorkflowJson {
	return {
		id,
		name,
		active: false,
		nodes: [
			node(
				'Webhook',
				'n8n-nodes-base.webhook',
				{ httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
				{ typeVersion: 2, webhookId: path },
			),
			node(
				'Get Many',
				ACTION_NODE_TYPE,
				{ authentication: 'accessToken', operation: 'getMany', ...parameters },
				{ credentials: credentialRef(credential) },
			),
		],
		connections: { Webhook: { main: [[{ node: 'Get Many', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Get Many of every student, Return All, pages of 100. */
export function returnAllWorkflow(
	id: string,
	credential: CredentialImport,
	path: string,
): WorkflowJson {
	return webhookThenGetMany(id, 'queue e2e: Return All on a worker', credential, path, {
		resource: 'student',
		returnAll: true,
		filters: {},
		sort: { rule: [] },
		options: { pageSize: 100 },
	});
}

/** Webhook Subscription → Get Many on a worker: which subscriptions the worker sees as this n8n's. */
export function subscriptionsWorkflow(
	id: string,
	credential: CredentialImport,
	path: string,
): WorkflowJson {
	return webhookThenGetMany(
		id,
		'queue e2e: webhook subscriptions seen from a worker',
		credential,
		path,
		{ resource: 'webhookSubscription', returnAll: true },
	);
}
