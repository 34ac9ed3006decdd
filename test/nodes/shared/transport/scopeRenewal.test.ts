// A scope ticked later reaches the platform for every OAuth2 grant: through n8n's real engine
// (2.41, the harness's n8n-core), a Client Credentials credential whose stored token lacks a scope
// gets one new token with the credential's current Scopes on a 403, and the request is repeated.
import type { ICredentialDataDecryptedObject, NodeApiError } from 'n8n-workflow';
import nock from 'nock';

import { ApiProbe, createCredentialsHelper, runNode } from '../../../harness';
import { useNock } from '../../../harness/nock';

const ORIGIN = 'https://springfield.edu-platform.test';
const forbidden = {
	message: 'This action requires the payments:read scope.',
	code: 'insufficient_scope',
	required_scopes: ['payments:read'],
};
const page = { data: [{ id: 'pay_1' }] };

useNock();

/** A Client Credentials credential that already holds a token fetched before payments:read was ticked. */
function clientCredentials(scopes: string[]): ICredentialDataDecryptedObject {
	return {
		baseUrl: ORIGIN,
		grantType: 'clientCredentials',
		clientId: 'client-1',
		clientSecret: 'secret-1',
		platformScopes: scopes,
		oauthTokenData: {
			access_token: 'old-token',
			token_type: 'Bearer',
			scope: 'students:read webhooks:write',
		},
	};
}

function payments(credentialsHelper: ReturnType<typeof createCredentialsHelper>) {
	return runNode({
		nodeType: new ApiProbe(),
		parameters: { authentication: 'oAuth2', endpoint: '/payments' },
		credentialsHelper,
	});
}

describe('a scope ticked later, Client Credentials', () => {
	it('on a 403 insufficient_scope fetches a token with the current Scopes, stores it and repeats the request once', async () => {
		const helper = createCredentialsHelper({
			educationPlatformOAuth2Api: clientCredentials(['students:read', 'payments:read']),
		});
		const refused = nock(ORIGIN, { reqheaders: { authorization: 'Bearer old-token' } })
			.get('/v1/payments')
			.reply(403, forbidden);
		const token = nock(ORIGIN)
			.post('/oauth/token', {
				grant_type: 'client_credentials',
				scope: 'students:read payments:read',
			})
			.reply(200, {
				token_type: 'Bearer',
				access_token: 'new-token',
				expires_in: 3600,
				scope: 'students:read payments:read',
			});
		const api = nock(ORIGIN, { reqheaders: { authorization: 'Bearer new-token' } })
			.get('/v1/payments')
			.reply(200, page);

		const result = await payments(helper);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toEqual(page);
		expect([refused.isDone(), token.isDone(), api.isDone()]).toEqual([true, true, true]);
		expect(helper.getStored('educationPlatformOAuth2Api').oauthTokenData).toMatchObject({
			access_token: 'new-token',
		});
	});

	it('asks for one new token only: a scope still not ticked ends in the 403 that says to tick it and save', async () => {
		const helper = createCredentialsHelper({
			educationPlatformOAuth2Api: clientCredentials(['students:read']),
		});
		nock(ORIGIN).get('/v1/payments').times(2).reply(403, forbidden);
		const token = nock(ORIGIN)
			.post('/oauth/token')
			.once()
			.reply(200, { token_type: 'Bearer', access_token: 'same-scopes', expires_in: 3600 });

		const result = await payments(helper);

		const error = result.error as NodeApiError;
		expect(error.httpCode).toBe('403');
		expect(error.message).toBe(
			'The credential may not list payments: it lacks the payments:read scope',
		);
		expect(error.description).toBe(
			'Tick payments:read under Scopes in the Education Platform OAuth2 credential and save it. The next run gets a new access token with it.',
		);
		expect(token.isDone()).toBe(true);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a client the platform does not allow the scope says so, from the token request', async () => {
		const helper = createCredentialsHelper({
			educationPlatformOAuth2Api: clientCredentials(['students:read', 'payments:read']),
		});
		nock(ORIGIN).get('/v1/payments').reply(403, forbidden);
		nock(ORIGIN)
			.post('/oauth/token')
			.reply(400, { error: 'invalid_scope', error_description: 'The requested scope is invalid.' });

		const result = await payments(helper);

		expect((result.error as NodeApiError).description).toMatch(
			/^The OAuth client may not request one of the selected Scopes/,
		);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('a scope ticked later, Authorization Code', () => {
	it('gets no new token on a 403 (the refresh token keeps its scopes): the advice is to Reconnect', async () => {
		const helper = createCredentialsHelper({
			educationPlatformOAuth2Api: {
				baseUrl: ORIGIN,
				grantType: 'pkce',
				clientId: 'public-client',
				clientSecret: '',
				platformScopes: ['students:read', 'payments:read'],
				oauthTokenData: {
					access_token: 'consented',
					refresh_token: 'refresh-1',
					token_type: 'Bearer',
				},
			},
		});
		nock(ORIGIN).get('/v1/payments').reply(403, forbidden);

		const result = await payments(helper);

		expect((result.error as NodeApiError).description).toBe(
			"Tick payments:read under Scopes in the Education Platform OAuth2 credential, save it and click Reconnect, then approve the new access on the platform's page.",
		);
		expect(nock.pendingMocks()).toEqual([]);
	});
});
