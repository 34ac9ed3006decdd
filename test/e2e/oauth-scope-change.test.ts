// A scope ticked later takes effect for OAuth2 Client Credentials without a new credential, in a
// real n8n (2.41 and 1.123, EDU_E2E_N8N): the credential fetches a token without payments:read,
// Payment → Get Many is refused (403, with advice to tick the scope and save); the credential's
// Scopes are then changed through n8n's REST as the editor's Save does (n8n keeps the stored
// token), and the next run fetches a new token with the current Scopes and lists payments.
import { clientCredentialsCredential } from '../../tooling/lib/demo-credentials';
import { ACTION_NODE_TYPE } from '../../tooling/lib/examples';
import { nodeOutput, type ExecuteOutput } from '../../tooling/lib/n8n-cli';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { timed } from './support/timings';
import { credentialRef, MANUAL_TRIGGER, node } from './support/workflows';

jest.setTimeout(300_000);

const WORKFLOW_ID = 'e2eScopeChange01';
const CREDENTIAL_ID = 'EduScopeChange01';
const WITHOUT_PAYMENTS = ['students:read'];

let n8n: Instance;
let credential: ReturnType<typeof clientCredentialsCredential>;

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		const base = clientCredentialsCredential(
			sandboxLogin(sandbox),
			CREDENTIAL_ID,
			'Education Platform sandbox (scope change)',
		);
		credential = { ...base, data: { ...base.data, platformScopes: WITHOUT_PAYMENTS } };
		const getMany = node(
			'Payments',
			ACTION_NODE_TYPE,
			{ authentication: 'oAuth2', resource: 'payment', operation: 'getMany', limit: 2 },
			{
				credentials: credentialRef(credential),
				position: [240, 0],
			},
		);
		return {
			credentials: [credential],
			workflows: [
				{
					id: WORKFLOW_ID,
					name: 'e2e scope change: Payment Get Many',
					active: false,
					nodes: [node(MANUAL_TRIGGER, 'n8n-nodes-base.manualTrigger', {}), getMany],
					connections: {
						[MANUAL_TRIGGER]: { main: [[{ node: 'Payments', type: 'main', index: 0 }]] },
					},
					settings: { executionOrder: 'v1' },
				},
			],
		};
	});
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

it('Client Credentials: a scope ticked and saved after the first token reaches the next run', async () => {
	const refused = await timed('n8n execute (without payments:read)', () =>
		n8n.cli.execute(WORKFLOW_ID),
	);
	const error = refused.output?.data.resultData.error;
	expect(error?.message).toBe(
		'The credential may not list payments: it lacks the payments:read scope [item 0]',
	);
	expect(error?.description).toMatch(
		/^Tick payments:read under Scopes in the Education Platform OAuth2 credential and save it\. The next run gets a new access token with it\. Request ID: req_\w+\.$/,
	);

	// What the editor's Save sends: the credential's fields, without the token n8n keeps.
	const { id, name, type, data } = credential;
	await n8n.rest.request('PATCH', `/rest/credentials/${id}`, {
		name,
		type,
		data: { ...data, platformScopes: [...WITHOUT_PAYMENTS, 'payments:read'] },
	});

	const listed = await timed('n8n execute (payments:read ticked)', () =>
		n8n.cli.execute(WORKFLOW_ID),
	);
	expect(listed.output?.data.resultData.error).toBeUndefined();
	expect(nodeOutput(listed.output as ExecuteOutput, 'Payments')).toEqual(
		(await n8n.platform.listAll('/v1/payments', {})).slice(0, 2),
	);
});
