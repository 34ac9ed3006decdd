import {
	DEFAULT_RETRY_POLICY,
	parseRateLimitReset,
	planRetry,
	rateLimitWait,
	type Clock,
	type Failure,
	type RetryPolicy,
} from '../../../../nodes/shared/transport/retry';

const NOW = Date.parse('2026-11-21T09:00:00Z');
const clock = (random = 0.5): Clock => ({ now: () => NOW, random: () => random });
const status = (statusCode: number, headers: Record<string, string> = {}): Failure => ({
	statusCode,
	headers,
});
const network = (errorCode?: string, errorMessage?: string): Failure => ({
	headers: {},
	errorCode,
	errorMessage,
});
/** The wait a Retry-After header asks for, as the retry loop and the rate budget read it. */
const retryAfterMs = (value: string | undefined, now: number) =>
	rateLimitWait(status(503, value === undefined ? {} : { 'retry-after': value }), now)?.delayMs;
/** The wait before the next attempt after `attempt` failed with a 503 that names none. */
function backoffMs(attempt: number, policy: RetryPolicy, random: () => number) {
	const unbounded = { ...policy, maxAttempts: Infinity, maxTotalWaitMs: Infinity };
	const decision = planRetry(status(503), { attempt, waitedMs: 0 }, unbounded, {
		now: () => NOW,
		random,
	});
	return decision.retry ? decision.delayMs : undefined;
}
/** Whether a first failed attempt is repeated. */
const retried = (failure: Failure, method?: string) =>
	planRetry(failure, { attempt: 1, waitedMs: 0, method }, DEFAULT_RETRY_POLICY, clock()).retry;

