// The credentials `npm start` (and the e2e suite) create, pointing at a sandbox. Plain `data` is
// what `n8n import:credentials` expects: n8n encrypts it with the instance key on import.
import { defaultScopes } from '../../nodes/shared/scopes';

/** Fixed IDs, so the example workflows in examples/ reference them and re-imports update in place. */
export const DEMO_CREDENTIAL_IDS = {
	accessToken: 'EduPlatformToken',
	oAuth2: 'EduPlatformOAuth',
} as const;

export const ACCESS_TOKEN_TYPE = 'educationPlatformApi';
export const OAUTH2_TYPE = 'educationPlatformOAuth2Api';

export interface SandboxLogin {
	baseUrl: string;
	token: string;
	clientId: string;
	clientSecret: string;
}

export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export function accessTokenCredential(
	sandbox: Pick<SandboxLogin, 'baseUrl' | 'token'>,
	id: string = DEMO_CREDENTIAL_IDS.accessToken,
	name = 'Education Platform sandbox (access token)',
): CredentialImport {
	return {
		id,
		name,
		type: ACCESS_TOKEN_TYPE,
		data: { baseUrl: sandbox.baseUrl, accessToken: sandbox.token },
	};
}

export function clientCredentialsCredential(
	sandbox: SandboxLogin,
	id: string = DEMO_CREDENTIAL_IDS.oAuth2,
	name = 'Education Platform sandbox (OAuth2)',
): CredentialImport {
	return {
		id,
		name,
		type: OAUTH2_TYPE,
		data: {
			baseUrl: sandbox.baseUrl,
			grantType: 'clientCredentials',
			clientId: sandbox.clientId,
			clientSecret: sandbox.clientSecret,
			// Every scope the credential offers, so every operation of the nodes works with the demo.
			platformScopes: defaultScopes(),
		},
	};
}

export function demoCredentials(sandbox: SandboxLogin): CredentialImport[] {
	return [accessTokenCredential(sandbox), clientCredentialsCredential(sandbox)];
}
