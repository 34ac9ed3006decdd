import type { INodeProperties } from 'n8n-workflow';

// Shared by the three nodes so all offer the same two sign-in methods under the same parameter
// values (saved workflows depend on `accessToken` / `oAuth2`); each node's `credentials` list
// shows its credential for these values.

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
