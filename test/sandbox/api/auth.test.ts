// Authentication, scopes and rate limiting over real HTTP (contract §4–§6).
import type { RunningSandbox } from '../../../sandbox';
import { ManualClock } from '../../../sandbox/clock';
import { ErrorBodySchema } from '../../../sandbox/schemas/common';
import { call, startTestSandbox } from '../helpers';

const START = Date.UTC(2026, 10, 21, 9, 0, 0, 250);

describe('authentication and scopes', () => {
	let sandbox: RunningSandbox;
	const clock = new ManualClock(START);

	beforeAll(async () => {
		sandbox = await startTestSandbox({
			clock,
			tokenTtl: 60,
			tokens: [
				{ token: 'read-only-webhooks', scopes: ['webhooks:read'] },
				{ token: 'writer', scopes: ['webhooks:write'] },
			],
		});
	});
	afterAll(() => sandbox.close());

	it.each([
		['no token', {}],
		['an unknown token', { authorization: 'Bearer nope' }],
		['a malformed header', { authorization: 'Token demo-token' }],
		['an empty bearer', { authorization: 'Bearer ' }],
	])('answers %s with 401 unauthenticated and WWW-Authenticate', async (_name, headers) => {
		const {
			status,
			headers: responseHeaders,
			body,
		} = await call(sandbox, '/v1/students', { token: null, headers });
		expect(status).toBe(401);
		expect(ErrorBodySchema.parse(body)).toEqual(body);
		expect(body.code).toBe('unauthenticated');
		expect(responseHeaders.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
		expect(responseHeaders.get('x-ratelimit-limit')).toBeNull();
	});

	it('accepts the scheme case-insensitively', async () => {
		expect(
			(
				await call(sandbox, '/v1/students/1', {
					token: null,
					headers: { authorization: 'bearer demo-token' },
				})
			).status,
		).toBe(200);
	});

	it('answers an expired OAuth access token with 401 token_expired', async () => {
		const { token } = sandbox.state.tokens.issueAccessToken(
			{ kind: 'oauth', scopes: ['students:read'], rateKey: 'client:test', clientId: 'demo-client' },
			60,
		);
		expect((await call(sandbox, '/v1/students/1', { token })).status).toBe(200);
		clock.advance(60_000);
		const { status, headers, body } = await call(sandbox, '/v1/students/1', { token });
		expect(status).toBe(401);
		expect(body).toMatchObject({
			code: 'token_expired',
			message: 'The access token has expired. Refresh it and try again.',
		});
		expect(headers.get('www-authenticate')).toContain('error="invalid_token"');
	});

	it('answers a missing scope with 403 insufficient_scope and required_scopes', async () => {
		const { status, headers, body } = await call(sandbox, '/v1/students', {
			token: 'read-only-webhooks',
		});
		expect(status).toBe(403);
		expect(ErrorBodySchema.parse(body)).toEqual(body);
		expect(body).toMatchObject({ code: 'insufficient_scope', required_scopes: ['students:read'] });
		expect(body.message).toContain('students:read');
		expect(headers.get('x-ratelimit-limit')).toBe('600');
	});

	it('lets webhooks:write imply webhooks:read', async () => {
		expect((await call(sandbox, '/v1/webhooks', { token: 'writer' })).status).toBe(200);
		expect((await call(sandbox, '/v1/webhooks', { token: 'read-only-webhooks' })).status).toBe(200);
	});

	it('issues personal access tokens with chosen scopes through /sandbox/tokens', async () => {
		const created = await call(sandbox, '/sandbox/tokens', {
			method: 'POST',
			token: null,
			body: { scopes: ['webhooks:read'] },
		});
		expect(created.status).toBe(201);
		expect(created.body.data).toEqual({
			token: expect.stringMatching(/^edu_pat_/),
			scopes: ['webhooks:read'],
		});
		expect((await call(sandbox, '/v1/students', { token: created.body.data.token })).status).toBe(
			403,
		);
		const bad = await call(sandbox, '/sandbox/tokens', {
			method: 'POST',
			token: null,
			body: { scopes: ['admin'] },
		});
		expect(bad.status).toBe(422);
		expect(Object.keys(bad.body.errors)).toEqual(['scopes.0']);
	});
});

describe('rate limit (fixed 60 s window per token)', () => {
	let sandbox: RunningSandbox;
	const clock = new ManualClock(START);

	beforeAll(async () => {
		sandbox = await startTestSandbox({
			clock,
			rateLimit: 3,
			tokens: [{ token: 'second', scopes: ['students:read'] }],
		});
	});
	afterAll(() => sandbox.close());

	const windowEnd = Math.ceil((START + 60_000) / 1000);

	it('counts down, rejects with 429 + Retry-After, does not count rejections, and reopens after the window', async () => {
		const remaining: string[] = [];
		for (let i = 0; i < 3; i++) {
			clock.set(START + i * 1000);
			const { status, headers } = await call(
				sandbox,
				i === 1 ? '/v1/students/99999' : '/v1/students/1',
			);
			expect(status).toBe(i === 1 ? 404 : 200);
			expect(headers.get('x-ratelimit-limit')).toBe('3');
			expect(headers.get('x-ratelimit-reset')).toBe(String(windowEnd));
			remaining.push(headers.get('x-ratelimit-remaining')!);
		}
		expect(remaining).toEqual(['2', '1', '0']);

		clock.set(START + 30_000);
		const limited = await call(sandbox, '/v1/students/1');
		expect(limited.status).toBe(429);
		expect(ErrorBodySchema.parse(limited.body)).toEqual(limited.body);
		expect(limited.body).toMatchObject({ code: 'rate_limited', retry_after: 30 });
		expect(limited.headers.get('retry-after')).toBe('30');
		expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

		clock.set(START + 59_500);
		expect((await call(sandbox, '/v1/students/1')).headers.get('retry-after')).toBe('1');

		// Another token has its own budget.
		expect((await call(sandbox, '/v1/students/1', { token: 'second' })).status).toBe(200);

		clock.set(START + 60_000);
		const reopened = await call(sandbox, '/v1/students/1');
		expect(reopened.status).toBe(200);
		expect(reopened.headers.get('x-ratelimit-remaining')).toBe('2');
		expect(reopened.headers.get('x-ratelimit-reset')).toBe(
			String(Math.ceil((START + 120_000) / 1000)),
		);
	});

	it('changes the budget through PUT /sandbox/rate-limit', async () => {
		const changed = await call(sandbox, '/sandbox/rate-limit', {
			method: 'PUT',
			token: null,
			body: { limit: 3000 },
		});
		expect(changed.status).toBe(200);
		expect((await call(sandbox, '/v1/students/1')).headers.get('x-ratelimit-limit')).toBe('3000');
	});
});

describe('rate limit with a shorter window (the test setting rateLimitWindowMs)', () => {
	let sandbox: RunningSandbox;
	const clock = new ManualClock(START);

	beforeAll(async () => {
		sandbox = await startTestSandbox({ clock, rateLimit: 1, rateLimitWindowMs: 5_000 });
	});
	afterAll(() => sandbox.close());

	it('closes the window, and says so in X-RateLimit-Reset and Retry-After, after that length', async () => {
		expect((await call(sandbox, '/v1/students/1')).headers.get('x-ratelimit-reset')).toBe(
			String(Math.ceil((START + 5_000) / 1000)),
		);
		clock.set(START + 2_000);
		const limited = await call(sandbox, '/v1/students/1');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('3');
		clock.set(START + 5_000);
		expect((await call(sandbox, '/v1/students/1')).status).toBe(200);
	});
});
