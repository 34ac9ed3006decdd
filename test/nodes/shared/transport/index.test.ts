// apiRequest through n8n's real engine (WorkflowExecute + credentials helper), driven by the
// test-only API Probe node. Waits run in virtual time (see harness/virtualTime.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	NodeApiError,
} from 'n8n-workflow';
import nock from 'nock';

import {
	ApiProbe,
	createCredentialsHelper,
	inVirtualTime,
	runNode,
	type RunNodeOptions,
} from '../../../harness';
import { useNock } from '../../../harness/nock';

const HOST = 'https://springfield.edu-platform.test';
const PAT = { educationPlatformApi: { baseUrl: HOST, accessToken: 'edu_pat_1' } };
const page = (ids: number[]) => ({ data: ids.map((id) => ({ id })) });

useNock();

function probe(parameters: INodeParameters = {}, extra: Partial<RunNodeOptions> = {}) {
	return runNode({ nodeType: new ApiProbe(), parameters, credentials: PAT, ...extra });
}

function errorOf(result: Awaited<ReturnType<typeof probe>>) {
	expect(result.error).toBeDefined();
	return result.error as NodeApiError;
}

describe('apiRequest with an access token', () => {
	it('sends the Bearer token and Accept: application/json to {base}/v1', async () => {
		const api = nock(HOST, {
			reqheaders: { authorization: 'Bearer edu_pat_1', accept: 'application/json' },
		})
			.get('/v1/students')
			.query({ page: '2', per_page: '50' })
			.reply(200, page([1]));

		const result = await probe({ qs: '{"page":2,"per_page":50}' });

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([{ json: { body: page([1]) }, pairedItem: { item: 0 } }]);
		expect(api.isDone()).toBe(true);
	});

	it.each([
		['https://springfield.edu-platform.test/api', '/api/v1/students/7'],
		['https://springfield.edu-platform.test/api/v1/', '/api/v1/students/7'],
		['https://springfield.edu-platform.test/v1', '/v1/students/7'],
		['https://springfield.edu-platform.test//', '/v1/students/7'],
	])('with Base URL %s calls %s', async (baseUrl, path) => {
		const api = nock(HOST)
			.get(path)
			.reply(200, { data: { id: 7 } });
		const result = await probe(
			{ endpoint: '/students/7' },
			{ credentials: { educationPlatformApi: { baseUrl, accessToken: 't' } } },
		);
		expect(result.error).toBeUndefined();
		expect(api.isDone()).toBe(true);
	});

	it('returns status, lower-cased headers and body with returnFullResponse', async () => {
		nock(HOST)
			.get('/v1/students')
			.reply(200, page([1]), {
				Link: '<https://x/v1/students?page=2>; rel="next"',
				'X-RateLimit-Remaining': '599',
			});

		const result = await probe({ returnFullResponse: true });

		expect(result.items[0].json).toMatchObject({
			statusCode: 200,
			headers: {
				link: '<https://x/v1/students?page=2>; rel="next"',
				'x-ratelimit-remaining': '599',
			},
			body: page([1]),
		});
	});

	it("sends to an absolute URL on the Base URL's address (the trigger's old platform path) but refuses another host", async () => {
		nock(HOST).delete('/api/v1/webhooks/wh_1').reply(204);
		const sameOrigin = await probe({ method: 'DELETE', endpoint: `${HOST}/api/v1/webhooks/wh_1` });
		expect(sameOrigin.error).toBeUndefined();

		const elsewhere = await probe({
			method: 'DELETE',
			endpoint: 'https://evil.example/v1/webhooks/wh_1',
		});
		expect(errorOf(elsewhere).message).toMatch(
			/Refusing to send the credentials to https:\/\/evil\.example/,
		);
	});

	it('rejects a Base URL that is not a URL before sending anything', async () => {
		const result = await probe(
			{},
			{ credentials: { educationPlatformApi: { baseUrl: 'springfield', accessToken: 't' } } },
		);
		expect(errorOf(result).message).toMatch(/Base URL "springfield" is not a valid URL/);
	});
});

