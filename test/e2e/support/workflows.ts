// The workflows the e2e suite imports into n8n (n8n 2.x JSON), built from the real parameter
// names of the nodes' descriptions.
import { randomUUID } from 'node:crypto';

import type { CredentialImport } from '../../../tooling/lib/demo-credentials';
import {
	ACTION_NODE_TYPE,
	TRIGGER_NODE_TYPE,
	type WorkflowJson,
	type WorkflowNode,
} from '../../../tooling/lib/examples';

type Auth = 'accessToken' | 'oAuth2';

export const MANUAL_TRIGGER = 'Start';

export function credentialRef(credential: CredentialImport): WorkflowNode['credentials'] {
	return { [credential.type]: { id: credential.id, name: credential.name } };
}

export function node(
	name: string,
	type: string,
	parameters: Record<string, unknown>,
	extra: Partial<WorkflowNode> = {},
): WorkflowNode {
	return { id: randomUUID(), name, type, typeVersion: 1, position: [0, 0], parameters, ...extra };
}

/** n8n's HTTP Request node posting `{"id": <id>}` (`id` an expression) to `url`: a side effect a test counts. */
export function postEventId(
	name: string,
	url: string,
	id: string,
	extra: Partial<WorkflowNode> = {},
): WorkflowNode {
	return node(
		name,
		'n8n-nodes-base.httpRequest',
		{
			method: 'POST',
			url,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ id: ${id} }) }}`,
			options: {},
		},
		{ typeVersion: 4.2, ...extra },
	);
}

/** Manual trigger → one node; what `n8n execute` runs. */
function manualWorkflow(id: string, name: string, action: WorkflowNode): WorkflowJson {
	action.position = [240, 0];
	return {
		id,
		name,
		active: false,
		nodes: [node(MANUAL_TRIGGER, 'n8n-nodes-base.manualTrigger', {}), action],
		connections: { [MANUAL_TRIGGER]: { main: [[{ node: action.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

export interface ListQuery {
	status: string[];
	gradeLevel: number[];
	sort: Array<{ field: string; direction: 'asc' | 'desc' }>;
	pageSize: number;
}

/** Two statuses, two grades, a two-field sort and pages of 10: well over ten requests. */
export const LIST_QUERY: ListQuery = {
	status: ['active', 'suspended'],
	gradeLevel: [9, 10],
	sort: [
		{ field: 'last_name', direction: 'asc' },
		{ field: 'created_at', direction: 'desc' },
	],
	pageSize: 10,
};
/** The same query as the platform's API spells it. */
export const LIST_QUERY_AS_API = {
	'filter[status]': 'active,suspended',
	'filter[grade_level]': '9,10',
	sort: 'last_name,-created_at',
};

export function getManyWorkflow(
	id: string,
	auth: Auth,
	credential: CredentialImport,
	query: ListQuery,
): WorkflowJson {
	return manualWorkflow(
		id,
		`e2e Get Many (${auth})`,
		node(
			'Get Many',
			ACTION_NODE_TYPE,
			{
				authentication: auth,
				resource: 'student',
				operation: 'getMany',
				returnAll: true,
				filters: { status: query.status, gradeLevel: query.gradeLevel },
				sort: { rule: query.sort },
				options: { pageSize: query.pageSize },
			},
			{ credentials: credentialRef(credential) },
		),
	);
}

export function getStudentWorkflow(
	id: string,
	credential: CredentialImport,
	studentId: number,
	continueOnFail: boolean,
): WorkflowJson {
	return manualWorkflow(
		id,
		`e2e Get student ${studentId}${continueOnFail ? ' (continue on fail)' : ''}`,
		node(
			'Get',
			ACTION_NODE_TYPE,
			{
				authentication: 'accessToken',
				resource: 'student',
				operation: 'get',
				studentId: String(studentId),
				options: {},
			},
			{
				credentials: credentialRef(credential),
				...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
			},
		),
	);
}

/** n8n's HTTP Request node using this package's credential type ("Predefined Credential Type"). */
export function httpRequestWorkflow(
	id: string,
	credential: CredentialImport,
	url: string,
): WorkflowJson {
	return manualWorkflow(
		id,
		'e2e HTTP Request with the Education Platform credential',
		node(
			'HTTP Request',
			'n8n-nodes-base.httpRequest',
			{
				method: 'GET',
				url,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: credential.type,
				options: {},
			},
			{ typeVersion: 4.2, credentials: credentialRef(credential) },
		),
	);
}

export const TRIGGER_NODE = 'Education Platform Trigger';

export function triggerWorkflow(
	id: string,
	credential: CredentialImport,
	events: string[],
	webhookId: string,
): WorkflowJson {
	const trigger = node(
		TRIGGER_NODE,
		TRIGGER_NODE_TYPE,
		{ registration: 'automatic', authentication: 'accessToken', events, options: {} },
		{ credentials: credentialRef(credential), webhookId },
	);
	return {
		id,
		name: 'e2e trigger',
		active: false,
		nodes: [trigger],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

export const POLLING_TRIGGER_NODE = 'Education Platform Polling Trigger';

/** The polling trigger, polled every minute (n8n's shortest Poll Time); by default on new students. */
export function pollingTriggerWorkflow(
	id: string,
	credential: CredentialImport,
	watch: {
		resource: string;
		events: string[];
		filters: Record<string, unknown>;
		options?: Record<string, unknown>;
	} = {
		resource: 'student',
		events: ['created'],
		filters: {},
	},
): WorkflowJson {
	const trigger = node(
		POLLING_TRIGGER_NODE,
		'n8n-nodes-education-platform.educationPlatformPollingTrigger',
		{
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			authentication: 'accessToken',
			options: {},
			...watch,
		},
		{ credentials: credentialRef(credential) },
	);
	return {
		id,
		name: `e2e polling trigger (${watch.resource})`,
		active: false,
		nodes: [trigger],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** The polling trigger on new students, then a Stop and Error node: every run of it fails. */
export function failingPollingTriggerWorkflow(
	id: string,
	credential: CredentialImport,
): WorkflowJson {
	const workflow = pollingTriggerWorkflow(id, credential);
	const stop = node(
		'Fail the run',
		'n8n-nodes-base.stopAndError',
		{ errorMessage: 'this run fails on purpose' },
		{ position: [240, 0] },
	);
	return {
		...workflow,
		name: 'e2e polling trigger, failing run',
		nodes: [...workflow.nodes, stop],
		connections: {
			[POLLING_TRIGGER_NODE]: { main: [[{ node: stop.name, type: 'main', index: 0 }]] },
		},
	};
}
