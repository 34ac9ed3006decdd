import nock from 'nock';
import { NodeConnectionTypes } from 'n8n-workflow';
import { EducationPlatform } from '../../../nodes/EducationPlatform/EducationPlatform.node';
import codex from '../../../nodes/EducationPlatform/EducationPlatform.node.json';
import { inVirtualTime } from '../../harness';
import {
	fakeStudentsApi,
	ORIGIN,
	runEducationPlatform,
	student,
	studentRange,
	TOKEN,
} from './fixtures';
import { useNock } from '../../harness/nock';

useNock();

const json = { 'Content-Type': 'application/json' };

describe('Education Platform node description', () => {
	const { description } = new EducationPlatform();

	it('is a usable-as-tool action node with both authentication methods', () => {
		expect(description).toMatchObject({
			name: 'educationPlatform',
			version: [1, 2],
			defaultVersion: 2,
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			icon: {
				light: 'file:../../icons/educationPlatform.svg',
				dark: 'file:../../icons/educationPlatform.dark.svg',
			},
		});
		expect(description.subtitle).toContain('$parameter["operation"]');
		expect(
			description.credentials?.map((credential) => [
				credential.name,
				credential.displayOptions?.show,
			]),
		).toEqual([
			['educationPlatformApi', { authentication: ['accessToken'] }],
			['educationPlatformOAuth2Api', { authentication: ['oAuth2'] }],
		]);
	});

	it('has a codex file that names this node', () => {
		expect(codex.node).toBe('n8n-nodes-education-platform.educationPlatform');
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
	});
});

