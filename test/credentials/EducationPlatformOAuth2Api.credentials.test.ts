// The OAuth2 credential as n8n's OAuth2 controller and requestOAuth2 see it: defaults and
// expressions applied by the credentials helper, then n8n's own ClientOAuth2 builds the
// authorization URL (PKCE) and exchanges the code.
import { ClientOAuth2, type ClientOAuth2Options } from '@n8n/client-oauth2';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import nock from 'nock';

import { EducationPlatformOAuth2Api } from '../../credentials/EducationPlatformOAuth2Api.credentials';
import { createCredentialsHelper, TEST_INSTANCE_URL, testCredentials } from '../harness';
import { useNock } from '../harness/nock';

const TYPE = 'educationPlatformOAuth2Api';
const REDIRECT_URI = `${TEST_INSTANCE_URL}/rest/oauth2-credential/callback`;

useNock();

/** What n8n hands to the OAuth2 flows when the user clicks "Connect". */
async function resolvedForConnect(data: ICredentialDataDecryptedObject) {
	return await createCredentialsHelper({ [TYPE]: data }).getOAuthCredentialsForAuthorization(TYPE);
}

/** The client n8n's OAuth2CredentialController builds from the credential (convertCredentialToOptions). */
function n8nOAuthClient(
	credentials: ICredentialDataDecryptedObject,
	extra: Partial<ClientOAuth2Options> = {},
) {
	return new ClientOAuth2({
		clientId: credentials.clientId as string,
		clientSecret: credentials.clientSecret as string,
		accessTokenUri: credentials.accessTokenUrl as string,
		authorizationUri: credentials.authUrl as string,
		redirectUri: REDIRECT_URI,
		scopes: String(credentials.scope).split(','),
		...extra,
	});
}

/** getAuthUri for a `pkce` grant: n8n adds the S256 challenge. */
function authorizationUri(credentials: ICredentialDataDecryptedObject, codeChallenge: string) {
	const client = n8nOAuthClient(credentials, {
		state: 'csrf-state',
		query: { code_challenge: codeChallenge, code_challenge_method: 'S256' },
	});
	return new URL(client.code.getUri());
}