describe('Retry-After', () => {
	it('reads delay-seconds', () => {
		expect(retryAfterMs('17', NOW)).toBe(17_000);
		expect(retryAfterMs(' 0 ', NOW)).toBe(0);
	});

	it('reads an HTTP date relative to now', () => {
		expect(retryAfterMs('Sat, 21 Nov 2026 09:00:30 GMT', NOW)).toBe(30_000);
	});

	it('treats a date in the past as "now" and garbage as absent', () => {
		expect(retryAfterMs('Sat, 21 Nov 2026 08:59:00 GMT', NOW)).toBe(0);
		expect(retryAfterMs('soon', NOW)).toBeUndefined();
		expect(retryAfterMs(undefined, NOW)).toBeUndefined();
	});

	it('reads the two obsolete HTTP-date formats too (RFC 9110 §5.6.7)', () => {
		expect(retryAfterMs('Saturday, 21-Nov-26 09:00:30 GMT', NOW)).toBe(30_000);
		expect(retryAfterMs('Sat Nov 21 09:00:30 2026', NOW)).toBe(30_000);
		expect(retryAfterMs('Tue Dec  1 09:00:30 2026', NOW)).toBe(
			Date.UTC(2026, 11, 1, 9, 0, 30) - NOW,
		);
		// A two-digit year more than 50 years ahead is in the past century.
		expect(retryAfterMs('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(0);
	});

	it.each([['-1'], ['+10'], ['1.'], ['1.5'], ['10, 20'], ['1e3'], ['0x10'], ['']])(
		'ignores the malformed delay-seconds %p',
		(value) => {
			expect(retryAfterMs(value, NOW)).toBeUndefined();
		},
	);

	it.each([
		['2026-11-21T09:00:30Z'],
		['Sat, 21 Nov 2026 09:00:30'],
		['Sat, 21 Nov 2026 09:00:30 +0000'],
		['21 Nov 2026 09:00:30 GMT'],
		['Sat, 31 Feb 2026 09:00:30 GMT'],
		['Sat, 21 Nov 2026 25:00:30 GMT'],
		['Sat, 21 Nov 2026 09:00:30 GMT, Sat, 21 Nov 2026 09:00:40 GMT'],
		['Nov 21 2026'],
	])('ignores %p: not an HTTP-date, whatever Date.parse makes of it', (value) => {
		expect(retryAfterMs(value, NOW)).toBeUndefined();
	});

	it("keeps an absurdly long wait finite: at most the span of JavaScript's dates", () => {
		expect(retryAfterMs('99999999999', NOW)).toBe(99_999_999_999_000);
		expect(retryAfterMs('9999999999999', NOW)).toBe(8.64e15);
		expect(retryAfterMs('9'.repeat(400), NOW)).toBe(8.64e15);
		expect(parseRateLimitReset('9'.repeat(400), NOW)).toBe(8.64e15);
	});
});

describe('parseRateLimitReset', () => {
	it('waits until the Unix time in X-RateLimit-Reset', () => {
		expect(parseRateLimitReset(String(NOW / 1000 + 42), NOW)).toBe(42_000);
	});

	it('accepts seconds-until-reset from servers that send a delta', () => {
		expect(parseRateLimitReset('12', NOW)).toBe(12_000);
	});

	it('ignores a reset time that has passed, and non-numbers', () => {
		expect(parseRateLimitReset(String(NOW / 1000 - 5), NOW)).toBeUndefined();
		expect(parseRateLimitReset('tomorrow', NOW)).toBeUndefined();
	});
});

describe('the backoff', () => {
	const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1000, maxBackoffMs: 8000 };

	it('doubles per attempt with jitter between half and all of the step', () => {
		expect(backoffMs(1, policy, () => 0)).toBe(500);
		expect(backoffMs(1, policy, () => 0.999999)).toBe(1000);
		expect(backoffMs(3, policy, () => 0)).toBe(2000);
		expect(backoffMs(3, policy, () => 0.5)).toBe(3000);
	});

	it('is capped', () => {
		expect(backoffMs(10, policy, () => 0.999999)).toBe(8000);
	});
});

describe('what is retried', () => {
	it.each([429, 408, 500, 502, 503, 504])('retries HTTP %i', (code) => {
		expect(retried(status(code))).toBe(true);
	});

	it.each([400, 401, 403, 404, 405, 422, 501])('does not retry HTTP %i', (code) => {
		expect(retried(status(code))).toBe(false);
	});

	it.each(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'TRUNCATED_BODY'])(
		'retries %s',
		(code) => {
			expect(retried(network(code))).toBe(true);
		},
	);

	it('retries "socket hang up" and aborted responses without a code', () => {
		expect(retried(network(undefined, 'socket hang up'))).toBe(true);
		expect(retried(network(undefined, 'aborted'))).toBe(true);
	});

	it('does not retry a wrong host or a local error', () => {
		expect(retried(network('ENOTFOUND'))).toBe(false);
		expect(retried(network(undefined, 'OAuth credentials not connected'))).toBe(false);
	});

	it('repeats a POST only when the platform cannot have processed it', () => {
		expect(retried(status(429), 'POST')).toBe(true);
		expect(retried(network('ECONNREFUSED'), 'POST')).toBe(true);
		expect(retried(status(503), 'POST')).toBe(false);
		expect(retried(network('ECONNRESET'), 'POST')).toBe(false);
		expect(retried(status(503), 'DELETE')).toBe(true);
	});
});

