import type { INodeProperties, INodeCredentialDescription } from 'n8n-workflow';
import { ACCESS_TOKEN_CREDENTIAL, OAUTH2_CREDENTIAL } from '../constants';

// Shared by the action node and the trigger node so both offer the same two sign-in methods
// under the same parameter values (saved workflows depend on `accessToken` / `oAuth2`).

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2', value: 'oAuth2' },
	],
	default: 'accessToken',
};

export const authenticationCredentials: INodeCredentialDescription[] = [
	{
		name: ACCESS_TOKEN_CREDENTIAL,
		required: true,
		displayOptions: { show: { authentication: ['accessToken'] } },
	},
	{
		name: OAUTH2_CREDENTIAL,
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
];
