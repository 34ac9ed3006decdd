import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	INode,
	INodeCredentialTestResult,
	INodeType,
} from 'n8n-workflow';
import { createRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import type { TestCredentialsHelper } from './credentialsHelper';

/**
 * Runs a credential type's connection test the way n8n's CredentialsTester does when a user
 * clicks "Test" / saves the credential (packages/cli/src/services/credentials-tester.service.ts):
 *
 * - `test.request`: defaults and expressions are applied to the entered data, then the request
 *   runs through n8n-core's RoutingNode on a temporary no-op node (so `baseURL`/`url`
 *   expressions see `$credentials`, and the credential's `authenticate` block is applied).
 *   A failure is matched against `test.rules` (responseCode → that rule's message), else
 *   "Received HTTP status code: …"; success → "Connection successful!".
 * - OAuth2 types (no `test`): OK when token data with an access_token is present.
 */
export async function testCredentials(
	helper: TestCredentialsHelper,
	type: string,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const credentialType = helper.types.getByName(type);
	if (!credentialType.test) {
		if (helper.getParentTypes(type).includes('oAuth2Api')) {
			const token = data.oauthTokenData as { access_token?: string } | undefined;
			return token?.access_token
				? { status: 'OK', message: 'Connection Successful!' }
				: { status: 'Error', message: "Couldn't connect with these settings" };
		}
		return { status: 'Error', message: 'No testing function found for this credential.' };
	}
	const { test } = credentialType;

	helper.setCredentials(type, data);
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: 'credential-under-test',
		name: 'Credential under test',
		type,
		data: await helper.applyDefaults(type, data),
	};

	const nodeType: INodeType = {
		description: {
			displayName: 'No Operation, do nothing',
			name: 'n8n-nodes-base.noOp',
			group: ['organization'],
			version: 1,
			description: 'No operation',
			defaults: { name: 'No Operation' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: type, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		credentials: { [type]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeType,
			getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(nodeType),
			getKnownTypes: () => ({}),
		},
	});
	const context = new ExecuteContext(
		workflow,
		node,
		createAdditionalData({ credentialsHelper: helper }),
		'internal',
		createRunExecutionData({ executionData: null }),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);

	try {
		await new RoutingNode(context, nodeType, credentialsDecrypted).runNode();
	} catch (error) {
		const response = error.cause?.response as { status: number; statusText?: string } | undefined;
		if (response) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === response.status) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (response.status < 199 || response.status > 299) {
				return {
					status: 'Error',
					message: response.statusText || `Received HTTP status code: ${response.status}`,
				};
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: String(error.message) };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
