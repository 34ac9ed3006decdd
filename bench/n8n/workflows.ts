// The workflows `npm run bench:n8n` imports: each starts with a webhook the client calls and ends
// with a Code node that counts what arrived, so the client's clock covers the whole execution.
import type { CredentialImport } from '../../tooling/lib/demo-credentials';
import {
	ACTION_NODE_TYPE,
	TRIGGER_NODE_TYPE,
	type WorkflowJson,
	type WorkflowNode,
} from '../../tooling/lib/examples';
import { credentialRef, node } from '../../test/e2e/support/workflows';

/** Items that reached the end of a listing workflow, and how many distinct student ids. */
export interface ListingCount {
	count: number;
	unique: number;
}

export const OURS_NODE = 'Education Platform';
export const HTTP_REQUEST_NODE = 'HTTP Request';

const COUNT_CODE =
	'const ids = new Set($input.all().map((item) => item.json.id));\nreturn [{ json: { count: $input.all().length, unique: ids.size } }];';

/** Nodes in a row, the first receiving nothing; positions laid out left to right. */
function chain(id: string, name: string, nodes: WorkflowNode[]): WorkflowJson {
	const connections: Record<string, unknown> = {};
	nodes.forEach((current, index) => {
		current.position = [index * 240, 0];
		const next = nodes[index + 1];
		if (next) connections[current.name] = { main: [[{ node: next.name, type: 'main', index: 0 }]] };
	});
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Answers the client with the Code node's count once the execution has finished. */
function listingWebhook(path: string): WorkflowNode {
	return node(
		'Webhook',
		'n8n-nodes-base.webhook',
		{
			httpMethod: 'POST',
			path,
			responseMode: 'lastNode',
			responseData: 'firstEntryJson',
			options: {},
		},
		{ typeVersion: 2, webhookId: path },
	);
}

const countNode = () =>
	node(
		'Count',
		'n8n-nodes-base.code',
		{ mode: 'runOnceForAllItems', jsCode: COUNT_CODE },
		{ typeVersion: 2 },
	);

export function oursListing(id: string, path: string, credential: CredentialImport): WorkflowJson {
	const getMany = node(
		OURS_NODE,
		ACTION_NODE_TYPE,
		{
			authentication: 'accessToken',
			resource: 'student',
			operation: 'getMany',
			returnAll: true,
			options: {},
		},
		{ credentials: credentialRef(credential) },
	);
	return chain(id, `bench: Education Platform Get Many (${path})`, [
		listingWebhook(path),
		getMany,
		countNode(),
	]);
}

/**
 * What a user would build without this package: the HTTP Request node with its built-in
 * pagination (page = $pageCount + 1 until meta says it was the last page), with the package's
 * credential type for the token, then Split Out on `data`.
 */
export function httpRequestListing(
	id: string,
	path: string,
	credential: CredentialImport,
): WorkflowJson {
	const request = node(
		HTTP_REQUEST_NODE,
		'n8n-nodes-base.httpRequest',
		{
			method: 'GET',
			url: `${String(credential.data.baseUrl)}/v1/students`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: credential.type,
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'per_page', value: '100' }] },
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: {
							parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
						},
						paginationCompleteWhen: 'other',
						completeExpression:
							'={{ $response.body.meta.current_page >= $response.body.meta.last_page }}',
					},
				},
			},
		},
		{ typeVersion: 4.2, credentials: credentialRef(credential) },
	);
	const splitOut = node(
		'Split Out',
		'n8n-nodes-base.splitOut',
		{ fieldToSplitOut: 'data', include: 'noOtherFields', options: {} },
		{ typeVersion: 1 },
	);
	return chain(id, `bench: HTTP Request with pagination (${path})`, [
		listingWebhook(path),
		request,
		splitOut,
		countNode(),
	]);
}

/** The trigger, Manual registration, verifying each delivery's signature with the credential's secret. */
export function signedIngest(
	id: string,
	webhookId: string,
	signing: CredentialImport,
): WorkflowJson {
	const trigger = node(
		'Education Platform Trigger',
		TRIGGER_NODE_TYPE,
		{ registration: 'manual', events: ['payment.succeeded'], options: {} },
		{ typeVersion: 1.1, credentials: credentialRef(signing), webhookId },
	);
	return chain(id, 'bench: signed ingest (Education Platform Trigger)', [trigger, countNode()]);
}

/**
 * n8n's plain Webhook node, answering as soon as the request is received: unsigned, or with its
 * Header Auth (a credential, as the trigger has one: n8n checks and loads it for every request).
 */
export function plainIngest(id: string, path: string, headerAuth?: CredentialImport): WorkflowJson {
	const parameters = {
		httpMethod: 'POST',
		path,
		options: {},
		...(headerAuth && { authentication: 'headerAuth' }),
	};
	const webhook = node('Webhook', 'n8n-nodes-base.webhook', parameters, {
		typeVersion: 2,
		webhookId: path,
		...(headerAuth && { credentials: credentialRef(headerAuth) }),
	});
	return chain(id, `bench: plain Webhook node${headerAuth ? ' with Header Auth' : ''}`, [
		webhook,
		countNode(),
	]);
}

/**
 * What a user would build to verify the same signed deliveries without this package: the Webhook
 * node, the Crypto node computing the HMAC (a credential holds its secret) and an IF comparing it
 * with the `webhook-signature` header; only a matching delivery reaches the Code node. The signed
 * content is rebuilt with `JSON.stringify($json.body)`, which equals the raw body the bench sends
 * (compact JSON) though not every sender's; the Webhook node's Raw Body would cost a binary read.
 */
export function cryptoIfIngest(
	id: string,
	path: string,
	hmacCredential: CredentialImport,
): WorkflowJson {
	const webhook = node(
		'Webhook',
		'n8n-nodes-base.webhook',
		{ httpMethod: 'POST', path, options: {} },
		{ typeVersion: 2, webhookId: path },
	);
	const hmac = node(
		'Crypto',
		'n8n-nodes-base.crypto',
		{
			action: 'hmac',
			type: 'SHA256',
			value:
				"={{ $json.headers['webhook-id'] }}.{{ $json.headers['webhook-timestamp'] }}.{{ JSON.stringify($json.body) }}",
			dataPropertyName: 'expected',
			encoding: 'base64',
		},
		{ typeVersion: 2, credentials: credentialRef(hmacCredential) },
	);
	const check = node(
		'IF',
		'n8n-nodes-base.if',
		{
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: [
					{
						id: 'signature-matches',
						leftValue: "={{ $json.headers['webhook-signature'] }}",
						rightValue: '=v1,{{ $json.expected }}',
						operator: { type: 'string', operation: 'equals' },
					},
				],
				combinator: 'and',
			},
			options: {},
		},
		{ typeVersion: 2.2 },
	);
	// chain() connects IF's first output (true) to Count.
	return chain(id, 'bench: Webhook + Crypto + IF (signature checked by hand)', [
		webhook,
		hmac,
		check,
		countNode(),
	]);
}
