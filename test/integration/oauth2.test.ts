// The OAuth2 credential against the sandbox's real authorization server, through n8n-core's own
// OAuth2 code: client credentials, and access tokens that expire in the middle of a listing.
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { RunningSandbox } from '../../sandbox';
import { pkceChallenge } from '../../sandbox/oauth/routes';
import {
	oAuth2Credentials,
	outputJson,
	runStudentNode,
	sandboxStudents,
	startLiveSandbox,
	STUDENTS_PATH,
	type LiveSandbox,
} from './support/liveSandbox';

// Tokens live 2 s and each list request is held 300 ms: real seconds pass.
jest.setTimeout(30_000);

const STUDENTS = 1_500;
const REDIRECT_URI = 'http://127.0.0.1:5678/rest/oauth2-credential/callback';

let sandbox: LiveSandbox;

beforeAll(async () => {
	sandbox = await startLiveSandbox({
		students: STUDENTS,
		tokenTtl: 2,
		autoApprove: true,
		oauthRedirectUris: [REDIRECT_URI],
	});
});
afterAll(async () => {
	await sandbox?.close();
});
afterEach(() => {
	sandbox.state.faults.clear();
	jest.restoreAllMocks();
});

/**
 * Slows every list request enough that a 2-second token expires part-way through 15 pages, yet
 * leaves a fresh token ample time to be used (a token that expired again before its first use
 * would be a flaky test, not a finding).
 */
function slowListing(ms = 300): void {
	sandbox.state.faults.replace([
		{ id: 'slow', path: STUDENTS_PATH, method: 'GET', fault: { type: 'delay', ms } },
	]);
}

/** What n8n stores after a user approved the consent page: tokens from the authorization-code grant. */
async function authorizationCodeTokens(server: RunningSandbox): Promise<IDataObject> {
	const verifier = randomBytes(32).toString('base64url');
	const authorize = new URL('/oauth/authorize', server.baseUrl);
	authorize.search = new URLSearchParams({
		response_type: 'code',
		client_id: server.config.oauthClientId,
		redirect_uri: REDIRECT_URI,
		scope: 'students:read',
		state: 'integration',
		code_challenge: pkceChallenge(verifier),
		code_challenge_method: 'S256',
	}).toString();
	const approved = await fetch(authorize, { redirect: 'manual' });
	const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code');
	if (!code)
		throw new Error(
			`The sandbox did not approve the authorization request (status ${approved.status})`,
		);
	const token = await fetch(new URL('/oauth/token', server.baseUrl), {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
		body: new URLSearchParams({
			grant_type: 'authorization_code',
			code,
			redirect_uri: REDIRECT_URI,
			code_verifier: verifier,
			client_id: server.config.oauthClientId,
			client_secret: server.config.oauthClientSecret,
		}),
	});
	return (await token.json()) as IDataObject;
}

describe('OAuth2 client credentials', () => {
	it('fetches a token with the client credentials grant and lists with it', async () => {
		const issued = jest.spyOn(sandbox.state.tokens, 'issueAccessToken');

		const result = await runStudentNode(
			sandbox,
			{ operation: 'getMany', limit: 5 },
			{ credentials: oAuth2Credentials(sandbox) },
		);

		expect(result.error).toBeUndefined();
		expect(outputJson(result)).toEqual(sandboxStudents(sandbox).slice(0, 5));
		expect(issued).toHaveBeenCalledTimes(1);
		const stored = result.credentialsHelper.getStored('educationPlatformOAuth2Api')
			.oauthTokenData as Record<string, unknown>;
		expect(stored.access_token).toBe(issued.mock.results[0].value.token);
	});

	it('gets a new token when the current one expires in the middle of a listing, and the result stays exact', async () => {
		slowListing();
		const issued = jest.spyOn(sandbox.state.tokens, 'issueAccessToken');
		const first = sandbox.traffic.requests.length;

		// Two pages at a time: page 1, then 7 rounds of 300 ms outlive a 2-second token.
		const result = await runStudentNode(
			sandbox,
			{ operation: 'getMany', returnAll: true, options: { maxConcurrency: 2 } },
			{ credentials: oAuth2Credentials(sandbox) },
		);

		expect(result.error).toBeUndefined();
		expect(outputJson(result)).toEqual(sandboxStudents(sandbox));
		expect(issued.mock.calls.length).toBeGreaterThan(1);
		const listed = sandbox.traffic.requests
			.slice(first)
			.filter((request) => request.path === STUDENTS_PATH);
		const expired = listed.filter((request) => request.status === 401).length;
		expect(expired).toBeGreaterThan(0);
		// Each 401 (pages in flight may meet the same expiry) led to at most one token request, and
		// every page ended in exactly one 200.
		expect(
			sandbox.traffic.requests.slice(first).filter((request) => request.path === '/oauth/token'),
		).toHaveLength(issued.mock.calls.length);
		expect(issued.mock.calls.length).toBeLessThanOrEqual(expired + 1);
		expect(listed.filter((request) => request.status === 200)).toHaveLength(STUDENTS / 100);
	});
});

describe('OAuth2 authorization code (PKCE)', () => {
	// Default options (Max Concurrent Requests 8): with this grant the node reads one page at a time,
	// since pages in flight would each spend the same one-use refresh token.
	it('refreshes an expired token with the refresh token mid-listing (rotating it each time), and the result stays exact', async () => {
		const tokens = await authorizationCodeTokens(sandbox);
		expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 2 });
		slowListing();
		const refreshed = jest.spyOn(sandbox.state.tokens, 'takeRefreshToken');

		const result = await runStudentNode(
			sandbox,
			{ operation: 'getMany', returnAll: true, filters: { status: ['active'] } },
			{ credentials: oAuth2Credentials(sandbox, { grantType: 'pkce', oauthTokenData: tokens }) },
		);

		expect(result.error).toBeUndefined();
		expect(outputJson(result)).toEqual(sandboxStudents(sandbox, { 'filter[status]': 'active' }));
		expect(refreshed.mock.calls.length).toBeGreaterThan(0);
		// Rotation: every refresh used the token the previous one handed out, so none was refused.
		expect(refreshed.mock.results.every((call) => call.value !== undefined)).toBe(true);
		expect(refreshed.mock.calls[0][0]).toBe(tokens.refresh_token);
		const stored = result.credentialsHelper.getStored('educationPlatformOAuth2Api')
			.oauthTokenData as Record<string, unknown>;
		expect(stored.refresh_token).not.toBe(tokens.refresh_token);
	});
});
