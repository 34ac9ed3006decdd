import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { listed } from '../nodes/shared/listed';
import {
	CONNECTION_TEST as tested,
	READ_SCOPES,
	recordsOf,
	WEBHOOK_SCOPES as webhook,
} from '../nodes/shared/scopes';

// The scopes of the resources the test does not list, which a token may be meant for instead.
const otherScopes = Object.values(READ_SCOPES).filter((scope) => scope !== tested.scope);

/**
 * Personal access token (Laravel Passport PAT). docs/api-contract.md §6.
 *
 * The connection test lists one record of the resource CONNECTION_TEST names (students,
 * nodes/shared/scopes.ts): n8n's test is a single request, and students:read is the scope nearly every token has; a 403 says that a
 * token for the other resources still works for them (the contract has no scope-free endpoint that would test any token). The base URL is normalised inside the expression the
 * same way `normalizeBaseUrl` in nodes/shared/transport/credential.ts does it (credential files cannot import code that n8n would
 * have to evaluate before the credential loads): trailing slashes and one pasted `/v1` go, an
 * `/api` prefix stays.
 */
export class EducationPlatformApi implements ICredentialType {
	name = 'educationPlatformApi';

	displayName = 'Education Platform API';

	icon: Icon = {
		light: 'file:../icons/educationPlatform.svg',
		dark: 'file:../icons/educationPlatform.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-education-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://school.example.com',
			description:
				'Address of your Education Platform, with or without /api (for example https://school.example.com or https://school.example.com/api). A pasted /v1 is ignored.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: `A personal access token created in the platform under Settings → API tokens. Give it ${tested.scope}, plus ${listed(otherScopes, 'and')} for those resources, ${webhook.read} to audit webhooks and their delivery logs, and ${webhook.write} for the trigger, deleting webhooks and redelivering events (it includes ${webhook.read}).`,
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
				Accept: 'application/json',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/v1$/i, "") }}',
			url: `/v1${tested.path}`,
			method: 'GET',
			qs: { per_page: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The platform did not accept the access token. Check that it was copied completely and has not been revoked or expired, and that the Base URL points to the platform that issued it.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: `The access token is valid but lacks the ${tested.scope} scope, which this test reads with. Create a token with ${tested.scope} (plus ${otherScopes.join(', ')} for those resources, and ${webhook.write} if you use the trigger or redeliver events). A token meant only for ${listed(otherScopes.map(recordsOf), 'or')} works for them: save the credential anyway.`,
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Education Platform API was found at this Base URL. Use the address of your platform, for example https://school.example.com or https://school.example.com/api.',
				},
			},
		],
	};
}