describe('apiRequest retries', () => {
	it('waits Retry-After seconds on a 429, then repeats the same request once', async () => {
		const api = nock(HOST)
			.get('/v1/students')
			.query({ page: '4', per_page: '100' })
			.reply(
				429,
				{ message: 'Too many requests.', code: 'rate_limited', retry_after: 30 },
				{ 'Retry-After': '30', 'X-RateLimit-Remaining': '0' },
			)
			.get('/v1/students')
			.query({ page: '4', per_page: '100' })
			.reply(200, page([301, 302]));

		const { result, elapsedMs } = await inVirtualTime(() =>
			probe({ qs: '{"page":4,"per_page":100}' }),
		);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.body).toEqual(page([301, 302]));
		expect(elapsedMs).toBeGreaterThanOrEqual(30_000);
		expect(elapsedMs).toBeLessThan(35_000);
		expect(api.isDone()).toBe(true);
	});

	it('reads Retry-After as an HTTP date', async () => {
		let retryAt = 0;
		nock(HOST)
			.get('/v1/students')
			.reply(() => {
				retryAt = Math.ceil(Date.now() / 1000) * 1000 + 20_000;
				return [
					429,
					{ message: 'Too many requests.' },
					{ 'Retry-After': new Date(retryAt).toUTCString() },
				];
			})
			.get('/v1/students')
			.reply(() => [200, { data: [], waitedUntil: Date.now() }]);

		const { result } = await inVirtualTime(() => probe());

		expect(result.error).toBeUndefined();
		expect((result.items[0].json.body as IDataObject).waitedUntil).toBeGreaterThanOrEqual(retryAt);
	});

	it.each([
		['without Retry-After', {}],
		// A malformed value is no answer (not "now"): the next source decides.
		['with a malformed Retry-After (two headers a proxy joined)', { 'Retry-After': '10, 20' }],
	])('%s waits until X-RateLimit-Reset', async (_name, retryAfter) => {
		let resetAt = 0;
		nock(HOST)
			.get('/v1/students')
			.reply(() => {
				resetAt = Math.floor(Date.now() / 1000) + 40;
				return [
					429,
					{ message: 'Too many requests.' },
					{ ...retryAfter, 'X-RateLimit-Reset': String(resetAt), 'X-RateLimit-Limit': '600' },
				];
			})
			.get('/v1/students')
			.reply(() => [200, { data: [], at: Date.now() }]);

		const { result } = await inVirtualTime(() => probe());

		expect(result.error).toBeUndefined();
		expect((result.items[0].json.body as IDataObject).at).toBeGreaterThanOrEqual(resetAt * 1000);
	});

	it('retries 5xx with backoff, then succeeds', async () => {
		const api = nock(HOST)
			.get('/v1/students')
			.reply(503, { message: 'Service unavailable.', code: 'service_unavailable' })
			.get('/v1/students')
			.reply(500, { message: 'Server Error', code: 'server_error' })
			.get('/v1/students')
			.reply(200, page([1]));

		const { result, elapsedMs } = await inVirtualTime(() => probe());

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toEqual(page([1]));
		// backoff: 0.5–1 s, then 1–2 s. No upper bound: the virtual clock also moves while a busy
		// machine's event loop is slow to finish an exchange.
		expect(elapsedMs).toBeGreaterThanOrEqual(1_500);
		expect(api.isDone()).toBe(true);
	});

	it('retries a reset connection', async () => {
		nock(HOST)
			.get('/v1/students')
			.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
			.get('/v1/students')
			.reply(200, page([1]));

		const { result } = await inVirtualTime(() => probe());
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toEqual(page([1]));
	});

	it('retries a body that ended before the JSON was complete', async () => {
		nock(HOST)
			.get('/v1/students')
			.reply(200, '{"data":[{"id":1},{"id":', { 'Content-Type': 'application/json' })
			.get('/v1/students')
			.reply(200, page([1, 2]));

		const { result } = await inVirtualTime(() => probe());
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toEqual(page([1, 2]));
	});

	describe('against a real socket that drops mid-body', () => {
		let server: Server;
		let requests = 0;
		beforeAll(async () => {
			nock.enableNetConnect('127.0.0.1');
			server = createServer((req, res) => {
				requests += 1;
				if (requests === 1) {
					res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '200' });
					res.write('{"data":[{"id":1},');
					setTimeout(() => res.socket?.destroy(), 5);
					return;
				}
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify(page([1, 2])));
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		});
		afterAll(async () => {
			await new Promise((resolve) => server.close(resolve));
			nock.disableNetConnect();
		});

		it('repeats the request and returns the complete page', async () => {
			const { port } = server.address() as AddressInfo;
			const result = await probe(
				{},
				{
					credentials: {
						educationPlatformApi: { baseUrl: `http://127.0.0.1:${port}`, accessToken: 't' },
					},
				},
			);
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.body).toEqual(page([1, 2]));
			expect(requests).toBe(2);
		});
	});

	describe('against a real server that accepts the connection but never answers', () => {
		let server: Server;
		let requests = 0;
		beforeAll(async () => {
			nock.enableNetConnect('127.0.0.1');
			server = createServer(() => {
				requests += 1; // never respond
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		});
		afterAll(async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
			nock.disableNetConnect();
		});

		it('times each attempt out, retries, then fails with a message instead of hanging', async () => {
			const { port } = server.address() as AddressInfo;
			const result = await probe(
				{ timeoutMs: 300, retry: '{"maxAttempts":2,"baseDelayMs":10,"maxBackoffMs":10}' },
				{
					credentials: {
						educationPlatformApi: { baseUrl: `http://127.0.0.1:${port}`, accessToken: 't' },
					},
				},
			);
			const error = errorOf(result);
			expect(requests).toBe(2);
			expect(error.message).toMatch(/gave up after 2 attempts/);
			expect(error.description).toMatch(
				new RegExp(`GET http://127.0.0.1:${port} failed \\(.*(timeout|ECONNABORTED)`, 'i'),
			);
			expect(error.description).toMatch(
				/Check the Base URL in the credential and that the platform is reachable/,
			);
		});
	});

	it('does not repeat a POST after a 5xx (it may have been processed)', async () => {
		const api = nock(HOST)
			.post('/v1/webhooks')
			.reply(500, { message: 'Server Error', code: 'server_error' });

		const result = await probe({ method: 'POST', endpoint: '/webhooks' });

		const error = errorOf(result);
		expect(error.message).toBe('Server Error');
		expect(error.description).toMatch(/not repeated automatically/);
		expect(api.isDone()).toBe(true);
	});

	it('gives up on a rate limit that does not clear, saying how long it waited and what to do', async () => {
		const api = nock(HOST)
			.get('/v1/students')
			.times(4)
			.reply(
				429,
				{ message: 'Too many requests.', code: 'rate_limited' },
				{ 'Retry-After': '55', 'X-RateLimit-Limit': '600' },
			);

		const { result, elapsedMs } = await inVirtualTime(() => probe());

		const error = errorOf(result);
		// 3 waits of 55 s fit in the 3-minute budget; a fourth would not.
		expect(elapsedMs).toBeGreaterThanOrEqual(165_000);
		expect(error.message).toMatch(
			/^Too many requests \(gave up after 4 attempts, 2 min 45 s of waiting; retry after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)$/,
		);
		expect(error.description).toMatch(/waiting another 55 s would exceed the 3 min retry limit/);
		expect(error.description).toMatch(/600 requests per minute/);
		expect(error.description).toMatch(
			/Run the workflow again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
		);
		expect(error.httpCode).toBe('429');
		expect(api.isDone()).toBe(true);
	});

	it.each([
		['Retry-After: 9999999999999', { 'Retry-After': '9999999999999' }],
		['an X-RateLimit-Reset beyond any date', { 'X-RateLimit-Reset': '9'.repeat(20) }],
	])(
		'a 429 with %s fails with the rate-limit error, saying what to do',
		async (_name, rateHeaders) => {
			const api = nock(HOST)
				.get('/v1/students')
				.reply(
					429,
					{ message: 'Too many requests.', code: 'rate_limited' },
					{ ...rateHeaders, 'X-RateLimit-Limit': '600' },
				);

			const error = errorOf(await probe());

			expect(error.message).toBe('Too many requests (gave up after 1 attempt, 0 s of waiting)');
			expect(error.description).toMatch(
				/would exceed the 3 min retry limit\)\. The platform allows 600 requests per minute for these credentials\. Run the workflow again later/,
			);
			expect(error.httpCode).toBe('429');
			expect(api.isDone()).toBe(true);
		},
	);

	it('a backoff that does not fit the waiting budget names no time to retry (the platform set none)', async () => {
		nock(HOST)
			.get('/v1/students')
			.times(2)
			.reply(503, { message: 'Unavailable.', code: 'service_unavailable' });

		const { result } = await inVirtualTime(() =>
			probe({ retry: { maxTotalWaitMs: 1_500, baseDelayMs: 1_000 } }),
		);

		const error = errorOf(result);
		expect(error.message).toMatch(/^Unavailable \(gave up after 2 attempts, \d+ s of waiting\)$/);
		expect(error.description).toMatch(/would exceed the 2 s retry limit/);
		expect(error.description).toMatch(/Try again later;/);
	});

	it('gives up on a server that keeps failing after the last attempt', async () => {
		nock(HOST)
			.get('/v1/students')
			.times(6)
			.reply(502, { message: 'Bad gateway.', code: 'service_unavailable' });

		const { result } = await inVirtualTime(() => probe());

		const error = errorOf(result);
		expect(error.message).toMatch(/^Bad gateway \(gave up after 6 attempts, \d+ s of waiting\)$/);
		expect(error.description).toMatch(/down or overloaded/);
		// Only the platform knows when it takes requests again: our own backoff names no time.
		expect(error.description).not.toMatch(/after \d{4}-/);
		expect(nock.isDone()).toBe(true);
	});
});

