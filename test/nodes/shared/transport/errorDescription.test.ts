import {
	describeFailure,
	type FailureContext,
} from '../../../../nodes/shared/transport/errorDescription';
import type { Failure } from '../../../../nodes/shared/transport/retry';

const context = (overrides: Partial<FailureContext> = {}): FailureContext => ({
	method: 'GET',
	url: 'https://school.example/v1/students',
	attempts: 1,
	waitedMs: 0,
	stop: 'not-retryable',
	maxTotalWaitMs: 180_000,
	...overrides,
});
const http = (
	statusCode: number,
	body: unknown,
	headers: Record<string, string> = {},
): Failure => ({ statusCode, body, headers });

describe('describeFailure', () => {
	it('401 with an access token: keeps the API message and says to check the token', () => {
		const report = describeFailure(
			http(401, { message: 'Unauthenticated.', code: 'unauthenticated' }),
			context({ authentication: 'accessToken' }),
		);
		expect(report.message).toBe('Unauthenticated.');
		expect(report.httpCode).toBe('401');
		expect(report.description).toMatch(/Check the Access Token/);
		expect(report.description).not.toMatch(/Reconnect/);
	});

	it('403 names the missing scope from required_scopes', () => {
		const report = describeFailure(
			http(403, {
				message: 'This action requires the students:read scope.',
				code: 'insufficient_scope',
				required_scopes: ['students:read'],
			}),
			context(),
		);
		expect(report.message).toMatch(
			/^The credential may not list students: it lacks the students:read scope$/,
		);
		expect(report.description).toMatch(/Make an access token with students:read/);
	});

	it('404 names the resource that was asked for', () => {
		const report = describeFailure(
			http(404, { message: 'No student with ID 99999.', code: 'not_found' }),
			context({ resourceLabel: 'student 99999' }),
		);
		expect(report.message).toBe('No student with ID 99999.');
		expect(report.description).toMatch(/No student 99999 exists on the platform\. Check the ID\./);
	});

	it('422 names the unknown filter and lists the field errors', () => {
		const report = describeFailure(
			http(422, {
				message: 'The given data was invalid.',
				code: 'validation_failed',
				errors: {
					filter: [
						'Requested filter(s) `colour` are not allowed. Allowed filter(s) are `status, grade_level`.',
					],
				},
				request_id: 'req_42',
			}),
			context(),
		);
		expect(report.message).toBe('The given data was invalid.');
		expect(report.description).toMatch(/unknown filter "colour"/);
		expect(report.description).toMatch(
			/What the platform said about the fields: filter: Requested filter\(s\) `colour` are not allowed/,
		);
		expect(report.description).toMatch(/Request ID: req_42/);
	});

	it('429 after the retry bound: says how long it waited and what to do', () => {
		const report = describeFailure(
			http(
				429,
				{ message: 'Too many requests.', code: 'rate_limited' },
				{ 'x-ratelimit-limit': '600', 'retry-after': '50' },
			),
			context({ attempts: 4, waitedMs: 150_000, stop: 'wait-budget', requestedDelayMs: 50_000 }),
		);
		expect(report.message).toBe(
			'Too many requests (gave up after 4 attempts, 2 min 30 s of waiting)',
		);
		expect(report.description).toMatch(
			/Gave up after 4 attempts and 2 min 30 s of waiting in total/,
		);
		expect(report.description).toMatch(/waiting another 50 s would exceed the 3 min retry limit/);
		expect(report.description).toMatch(/600 requests per minute/);
		expect(report.description).toMatch(/Run the workflow again later/);
	});

	it('a wait that does not fit says when to retry, in the message and the advice', () => {
		const retryAt = Date.UTC(2026, 10, 26, 0, 13, 2);
		const report = describeFailure(
			http(429, undefined, { 'retry-after': '86400' }),
			context({ attempts: 1, stop: 'wait-budget', requestedDelayMs: 86_400_000, retryAt }),
		);
		expect(report.message).toBe(
			'The Education Platform received too many requests from these credentials (gave up after 1 attempt, 0 s of waiting; retry after 2026-11-26 00:13:02 UTC)',
		);
		expect(report.description).toMatch(/waiting another 24 h would exceed the 3 min retry limit/);
		expect(report.description).toMatch(/Run the workflow again after 2026-11-26 00:13:02 UTC/);
	});

	it("a wait the caller's deadline left no time for says so, not the retry limit", () => {
		const report = describeFailure(
			http(429, { message: 'Too many requests.' }, { 'retry-after': '50' }),
			context({ attempts: 1, stop: 'wait-budget', requestedDelayMs: 50_000, pastDeadline: true }),
		);
		expect(report.description).toMatch(
			/waiting another 50 s would run past the time allowed for this request\)/,
		);
	});

	it('a wait ending beyond any date (Retry-After: 9999999999999) names no time, and says what to do', () => {
		const report = describeFailure(
			http(
				429,
				{ message: 'Too many requests.' },
				{ 'retry-after': '9999999999999', 'x-ratelimit-limit': '600' },
			),
			context({
				attempts: 1,
				stop: 'wait-budget',
				requestedDelayMs: 8.64e15,
				retryAt: Date.now() + 8.64e15,
			}),
		);
		expect(report.message).toBe('Too many requests (gave up after 1 attempt, 0 s of waiting)');
		expect(report.description).toMatch(
			/would exceed the 3 min retry limit\)\. The platform allows 600 requests per minute for these credentials\. Run the workflow again later, fetch less/,
		);
	});

	it('a request refused before it was sent (the shared rate budget) says so', () => {
		const report = describeFailure(
			http(429, undefined),
			context({
				attempts: 0,
				waitedMs: 2_000,
				stop: 'wait-budget',
				requestedDelayMs: 86_398_000,
				retryAt: Date.UTC(2026, 10, 26),
			}),
		);
		expect(report.message).toBe(
			'The Education Platform received too many requests from these credentials (gave up before sending it, 2 s of waiting; retry after 2026-11-26 00:00:00 UTC)',
		);
		expect(report.description).toMatch(
			/^Gave up before sending it, after 2 s of waiting \(waiting another 23 h 59 min would exceed/,
		);
	});

	it('a request refused before it was sent, with no wait before, does not count "0 s of waiting"', () => {
		const report = describeFailure(
			http(429, undefined),
			context({
				attempts: 0,
				waitedMs: 0,
				stop: 'wait-budget',
				requestedDelayMs: 86_400_000,
				retryAt: Date.UTC(2026, 10, 26),
			}),
		);
		expect(report.description).toMatch(
			/^Gave up before sending it \(waiting another 24 h would exceed/,
		);
	});

	it('5xx after the last attempt says the platform seems down', () => {
		const report = describeFailure(
			http(503, { message: 'Service unavailable.' }),
			context({ attempts: 6, waitedMs: 31_000, stop: 'attempts' }),
		);
		expect(report.description).toMatch(/Gave up after 6 attempts and 31 s/);
		expect(report.description).toMatch(/down or overloaded/);
	});

	it('a refused connection names the host and the code', () => {
		const report = describeFailure(
			{ headers: {}, errorCode: 'ECONNREFUSED', errorMessage: 'connect ECONNREFUSED 127.0.0.1:9' },
			context({
				url: 'http://127.0.0.1:9/v1/students',
				attempts: 6,
				waitedMs: 20_000,
				stop: 'attempts',
			}),
		);
		expect(report.message).toMatch(
			/^Could not get a complete response from the Education Platform/,
		);
		expect(report.httpCode).toBeUndefined();
		expect(report.description).toMatch(/GET http:\/\/127\.0\.0\.1:9 failed \(ECONNREFUSED/);
		expect(report.description).toMatch(/Check the Base URL/);
	});

	it('a 5xx on a POST warns that it was not repeated', () => {
		const report = describeFailure(
			http(500, { message: 'Server Error' }),
			context({ method: 'POST' }),
		);
		expect(report.description).toMatch(/not repeated automatically/);
	});

	it("keeps n8n's own message when nothing was sent, with credential advice", () => {
		const report = describeFailure(
			{ headers: {}, errorMessage: 'OAuth credentials not connected' },
			context({ authentication: 'oAuth2' }),
		);
		expect(report.message).toBe('OAuth credentials not connected');
		expect(report.description).toMatch(/Reconnect/);
	});
});

describe('the time waited, in the message of a request that gave up', () => {
	it.each([
		[0, '0 s'],
		[1_400, '1 s'],
		[59_600, '1 min'],
		[125_000, '2 min 5 s'],
		[3_780_000, '1 h 3 min'],
	])('%i ms → %s', (ms, text) => {
		const { message } = describeFailure(
			http(503, { message: 'Unavailable.' }),
			context({ stop: 'attempts', attempts: 6, waitedMs: ms }),
		);
		expect(message).toBe(`Unavailable (gave up after 6 attempts, ${text} of waiting)`);
	});
});