describe('Education Platform node: errors and retries', () => {
	it('waits out a 429 mid-pagination and resumes at the same page without duplicates', async () => {
		let throttled = false;
		const api = fakeStudentsApi({
			all: studentRange(1, 6),
			respond: (request) => {
				if (request.query.page !== '2' || throttled) return undefined;
				throttled = true;
				return [
					429,
					{ message: 'Too Many Attempts.', code: 'rate_limited', retry_after: 1 },
					{ ...json, 'Retry-After': '1', 'X-RateLimit-Remaining': '0' },
				];
			},
		});

		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 2 },
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual([1, 2, 3, 4, 5, 6]);
		// Pages 2 and 3 go out together after page 1; only the throttled page is repeated.
		expect(api.seen.map((request) => request.query.page)).toEqual(['1', '2', '3', '2']);
	});

	it('fails the listing at once, saying when to retry, when one page gets a day-long Retry-After while another waits to retry', async () => {
		const api = fakeStudentsApi({
			all: studentRange(1, 6),
			respond: (request) => {
				const first =
					api.seen.filter((seen) => seen.query.page === request.query.page).length === 1;
				if (request.query.page === '2')
					return [
						429,
						{ message: 'Too Many Attempts.', code: 'rate_limited' },
						{ ...json, 'Retry-After': '86400', 'X-RateLimit-Limit': '600' },
					];
				// Page 3 fails at the same moment and retries after a backoff, into the pause page 2's 429 set.
				if (request.query.page === '3' && first)
					return [503, { message: 'Service Unavailable', code: 'service_unavailable' }, json];
				return undefined;
			},
		});

		const { result, elapsedMs } = await inVirtualTime(
			async () =>
				await runEducationPlatform({
					operation: 'getMany',
					returnAll: true,
					options: { pageSize: 2 },
				}),
		);

		// Before: page 3's retry slept out the whole day (86,399 s) inside the shared rate budget.
		expect(elapsedMs).toBeLessThan(30_000);
		expect(result.error?.message).toMatch(
			/^Too Many Attempts \(gave up after 1 attempt, 0 s of waiting; retry after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\) \[item 0\]$/,
		);
		const retryAt = Date.parse(
			`${/retry after ([\d-]+ [\d:]+) UTC/.exec(result.error?.message ?? '')?.[1]}Z`,
		);
		expect(retryAt - Date.now()).toBeGreaterThan(86_000_000);
		expect(result.error?.description).toMatch(
			/waiting another 24 h would exceed the 3 min retry limit/,
		);
		// Page 3 was not sent again: its retry could not fit in its budget.
		expect(api.seen.map((request) => request.query.page)).toEqual(['1', '2', '3']);
	}, 60_000);

	it('with Max Concurrent Requests 1, reads one page after the other', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 6) });
		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 2, maxConcurrency: 1 },
		});
		expect(result.items.map((item) => item.json.id)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(api.seen.map((request) => request.query.page)).toEqual(['1', '2', '3']);
	});

	it('reads the credential once for a whole listing, however many pages it takes', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 10) });
		const result = await runEducationPlatform({
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 2 },
		});
		expect(result.items).toHaveLength(10);
		expect(api.seen).toHaveLength(5);
		expect(api.seen.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(
			true,
		);
		// n8n loads and decrypts a credential from its database on every read: once, not once per page.
		expect(result.credentialsHelper.reads).toEqual(['educationPlatformApi']);
	});

	it('retries a 503 and then succeeds', async () => {
		let failures = 0;
		const api = fakeStudentsApi({
			all: studentRange(1, 2),
			respond: () =>
				failures++ < 1
					? [503, { message: 'Service Unavailable', code: 'service_unavailable' }, json]
					: undefined,
		});
		const result = await runEducationPlatform({ operation: 'getMany', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(api.seen).toHaveLength(2);
	});

	it('does not retry a 422 and shows the API message with the field at fault', async () => {
		const api = fakeStudentsApi({
			all: [],
			respond: () => [
				422,
				{
					message: 'Requested filter(s) `colour` are not allowed.',
					code: 'validation_failed',
					errors: {
						filter: [
							'Requested filter(s) `colour` are not allowed. Allowed filter(s) are `status, grade_level`.',
						],
					},
				},
				json,
			],
		});
		const result = await runEducationPlatform({
			operation: 'getMany',
			additionalFilters: { filter: [{ name: 'colour', value: 'blue' }] },
		});
		expect(api.seen).toHaveLength(1);
		expect(result.error?.name).toBe('NodeApiError');
		expect((result.error as { httpCode?: string }).httpCode).toBe('422');
		expect(result.error?.message).toBe('Requested filter(s) `colour` are not allowed. [item 0]');
		expect(result.error?.description).toMatch(/Remove or rename the unknown filter "colour"/);
	});

	it('explains a 401 (token) and a 403 (missing scope) with the API message', async () => {
		// n8n-core itself repeats a request once after a 401 (to re-authenticate), so answer twice.
		nock(ORIGIN)
			.get('/v1/students/1')
			.times(2)
			.reply(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
		const unauthorized = await runEducationPlatform({ operation: 'get', studentId: 1 });
		expect((unauthorized.error as { httpCode?: string }).httpCode).toBe('401');
		expect(unauthorized.error?.message).toBe('Unauthenticated. [item 0]');
		expect(unauthorized.error?.description).toMatch(/Check the Access Token/);

		nock(ORIGIN)
			.get('/v1/students/1')
			.reply(403, {
				message: 'This action requires the students:read scope.',
				code: 'insufficient_scope',
				required_scopes: ['students:read'],
			});
		const forbidden = await runEducationPlatform({ operation: 'get', studentId: 1 });
		expect((forbidden.error as { httpCode?: string }).httpCode).toBe('403');
		expect(forbidden.error?.message).toBe(
			'The credential may not get student 1: it lacks the students:read scope [item 0]',
		);
		expect(forbidden.error?.description).toBe(
			"Make an access token with students:read in the platform's settings and put it in the Education Platform API credential.",
		);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('with Continue On Fail, emits an error item for the failing input item and carries on', async () => {
		nock(ORIGIN)
			.get('/v1/students/1')
			.reply(200, { data: student(1) });
		nock(ORIGIN)
			.get('/v1/students/404')
			.reply(404, { message: 'No student with ID 404.', code: 'not_found' });
		nock(ORIGIN)
			.get('/v1/students/3')
			.reply(200, { data: student(3) });

		const result = await runEducationPlatform(
			{ operation: 'get', studentId: '={{ $json.id }}' },
			{ input: [{ id: 1 }, { id: 404 }, { id: 'abc' }, { id: 3 }], continueOnFail: true },
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.id ?? item.json.error, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			['No student with ID 404. [item 1]', { item: 1 }],
			['Student ID is "abc", it must be a whole number above 0 [item 2]', { item: 2 }],
			[3, { item: 3 }],
		]);
	});

	it('with On Error → Continue (using error output), sends failed items to the error output', async () => {
		nock(ORIGIN)
			.get('/v1/students/1')
			.reply(200, { data: student(1) });
		nock(ORIGIN)
			.get('/v1/students/404')
			.reply(404, { message: 'No student with ID 404.', code: 'not_found' });

		const result = await runEducationPlatform(
			{ operation: 'get', studentId: '={{ $json.id }}' },
			{ input: [{ id: 1 }, { id: 404 }], onError: 'continueErrorOutput' },
		);

		expect(result.outputs[0].map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
		]);
		expect(result.outputs[1].map((item) => [item.json.error, item.pairedItem])).toEqual([
			['No student with ID 404. [item 1]', { item: 1 }],
		]);
	});

	it('without Continue On Fail, stops at the first failing item', async () => {
		nock(ORIGIN)
			.get('/v1/students/404')
			.reply(404, { message: 'No student with ID 404.', code: 'not_found' });
		const result = await runEducationPlatform(
			{ operation: 'get', studentId: '={{ $json.id }}' },
			{ input: [{ id: 404 }, { id: 2 }] },
		);
		expect(result.error?.message).toBe('No student with ID 404. [item 0]');
		expect(result.items).toEqual([]);
	});
});

describe('Education Platform node: base URL and OAuth2', () => {
	it.each([
		[`${ORIGIN}`, ''],
		[`${ORIGIN}/`, ''],
		[`${ORIGIN}/v1/`, ''],
		[`${ORIGIN}/api`, '/api'],
		[`${ORIGIN}/api/`, '/api'],
		[`${ORIGIN}/api/v1`, '/api'],
	])('base URL %s calls %s/v1/students', async (baseUrl, prefix) => {
		const api = fakeStudentsApi({ all: studentRange(1, 1), prefix });
		const result = await runEducationPlatform(
			{ operation: 'getMany', limit: 1 },
			{ credentials: { educationPlatformApi: { baseUrl, accessToken: 't' } } },
		);
		expect(result.error).toBeUndefined();
		expect(api.seen.map((request) => request.path)).toEqual([`${prefix}/v1/students`]);
	});

	const oauth2Credentials = {
		educationPlatformOAuth2Api: {
			baseUrl: `${ORIGIN}/api`,
			grantType: 'clientCredentials',
			clientId: 'client',
			clientSecret: 'secret',
			platformScopes: ['students:read'],
		},
	};

	it('lists students with an OAuth2 client-credentials token', async () => {
		const token = nock(ORIGIN)
			.post('/oauth/token', (body) => body.grant_type === 'client_credentials')
			.reply(200, { token_type: 'Bearer', access_token: 'cc-token', expires_in: 3600 });
		const api = fakeStudentsApi({ all: studentRange(1, 3), prefix: '/api' });

		const result = await runEducationPlatform(
			{ authentication: 'oAuth2', operation: 'getMany', returnAll: true, options: { pageSize: 2 } },
			{ credentials: oauth2Credentials },
		);

		expect(result.error).toBeUndefined();
		expect(token.isDone()).toBe(true);
		expect(result.items).toHaveLength(3);
		expect(api.seen.map((request) => [request.query.page, request.headers.authorization])).toEqual([
			['1', 'Bearer cc-token'],
			['2', 'Bearer cc-token'],
		]);
	});

	it('gets a new OAuth2 token when one expires mid-listing and repeats only that page', async () => {
		let issued = 0;
		nock(ORIGIN)
			.post('/oauth/token', (body) => body.grant_type === 'client_credentials')
			.times(2)
			.reply(200, () => ({
				token_type: 'Bearer',
				access_token: `cc-${++issued}`,
				expires_in: 3600,
			}));
		const api = fakeStudentsApi({
			all: studentRange(1, 5),
			prefix: '/api',
			respond: (request) =>
				request.query.page === '2' && request.headers.authorization === 'Bearer cc-1'
					? [401, { message: 'The access token has expired.', code: 'token_expired' }, json]
					: undefined,
		});

		const result = await runEducationPlatform(
			{ authentication: 'oAuth2', operation: 'getMany', returnAll: true, options: { pageSize: 2 } },
			{ credentials: oauth2Credentials },
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual([1, 2, 3, 4, 5]);
		// Pages 2 and 3 go out together after page 1; only page 2 is repeated, with the new token.
		expect(api.seen.map((request) => [request.query.page, request.headers.authorization])).toEqual([
			['1', 'Bearer cc-1'],
			['2', 'Bearer cc-1'],
			['3', 'Bearer cc-1'],
			['2', 'Bearer cc-2'],
		]);
	});
});
