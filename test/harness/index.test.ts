import { HookContext } from 'n8n-core';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import nock from 'nock';

import { apiRequest } from '../../nodes/shared/transport';
import {
	ApiProbe,
	createNodeWorkflow,
	createWebhookData,
	runNode,
	TEST_INSTANCE_URL,
	TEST_WEBHOOK_ID,
} from '.';
import { useNock } from './nock';

const BASE = 'https://school.test';

useNock();

describe('engine test harness', () => {
	it("runs a node through WorkflowExecute and applies the credential's generic authenticate block", async () => {
		const scope = nock(BASE, {
			reqheaders: { authorization: 'Bearer pat-123', accept: 'application/json' },
		})
			.get('/v1/students')
			.query({ per_page: '1' })
			.reply(200, { data: [{ id: 1 }] });

		const result = await runNode({
			nodeType: new ApiProbe(),
			parameters: { endpoint: '/students', qs: '{"per_page":1}' },
			credentials: { educationPlatformApi: { baseUrl: BASE, accessToken: 'pat-123' } },
			input: [{ n: 1 }],
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { body: { data: [{ id: 1 }] } }, pairedItem: { item: 0 } },
		]);
		expect(scope.isDone()).toBe(true);
	});
});

describe('engine test harness with OAuth2', () => {
	it("runs n8n-core's real client-credentials flow and stores the token it fetched", async () => {
		const token = nock(BASE)
			.post(
				'/oauth/token',
				(body) => body.grant_type === 'client_credentials' && body.scope === 'students:read',
			)
			.reply(200, { token_type: 'Bearer', access_token: 'cc-1', expires_in: 3600 });
		const api = nock(BASE, { reqheaders: { authorization: 'Bearer cc-1' } })
			.get('/api/v1/students')
			.reply(200, { data: [] });

		const result = await runNode({
			nodeType: new ApiProbe(),
			parameters: { authentication: 'oAuth2', endpoint: '/students' },
			credentials: {
				educationPlatformOAuth2Api: {
					baseUrl: `${BASE}/api/v1/`,
					grantType: 'clientCredentials',
					clientId: 'client',
					clientSecret: 'secret',
					platformScopes: ['students:read'],
				},
			},
		});

		expect(result.error).toBeUndefined();
		expect(token.isDone()).toBe(true);
		expect(api.isDone()).toBe(true);
		expect(
			result.credentialsHelper.getStored('educationPlatformOAuth2Api').oauthTokenData,
		).toMatchObject({
			access_token: 'cc-1',
		});
	});
});

/** A minimal webhook trigger: registers its URL on activation. */
class RegisteringTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Registering Trigger',
		name: 'registeringTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Test trigger',
		defaults: { name: 'Registering Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'educationPlatformApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'hidden',
				default: 'accessToken',
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions) {
				return false;
			},
			async create(this: IHookFunctions) {
				const url = this.getNodeWebhookUrl('default');
				const response = await apiRequest.call(this, 'POST', '/webhooks', {
					body: { url, events: ['payment.succeeded'] },
				});
				this.getWorkflowStaticData('node').webhookId = (
					response as { data: { id: string } }
				).data.id;
				return true;
			},
			async delete(this: IHookFunctions) {
				return true;
			},
		},
	};

	async webhook(): Promise<IWebhookResponseData> {
		return {};
	}
}

describe('building blocks for trigger tests', () => {
	it('gives HookContext a workflow whose webhook URL and credentials work', async () => {
		const built = createNodeWorkflow({
			nodeType: new RegisteringTrigger(),
			credentials: { educationPlatformApi: { baseUrl: BASE, accessToken: 'pat-9' } },
		});
		const { workflow, node, additionalData } = built;
		const api = nock(BASE, {
			reqheaders: { authorization: 'Bearer pat-9', accept: 'application/json' },
		})
			.post('/v1/webhooks', {
				url: `${TEST_INSTANCE_URL}/webhook/${TEST_WEBHOOK_ID}/webhook`,
				events: ['payment.succeeded'],
			})
			.reply(201, { data: { id: 'wh_1', secret: 'whsec_x' } });

		const context = new HookContext(
			workflow,
			node,
			additionalData,
			'trigger',
			'activate',
			createWebhookData(built),
		);
		await expect(
			new RegisteringTrigger().webhookMethods.default.create.call(context),
		).resolves.toBe(true);

		expect(api.isDone()).toBe(true);
		expect(workflow.staticData[`node:${node.name}`]).toEqual({ webhookId: 'wh_1' });
	});
});
