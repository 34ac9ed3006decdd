// OAuth2 (Laravel Passport, docs/api-contract.md §7): n8n's generic `oAuth2Api` runs the flows;
// this type fills in its fields, most of them hidden and derived from the Base URL and the Scopes
// ticks. Why each is built so: docs/credentials.md, "How the credential fills n8n's fields".
import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';
import { defaultScopes, scopeOptions } from '../nodes/shared/scopes';

// Every scope offered, so every operation works on first use. n8n keeps no default in a saved
// credential (it applies the type's defaults each time it reads one), so credentials saved with
// untouched Scopes ask for these too from their next token: Client Credentials at once, Authorization
// Code at its next Reconnect. A client the platform does not allow one of them gets invalid_scope,
// whose advice names the fix (docs/credentials.md, "Scopes").
const DEFAULT_SCOPES = defaultScopes();

const ORIGIN_OF_BASE_URL =
	'String($self["baseUrl"] || "").trim().replace(/^(https?:\\/\\/[^\\/?#]+).*$/i, "$1")';

export class EducationPlatformOAuth2Api implements ICredentialType {
	name = 'educationPlatformOAuth2Api';

	// The field-order type first: its Base URL takes the dialog's first place (that file says how).
	extends = ['educationPlatformFieldOrderApi', 'oAuth2Api'];

	displayName = 'Education Platform OAuth2 API';

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
				'Address of your Education Platform, with or without /api. n8n signs in at /oauth/authorize and /oauth/token on the same address (without the path).',
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				{
					name: 'Authorization Code (with PKCE)',
					value: 'pkce',
					description: 'Sign in as a platform user and approve access on the consent page',
				},
				{
					name: 'Client Credentials',
					value: 'clientCredentials',
					description:
						'For an OAuth client with a Client Secret: n8n signs in as the client, no user signs in',
				},
			],
			default: 'pkce',
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Required for Client Credentials. For Authorization Code with PKCE, leave empty if the OAuth client is public (has no secret).',
		},
		{
			displayName: 'Scopes',
			name: 'platformScopes',
			type: 'multiOptions',
			// Each resource's read scope, then the webhook scopes.
			options: scopeOptions(),
			default: DEFAULT_SCOPES,
			description:
				'What n8n may do on the platform. None ticked means all six; tick some to allow only those. After a change, save; with Authorization Code, also click Reconnect.',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			// n8n 2.41's editor leaves an untouched Scopes field out, or saves it as [] (a new credential from a node's picker),
			// and an empty scope leaves the grant to the platform: no scope chosen means the default.
			default: `={{ [].concat($self["platformScopes"] || []).join(" ").trim() || ${JSON.stringify(DEFAULT_SCOPES.join(' '))} }}`,
		},
		{
			displayName: 'Authorization URL Override',
			name: 'authUrlOverride',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://school.example.com/oauth/authorize',
			description: "Leave empty to use /oauth/authorize on the Base URL's address",
			displayOptions: { show: { grantType: ['pkce'] } },
		},
		{
			displayName: 'Access Token URL Override',
			name: 'accessTokenUrlOverride',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://school.example.com/oauth/token',
			description: "Leave empty to use /oauth/token on the Base URL's address",
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: `={{ String($self["authUrlOverride"] || "").trim() || ${ORIGIN_OF_BASE_URL} + "/oauth/authorize" }}`,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `={{ String($self["accessTokenUrlOverride"] || "").trim() || ${ORIGIN_OF_BASE_URL} + "/oauth/token" }}`,
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			// HTTP Basic, as RFC 6749 recommends; n8n falls back to client_id in the body when
			// a public PKCE client has no secret. Passport accepts both (contract §7).
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'header',
		},
	];
}