describe('Education Platform OAuth2 API credential', () => {
	it("extends n8n's oAuth2Api and offers Authorization Code with PKCE or Client Credentials", () => {
		const credential = new EducationPlatformOAuth2Api();
		expect(credential.name).toBe('educationPlatformOAuth2Api');
		expect(credential.extends).toContain('oAuth2Api');
		const grantType = credential.properties.find((p) => p.name === 'grantType');
		expect(grantType?.options?.map((o) => 'value' in o && o.value)).toEqual([
			'pkce',
			'clientCredentials',
		]);
		expect(grantType?.default).toBe('pkce');
	});

	it.each([
		['https://springfield.edu-platform.test', 'https://springfield.edu-platform.test'],
		['https://springfield.edu-platform.test/api/v1/', 'https://springfield.edu-platform.test'],
		['http://127.0.0.1:4010/api', 'http://127.0.0.1:4010'],
		['https://school.example:8443/tenant/api', 'https://school.example:8443'],
	])('derives the OAuth endpoints of %s from its origin %s', async (baseUrl, origin) => {
		const credentials = await resolvedForConnect({ baseUrl, clientId: 'c' });
		expect(credentials.authUrl).toBe(`${origin}/oauth/authorize`);
		expect(credentials.accessTokenUrl).toBe(`${origin}/oauth/token`);
	});

	it('uses the override URLs when they are filled in', async () => {
		const credentials = await resolvedForConnect({
			baseUrl: 'https://school.example',
			authUrlOverride: 'https://login.school.example/authorize',
			accessTokenUrlOverride: ' https://login.school.example/token ',
		});
		expect(credentials.authUrl).toBe('https://login.school.example/authorize');
		expect(credentials.accessTokenUrl).toBe('https://login.school.example/token');
	});

	it('derives the hidden scope from the Scopes field (default: every scope, so every operation works on first use)', async () => {
		expect((await resolvedForConnect({ baseUrl: 'https://s.example' })).scope).toBe(
			'students:read enrollments:read payments:read exam_results:read webhooks:read webhooks:write',
		);
		expect(
			(
				await resolvedForConnect({
					baseUrl: 'https://s.example',
					platformScopes: ['webhooks:read'],
				})
			).scope,
		).toBe('webhooks:read');
		const finance = {
			baseUrl: 'https://s.example',
			platformScopes: ['enrollments:read', 'payments:read', 'exam_results:read'],
		};
		expect((await resolvedForConnect(finance)).scope).toBe(
			'enrollments:read payments:read exam_results:read',
		);
	});

	it('asks for the default scopes when the editor saved the untouched Scopes field as an empty list', async () => {
		// n8n 2.41's dialog shows the default but saves []; an empty scope= would get every scope the client has.
		expect(
			(
				await resolvedForConnect({
					baseUrl: 'https://s.example',
					clientId: 'public-client',
					platformScopes: [],
				})
			).scope,
		).toBe(
			'students:read enrollments:read payments:read exam_results:read webhooks:read webhooks:write',
		);
	});

	it('ignores a stale stored scope, as n8n does for community OAuth2 types', async () => {
		const credentials = await resolvedForConnect({
			baseUrl: 'https://s.example',
			platformScopes: ['students:read'],
			scope: 'everything',
		});
		expect(credentials.scope).toBe('students:read');
	});

	it('sends header client authentication and no extra authorization query parameters', async () => {
		const credentials = await resolvedForConnect({ baseUrl: 'https://s.example' });
		expect(credentials.authentication).toBe('header');
		expect(credentials.authQueryParameters).toBe('');
		expect(credentials.grantType).toBe('pkce');
	});

	it('builds the authorization URL the platform expects (PKCE S256, space-separated scopes)', async () => {
		const credentials = await resolvedForConnect({
			baseUrl: 'https://springfield.edu-platform.test/api',
			clientId: 'public-client',
			platformScopes: ['students:read', 'webhooks:write'],
		});
		const uri = authorizationUri(credentials, 'challenge-123');

		expect(`${uri.origin}${uri.pathname}`).toBe(
			'https://springfield.edu-platform.test/oauth/authorize',
		);
		expect(Object.fromEntries(uri.searchParams)).toEqual({
			client_id: 'public-client',
			redirect_uri: REDIRECT_URI,
			response_type: 'code',
			state: 'csrf-state',
			scope: 'students:read webhooks:write',
			code_challenge: 'challenge-123',
			code_challenge_method: 'S256',
		});
	});

	it('exchanges the code at the derived token URL with the PKCE verifier (public client)', async () => {
		const credentials = await resolvedForConnect({
			baseUrl: 'https://springfield.edu-platform.test/api',
			clientId: 'public-client',
		});
		const token = nock('https://springfield.edu-platform.test')
			.post('/oauth/token', {
				code: 'auth-code',
				grant_type: 'authorization_code',
				redirect_uri: REDIRECT_URI,
				client_id: 'public-client',
				code_verifier: 'verifier-abc',
			})
			.reply(200, {
				token_type: 'Bearer',
				access_token: 'at',
				refresh_token: 'rt',
				expires_in: 3600,
			});

		const result = await n8nOAuthClient(credentials).code.getToken(
			`${REDIRECT_URI}?code=auth-code&state=s`,
			{ body: { code_verifier: 'verifier-abc' } },
		);

		expect(result.data).toMatchObject({ access_token: 'at', refresh_token: 'rt' });
		expect(token.isDone()).toBe(true);
	});

	it("passes n8n's connection check once connected", async () => {
		const helper = createCredentialsHelper();
		await expect(
			testCredentials(helper, TYPE, {
				baseUrl: 'https://s.example',
				oauthTokenData: { access_token: 'x' },
			}),
		).resolves.toMatchObject({
			status: 'OK',
		});
		await expect(
			testCredentials(helper, TYPE, { baseUrl: 'https://s.example' }),
		).resolves.toMatchObject({ status: 'Error' });
	});
});