describe('planRetry', () => {
	it('waits what Retry-After says on a 429', () => {
		expect(
			planRetry(
				status(429, { 'retry-after': '7' }),
				{ attempt: 1, waitedMs: 0 },
				DEFAULT_RETRY_POLICY,
				clock(),
			),
		).toEqual({
			retry: true,
			delayMs: 7000,
			source: 'retry-after',
		});
	});

	it('falls back to X-RateLimit-Reset, then to backoff', () => {
		const reset = status(429, { 'x-ratelimit-reset': String(NOW / 1000 + 20) });
		expect(
			planRetry(reset, { attempt: 1, waitedMs: 0 }, DEFAULT_RETRY_POLICY, clock()),
		).toMatchObject({
			delayMs: 20_000,
			source: 'rate-limit-reset',
		});
		expect(
			planRetry(status(429), { attempt: 2, waitedMs: 0 }, DEFAULT_RETRY_POLICY, clock(0)),
		).toMatchObject({
			delayMs: 1000,
			source: 'backoff',
		});
	});

	it("on a 429 without rate-limit headers (n8n 1.x drops them), waits what the body's retry_after says", () => {
		const bodyOnly: Failure = {
			statusCode: 429,
			headers: {},
			body: {
				message: 'Too many requests. Retry in 34 seconds.',
				code: 'rate_limited',
				retry_after: 34,
			},
		};
		expect(planRetry(bodyOnly, { attempt: 1, waitedMs: 0 }, DEFAULT_RETRY_POLICY, clock())).toEqual(
			{ retry: true, delayMs: 34_000, source: 'retry-after' },
		);
		// The headers, when present, win.
		expect(
			planRetry(
				{ ...bodyOnly, headers: { 'retry-after': '5' } },
				{ attempt: 1, waitedMs: 0 },
				DEFAULT_RETRY_POLICY,
				clock(),
			),
		).toMatchObject({ delayMs: 5_000 });
		expect(
			planRetry(
				{ ...bodyOnly, body: { retry_after: 'soon' } },
				{ attempt: 1, waitedMs: 0 },
				DEFAULT_RETRY_POLICY,
				clock(0),
			),
		).toMatchObject({ source: 'backoff' });
	});

	it.each([['-1'], ['+10'], ['1.'], ['10, 20']])(
		'a malformed Retry-After %p leaves the wait to X-RateLimit-Reset',
		(retryAfter) => {
			const failure = status(429, {
				'retry-after': retryAfter,
				'x-ratelimit-reset': String(NOW / 1000 + 20),
			});
			expect(
				planRetry(failure, { attempt: 1, waitedMs: 0 }, DEFAULT_RETRY_POLICY, clock()),
			).toEqual({ retry: true, delayMs: 20_000, source: 'rate-limit-reset' });
		},
	);

	it('a wait beyond any date (Retry-After: 9999999999999) is one that does not fit, not an error', () => {
		expect(
			planRetry(
				status(429, { 'retry-after': '9999999999999' }),
				{ attempt: 1, waitedMs: 0 },
				DEFAULT_RETRY_POLICY,
				clock(),
			),
		).toEqual({
			retry: false,
			reason: 'wait-budget',
			requestedDelayMs: 8.64e15,
			source: 'retry-after',
		});
	});

	it('honours Retry-After on a 503 but not X-RateLimit-Reset', () => {
		expect(
			planRetry(
				status(503, { 'retry-after': '3' }),
				{ attempt: 1, waitedMs: 0 },
				DEFAULT_RETRY_POLICY,
				clock(),
			),
		).toMatchObject({
			delayMs: 3000,
		});
		const withReset = status(503, { 'x-ratelimit-reset': String(NOW / 1000 + 50) });
		expect(
			planRetry(withReset, { attempt: 1, waitedMs: 0 }, DEFAULT_RETRY_POLICY, clock(0)),
		).toMatchObject({
			delayMs: 500,
			source: 'backoff',
		});
	});

	it('stops on a permanent failure', () => {
		expect(planRetry(status(422), { attempt: 1, waitedMs: 0 })).toEqual({
			retry: false,
			reason: 'not-retryable',
		});
	});

	it('stops after the last attempt', () => {
		const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 3 };
		expect(planRetry(status(500), { attempt: 3, waitedMs: 1000 }, policy, clock())).toEqual({
			retry: false,
			reason: 'attempts',
		});
	});

	it('stops when the wait would exceed the total budget, saying what was asked', () => {
		const policy = { ...DEFAULT_RETRY_POLICY, maxTotalWaitMs: 60_000 };
		expect(
			planRetry(
				status(429, { 'retry-after': '45' }),
				{ attempt: 2, waitedMs: 30_000 },
				policy,
				clock(),
			),
		).toEqual({
			retry: false,
			reason: 'wait-budget',
			requestedDelayMs: 45_000,
			source: 'retry-after',
		});
	});
});
