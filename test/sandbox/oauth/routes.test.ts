// The OAuth 2.0 authorization server (contract §7) over real HTTP.
import { createHash, randomBytes } from 'node:crypto';

import type { RunningSandbox } from '../../../sandbox';
import { ManualClock } from '../../../sandbox/clock';
import { OAuthErrorSchema, TokenResponseSchema } from '../../../sandbox/schemas/oauth';
import { call, startTestSandbox } from '../helpers';

const REDIRECT_URI = 'http://127.0.0.1:5678/rest/oauth2-credential/callback';
const CLIENT = { id: 'demo-client', secret: 'demo-secret' };
const clock = new ManualClock();

function pkce() {
	const verifier = randomBytes(32).toString('base64url');
	return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(sandbox: RunningSandbox, params: Record<string, string>): string {
	return `${sandbox.baseUrl}/oauth/authorize?${new URLSearchParams({
		response_type: 'code',
		client_id: CLIENT.id,
		redirect_uri: REDIRECT_URI,
		scope: 'students:read webhooks:write',
		state: 'xyz',
		code_challenge_method: 'S256',
		...params,
	})}`;
}

function basic(id = CLIENT.id, secret = CLIENT.secret): string {
	return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

async function token(
	sandbox: RunningSandbox,
	params: Record<string, string>,
	headers: Record<string, string> = { authorization: basic() },
) {
	const response = await fetch(`${sandbox.baseUrl}/oauth/token`, {
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			accept: 'application/json',
			...headers,
		},
		body: new URLSearchParams(params).toString(),
	});
	return {
		status: response.status,
		headers: response.headers,
		body: (await response.json()) as Record<string, any>,
	};
}

function redirectParams(location: string | null): URLSearchParams {
	expect(location).not.toBeNull();
	expect(location!.startsWith(`${REDIRECT_URI}?`)).toBe(true);
	return new URL(location!).searchParams;
}

async function authorizationCode(sandbox: RunningSandbox, challenge: string): Promise<string> {
	const response = await fetch(authorizeUrl(sandbox, { code_challenge: challenge }), {
		redirect: 'manual',
	});
	expect(response.status).toBe(302);
	const params = redirectParams(response.headers.get('location'));
	expect(params.get('state')).toBe('xyz');
	return params.get('code')!;
}

describe('with auto-approve', () => {
	let sandbox: RunningSandbox;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ autoApprove: true, clock, tokenTtl: 120 });
	});
	afterAll(() => sandbox.close());

	it('runs authorization code + PKCE S256, and the access token works on the API', async () => {
		const { verifier, challenge } = pkce();
		const code = await authorizationCode(sandbox, challenge);
		const issued = await token(sandbox, {
			grant_type: 'authorization_code',
			code,
			redirect_uri: REDIRECT_URI,
			code_verifier: verifier,
		});
		expect(issued.status).toBe(200);
		expect(TokenResponseSchema.parse(issued.body)).toEqual(issued.body);
		expect(issued.body).toMatchObject({
			token_type: 'Bearer',
			expires_in: 120,
			scope: 'students:read webhooks:write',
		});
		expect(issued.body.refresh_token).toBeDefined();
		expect(issued.headers.get('cache-control')).toBe('no-store');
		const students = await call(sandbox, '/v1/students/1', { token: issued.body.access_token });
		expect(students.status).toBe(200);

		const again = await token(sandbox, {
			grant_type: 'authorization_code',
			code,
			redirect_uri: REDIRECT_URI,
			code_verifier: verifier,
		});
		expect(again.status).toBe(400);
		expect(again.body.error).toBe('invalid_grant');
	});

	it('refuses a wrong code_verifier and a different redirect_uri', async () => {
		const { challenge } = pkce();
		const code = await authorizationCode(sandbox, challenge);
		const wrong = await token(sandbox, {
			grant_type: 'authorization_code',
			code,
			redirect_uri: REDIRECT_URI,
			code_verifier: pkce().verifier,
		});
		expect(wrong.status).toBe(400);
		expect(OAuthErrorSchema.parse(wrong.body)).toEqual(wrong.body);
		expect(wrong.body).toMatchObject({
			error: 'invalid_grant',
			message: expect.stringContaining('code_verifier'),
		});

		const second = pkce();
		const code2 = await authorizationCode(sandbox, second.challenge);
		const redirect = await token(sandbox, {
			grant_type: 'authorization_code',
			code: code2,
			redirect_uri: 'http://localhost:5678/rest/oauth2-credential/callback',
			code_verifier: second.verifier,
		});
		expect(redirect.body.error).toBe('invalid_grant');
	});

	it('lets a public client exchange a code with client_id only', async () => {
		const { verifier, challenge } = pkce();
		const response = await fetch(
			authorizeUrl(sandbox, { client_id: 'demo-public-client', code_challenge: challenge }),
			{ redirect: 'manual' },
		);
		const code = redirectParams(response.headers.get('location')).get('code')!;
		const issued = await token(
			sandbox,
			{
				grant_type: 'authorization_code',
				code,
				redirect_uri: REDIRECT_URI,
				code_verifier: verifier,
				client_id: 'demo-public-client',
			},
			{},
		);
		expect(issued.status).toBe(200);
	});

	it('rotates refresh tokens, refreshes after expiry, and may narrow the scope', async () => {
		const { verifier, challenge } = pkce();
		const code = await authorizationCode(sandbox, challenge);
		const first = (
			await token(sandbox, {
				grant_type: 'authorization_code',
				code,
				redirect_uri: REDIRECT_URI,
				code_verifier: verifier,
			})
		).body;

		clock.advance(121_000);
		expect((await call(sandbox, '/v1/students/1', { token: first.access_token })).body.code).toBe(
			'token_expired',
		);

		const refreshed = await token(
			sandbox,
			{
				grant_type: 'refresh_token',
				refresh_token: first.refresh_token,
				client_id: CLIENT.id,
				client_secret: CLIENT.secret,
			},
			{},
		);
		expect(refreshed.status).toBe(200);
		expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
		expect(
			(await call(sandbox, '/v1/students/1', { token: refreshed.body.access_token })).status,
		).toBe(200);

		const reused = await token(sandbox, {
			grant_type: 'refresh_token',
			refresh_token: first.refresh_token,
		});
		expect(reused.status).toBe(400);
		expect(reused.body.error).toBe('invalid_grant');

		const narrowed = await token(sandbox, {
			grant_type: 'refresh_token',
			refresh_token: refreshed.body.refresh_token,
			scope: 'webhooks:write',
		});
		expect(narrowed.body.scope).toBe('webhooks:write');
		expect(
			(await call(sandbox, '/v1/students/1', { token: narrowed.body.access_token })).status,
		).toBe(403);
		const widened = await token(sandbox, {
			grant_type: 'refresh_token',
			refresh_token: narrowed.body.refresh_token,
			scope: 'students:read',
		});
		expect(widened.body.error).toBe('invalid_scope');
	});

	it('issues client-credentials tokens (Basic or body auth), without a refresh token', async () => {
		const viaBasic = await token(sandbox, { grant_type: 'client_credentials' });
		expect(viaBasic.status).toBe(200);
		expect(viaBasic.body).toMatchObject({
			scope:
				'students:read enrollments:read payments:read exam_results:read webhooks:read webhooks:write',
		});
		expect(viaBasic.body.refresh_token).toBeUndefined();
		const viaBody = await token(
			sandbox,
			{
				grant_type: 'client_credentials',
				client_id: CLIENT.id,
				client_secret: CLIENT.secret,
				scope: 'students:read',
			},
			{},
		);
		expect(viaBody.body.scope).toBe('students:read');
		const list = await call(sandbox, '/v1/students?per_page=1', {
			token: viaBody.body.access_token,
		});
		expect(list.status).toBe(200);
		expect(list.headers.get('x-ratelimit-limit')).toBe('600');
	});

	it.each([
		[
			'a wrong secret',
			{ grant_type: 'client_credentials' },
			{ authorization: basic(CLIENT.id, 'wrong') },
			401,
			'invalid_client',
		],
		[
			'an unknown client',
			{ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' },
			{},
			401,
			'invalid_client',
		],
		['no client auth', { grant_type: 'client_credentials' }, {}, 401, 'invalid_client'],
		[
			'a confidential client without its secret',
			{ grant_type: 'client_credentials', client_id: CLIENT.id },
			{},
			401,
			'invalid_client',
		],
		[
			'an unknown scope',
			{ grant_type: 'client_credentials', scope: 'admin' },
			undefined,
			400,
			'invalid_scope',
		],
		['an unknown grant', { grant_type: 'password' }, undefined, 400, 'unsupported_grant_type'],
		['no grant type', {}, undefined, 400, 'invalid_request'],
		[
			'a public client using client credentials',
			{ grant_type: 'client_credentials', client_id: 'demo-public-client' },
			{},
			400,
			'unauthorized_client',
		],
	])('answers %s per RFC 6749', async (_name, params, headers, status, error) => {
		const response = await token(
			sandbox,
			params as Record<string, string>,
			headers as Record<string, string> | undefined,
		);
		expect(response.status).toBe(status);
		expect(OAuthErrorSchema.parse(response.body)).toEqual(response.body);
		expect(response.body.error).toBe(error);
	});

	it('accepts a JSON token request', async () => {
		const response = await fetch(`${sandbox.baseUrl}/oauth/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				grant_type: 'client_credentials',
				client_id: CLIENT.id,
				client_secret: CLIENT.secret,
			}),
		});
		expect(response.status).toBe(200);
	});

	it('refuses plain PKCE, missing PKCE and unknown scopes by redirecting with an error', async () => {
		for (const [params, error] of [
			[{ code_challenge: pkce().challenge, code_challenge_method: 'plain' }, 'invalid_request'],
			[{}, 'invalid_request'],
			[{ code_challenge: pkce().challenge, scope: 'admin' }, 'invalid_scope'],
			[{ code_challenge: pkce().challenge, response_type: 'token' }, 'unsupported_response_type'],
		] as const) {
			const response = await fetch(authorizeUrl(sandbox, params), { redirect: 'manual' });
			expect(response.status).toBe(302);
			const redirect = redirectParams(response.headers.get('location'));
			expect(redirect.get('error')).toBe(error);
			expect(redirect.get('state')).toBe('xyz');
		}
	});

	it('shows an error page instead of redirecting to an unregistered redirect_uri or for an unknown client', async () => {
		for (const params of [
			{ redirect_uri: 'https://evil.example/cb' },
			{ client_id: 'nobody' },
		] as Record<string, string>[]) {
			const response = await fetch(
				authorizeUrl(sandbox, { code_challenge: pkce().challenge, ...params }),
				{ redirect: 'manual' },
			);
			expect(response.status).toBe(400);
			expect(response.headers.get('content-type')).toContain('text/html');
			expect(response.headers.get('location')).toBeNull();
		}
	});
});

describe('through the consent page', () => {
	let sandbox: RunningSandbox;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ autoApprove: false });
	});
	afterAll(() => sandbox.close());

	async function consent(challenge: string): Promise<string> {
		const page = await fetch(authorizeUrl(sandbox, { code_challenge: challenge }));
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toContain('text/html');
		const html = await page.text();
		expect(html).toContain('Read student records');
		expect(html).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/);
		expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
		return /name="consent_id" value="([^"]+)"/.exec(html)![1];
	}

	function decide(consentId: string, decision: string) {
		return fetch(`${sandbox.baseUrl}/oauth/authorize`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ consent_id: consentId, decision }).toString(),
		});
	}

	it('redirects with a code after Approve, and the code works', async () => {
		const { verifier, challenge } = pkce();
		const consentId = await consent(challenge);
		const approved = await decide(consentId, 'approve');
		expect(approved.status).toBe(302);
		const params = redirectParams(approved.headers.get('location'));
		expect(params.get('state')).toBe('xyz');
		const issued = await token(sandbox, {
			grant_type: 'authorization_code',
			code: params.get('code')!,
			redirect_uri: REDIRECT_URI,
			code_verifier: verifier,
		});
		expect(issued.status).toBe(200);

		const replay = await decide(consentId, 'approve');
		expect(replay.status).toBe(400);
	});

	it('redirects with access_denied after Deny', async () => {
		const denied = await decide(await consent(pkce().challenge), 'deny');
		expect(denied.status).toBe(302);
		const params = redirectParams(denied.headers.get('location'));
		expect(params.get('error')).toBe('access_denied');
		expect(params.get('state')).toBe('xyz');
		expect(params.get('code')).toBeNull();
	});
});