describe("apiRequest with a deadline (the polling trigger's time per poll)", () => {
	it('does not start a Retry-After wait that ends after the deadline: fails at once, saying when the platform takes requests again', async () => {
		const api = nock(HOST)
			.get('/v1/students')
			.reply(
				429,
				{ message: 'Too many requests.', code: 'rate_limited' },
				{ 'Retry-After': '50', 'X-RateLimit-Limit': '600' },
			);
		const before = Date.now();

		const { result, elapsedMs } = await inVirtualTime(() =>
			probe({ deadlineInMs: 20_000 }, { continueOnFail: true }),
		);

		const [{ json: failed }] = result.items;
		expect(failed).toMatchObject({
			deadlineReached: true,
			error: expect.stringMatching(/^Too many requests \(gave up after 1 attempt/),
		});
		expect(failed.retryAt).toBeGreaterThanOrEqual(before + 50_000);
		expect(failed.description).toMatch(
			/waiting another 50 s would run past the time allowed for this request/,
		);
		expect(elapsedMs).toBeLessThan(1_000);
		expect(api.isDone()).toBe(true);
	});

	it('waits a Retry-After that ends before the deadline, then repeats the request', async () => {
		nock(HOST)
			.get('/v1/students')
			.reply(429, { message: 'Too many requests.' }, { 'Retry-After': '5' });
		nock(HOST)
			.get('/v1/students')
			.reply(200, page([1]));

		const { result, elapsedMs } = await inVirtualTime(() => probe({ deadlineInMs: 20_000 }));

		expect(result.error).toBeUndefined();
		expect(elapsedMs).toBeGreaterThanOrEqual(5_000);
	});

	it('ends an attempt the platform answers too slowly at the deadline, not at the request timeout', async () => {
		let requests = 0;
		nock(HOST)
			.get('/v1/students')
			.reply((_uri, _body, callback) => {
				requests++;
				setTimeout(() => callback(null, [200, page([1])]), 40_000);
			});

		const { result, elapsedMs } = await inVirtualTime(() =>
			probe({ deadlineInMs: 10_000 }, { continueOnFail: true }),
		);

		expect(result.items[0].json).toMatchObject({ deadlineReached: true, retryAt: null });
		expect(requests).toBe(1);
		// The virtual clock moves in 1 s steps.
		expect(elapsedMs).toBeGreaterThanOrEqual(10_000);
		expect(elapsedMs).toBeLessThanOrEqual(11_000);
	});

	it('without one, the same slow answer is waited for (the request timeout is a minute)', async () => {
		nock(HOST)
			.get('/v1/students')
			.reply((_uri, _body, callback) => {
				setTimeout(() => callback(null, [200, page([1])]), 40_000);
			});

		const { result } = await inVirtualTime(() => probe());

		expect(result.error).toBeUndefined();
	});
});

describe('apiRequest errors', () => {
	it('a 404 names the resource the caller asked for', async () => {
		nock(HOST)
			.get('/v1/students/99999')
			.reply(404, { message: 'No student with ID 99999.', code: 'not_found' });

		const error = errorOf(
			await probe({ endpoint: '/students/99999', resourceLabel: 'student 99999' }),
		);

		expect(error.message).toBe('No student with ID 99999.');
		expect(error.description).toBe('No student 99999 exists on the platform. Check the ID.');
		expect(error.httpCode).toBe('404');
	});

	it("a 422 is not retried and names the bad filter with the API's field errors", async () => {
		const api = nock(HOST)
			.get('/v1/students')
			.query(true)
			.once()
			.reply(422, {
				message: 'The given data was invalid.',
				code: 'validation_failed',
				errors: {
					filter: [
						'Requested filter(s) `colour` are not allowed. Allowed filter(s) are `status, grade_level`.',
					],
				},
				request_id: 'req_01J9Z3V6Q8',
			});

		const error = errorOf(await probe({ qs: '{"filter[colour]":"red"}' }));

		expect(error.message).toBe('The given data was invalid.');
		expect(error.description).toMatch(/unknown filter "colour"/);
		expect(error.description).toMatch(
			/What the platform said about the fields: filter: Requested filter\(s\) `colour` are not allowed/,
		);
		expect(error.description).toMatch(/Request ID: req_01J9Z3V6Q8/);
		expect(api.isDone()).toBe(true);
	});

	it('a 403 names the missing scope', async () => {
		nock(HOST)
			.get('/v1/students')
			.reply(403, {
				message: 'This action requires the students:read scope.',
				code: 'insufficient_scope',
				required_scopes: ['students:read'],
			});

		const error = errorOf(await probe());
		expect(error.message).toBe(
			'The credential may not list students: it lacks the students:read scope',
		);
		expect(error.description).toMatch(/Make an access token with students:read/);
	});

	it('a 401 says to check the access token', async () => {
		// n8n-core itself sends a request that got a 401 once more after re-applying the
		// credential (its preAuthentication path); apiRequest adds no retry of its own.
		const api = nock(HOST)
			.get('/v1/students')
			.times(2)
			.reply(401, { message: 'Unauthenticated.', code: 'unauthenticated' });

		const error = errorOf(await probe());
		expect(error.message).toBe('Unauthenticated.');
		expect(error.description).toMatch(/Check the Access Token/);
		expect(api.isDone()).toBe(true);
	});

	it('with Continue On Fail the node emits an error item paired with its input', async () => {
		nock(HOST)
			.get('/v1/students/5')
			.reply(404, { message: 'No student with ID 5.', code: 'not_found' });
		nock(HOST)
			.get('/v1/students/6')
			.reply(200, { data: { id: 6 } });

		const result = await probe(
			{ endpoint: '={{ "/students/" + $json.id }}', resourceLabel: '={{ "student " + $json.id }}' },
			{ input: [{ id: 5 }, { id: 6 }], continueOnFail: true },
		);

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{
				json: {
					error: 'No student with ID 5.',
					description: 'No student 5 exists on the platform. Check the ID.',
				},
				pairedItem: { item: 0 },
			},
			{ json: { body: { data: { id: 6 } } }, pairedItem: { item: 1 } },
		]);
	});
});

describe('apiRequest with OAuth2', () => {
	const clientCredentials: ICredentialDataDecryptedObject = {
		baseUrl: `${HOST}:8443/api/v1`,
		grantType: 'clientCredentials',
		clientId: 'client-1',
		clientSecret: 'secret-1',
		platformScopes: ['students:read', 'webhooks:write'],
	};
	const ORIGIN = `${HOST}:8443`;
	const basic = `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`;

	it('client credentials: fetches a token from /oauth/token on the origin, then calls the API with it', async () => {
		const token = nock(ORIGIN, { reqheaders: { authorization: basic } })
			.post('/oauth/token', {
				grant_type: 'client_credentials',
				scope: 'students:read webhooks:write',
			})
			.reply(200, { token_type: 'Bearer', access_token: 'cc-token-1', expires_in: 3600 });
		const api = nock(ORIGIN, {
			reqheaders: { authorization: 'Bearer cc-token-1', accept: 'application/json' },
		})
			.get('/api/v1/students')
			.reply(200, page([1]));

		const result = await probe(
			{ authentication: 'oAuth2' },
			{ credentials: { educationPlatformOAuth2Api: clientCredentials } },
		);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toEqual(page([1]));
		expect(token.isDone()).toBe(true);
		expect(api.isDone()).toBe(true);
	});

	it('client credentials: on a 401 fetches a new token and repeats the request', async () => {
		const helper = createCredentialsHelper({
			educationPlatformOAuth2Api: {
				...clientCredentials,
				oauthTokenData: { access_token: 'expired-token', token_type: 'Bearer' },
			},
		});
		nock(ORIGIN, { reqheaders: { authorization: 'Bearer expired-token' } })
			.get('/api/v1/students')
			.reply(401, { message: 'The access token has expired.', code: 'token_expired' });
		const token = nock(ORIGIN)
			.post('/oauth/token', (body) => body.grant_type === 'client_credentials')
			.reply(200, { token_type: 'Bearer', access_token: 'fresh-token', expires_in: 3600 });
		const api = nock(ORIGIN, { reqheaders: { authorization: 'Bearer fresh-token' } })
			.get('/api/v1/students')
			.reply(200, page([2]));

		const result = await probe({ authentication: 'oAuth2' }, { credentialsHelper: helper });

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toEqual(page([2]));
		expect(token.isDone()).toBe(true);
		expect(api.isDone()).toBe(true);
		expect(helper.getStored('educationPlatformOAuth2Api').oauthTokenData).toMatchObject({
			access_token: 'fresh-token',
		});
	});

	it('authorization code (PKCE): on a 401 refreshes with the refresh token and stores the rotated one', async () => {
		const helper = createCredentialsHelper({
			educationPlatformOAuth2Api: {
				baseUrl: HOST,
				grantType: 'pkce',
				clientId: 'public-client',
				clientSecret: '',
				platformScopes: ['students:read'],
				oauthTokenData: {
					access_token: 'old-access',
					refresh_token: 'refresh-1',
					token_type: 'Bearer',
				},
			},
		});
		nock(HOST)
			.get('/v1/students')
			.reply(401, { message: 'The access token has expired.', code: 'token_expired' });
		const refresh = nock(HOST)
			.post('/oauth/token', {
				grant_type: 'refresh_token',
				refresh_token: 'refresh-1',
				client_id: 'public-client',
			})
			.reply(200, {
				token_type: 'Bearer',
				access_token: 'new-access',
				refresh_token: 'refresh-2',
				expires_in: 3600,
			});
		const api = nock(HOST, {
			reqheaders: { authorization: 'Bearer new-access', accept: 'application/json' },
		})
			.get('/v1/students')
			.reply(200, page([3]));

		const result = await probe({ authentication: 'oAuth2' }, { credentialsHelper: helper });

		expect(result.error).toBeUndefined();
		expect(refresh.isDone()).toBe(true);
		expect(api.isDone()).toBe(true);
		expect(helper.getStored('educationPlatformOAuth2Api').oauthTokenData).toMatchObject({
			access_token: 'new-access',
			refresh_token: 'refresh-2',
		});
	});

	it('uses an overridden token URL', async () => {
		const token = nock('https://auth.springfield.test')
			.post('/custom/token')
			.reply(200, { token_type: 'Bearer', access_token: 'custom-token', expires_in: 3600 });
		nock(ORIGIN, { reqheaders: { authorization: 'Bearer custom-token' } })
			.get('/api/v1/students')
			.reply(200, page([]));

		const result = await probe(
			{ authentication: 'oAuth2' },
			{
				credentials: {
					educationPlatformOAuth2Api: {
						...clientCredentials,
						accessTokenUrlOverride: 'https://auth.springfield.test/custom/token',
					},
				},
			},
		);

		expect(result.error).toBeUndefined();
		expect(token.isDone()).toBe(true);
	});

	it('a revoked client gets a message that names the fields to check', async () => {
		nock(ORIGIN).post('/oauth/token').reply(401, {
			error: 'invalid_client',
			error_description: 'Client authentication failed',
			message: 'Client authentication failed',
		});

		const result = await probe(
			{ authentication: 'oAuth2' },
			{ credentials: { educationPlatformOAuth2Api: clientCredentials } },
		);

		const error = errorOf(result);
		expect(error.description).toMatch(/Check the Client ID and Client Secret/);
	});

	it('a 429 is retried with the OAuth2 token too', async () => {
		nock(ORIGIN)
			.post('/oauth/token')
			.reply(200, { token_type: 'Bearer', access_token: 'cc', expires_in: 3600 });
		nock(ORIGIN)
			.get('/api/v1/students')
			.reply(429, { message: 'Too many requests.' }, { 'Retry-After': '2' });
		nock(ORIGIN, { reqheaders: { authorization: 'Bearer cc' } })
			.get('/api/v1/students')
			.reply(200, page([9]));

		const { result } = await inVirtualTime(() =>
			probe(
				{ authentication: 'oAuth2' },
				{ credentials: { educationPlatformOAuth2Api: clientCredentials } },
			),
		);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toEqual(page([9]));
	});
});
