// Pure: no n8n import. Which failed requests are worth repeating and how long to wait first.
// docs/api-contract.md §4 (transient statuses) and §5 (rate-limit headers, Retry-After).
import { isJsonRecord } from '../jsonRecord';

/** What went wrong with one attempt, independent of the HTTP library. */
export interface Failure {
	/** HTTP status, when a response arrived. */
	statusCode?: number;
	/** Response headers, lower-cased names. */
	headers: Record<string, string>;
	/** Parsed response body (the API's error object), when there was one. */
	body?: unknown;
	/** Node/axios error code for failures without a response: ECONNRESET, ETIMEDOUT, … */
	errorCode?: string;
	/** The library's message, e.g. "socket hang up". */
	errorMessage?: string;
}

export interface RetryPolicy {
	/** Attempts in total, the first one included. */
	maxAttempts: number;
	/** Bound on the time spent waiting between attempts, summed over the request. */
	maxTotalWaitMs: number;
	/** First backoff delay; doubles per attempt (with jitter) up to maxBackoffMs. */
	baseDelayMs: number;
	maxBackoffMs: number;
}

/**
 * Defaults: up to 6 attempts and 3 minutes of waiting in total — long enough to sit out two
 * of the platform's 60-second rate-limit windows, short enough that a stuck run fails clearly.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: 6,
	maxTotalWaitMs: 180_000,
	baseDelayMs: 1_000,
	maxBackoffMs: 30_000,
};

export interface Clock {
	/** Milliseconds since the epoch. */
	now: () => number;
	/** Uniform in [0, 1). */
	random: () => number;
}

const systemClock: Clock = { now: () => Date.now(), random: () => Math.random() };

/** Methods that may be repeated after an ambiguous failure (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Connection failures after which the server may or may not have seen the request. */
const TRANSIENT_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ERR_STREAM_PREMATURE_CLOSE',
	'EAI_AGAIN',
	'TRUNCATED_BODY',
]);

/** Connection failures that prove the request never reached the server. */
const NOT_SENT_NETWORK_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN']);

const TRANSIENT_MESSAGE =
	/socket hang up|aborted|timeout|timed out|premature close|unexpected end of json/i;

/** Whether repeating `method` after an ambiguous failure cannot do something twice. */
export function isIdempotent(method: string): boolean {
	return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

function isRateLimited(failure: Failure): boolean {
	return failure.statusCode === 429;
}

function isTransientNetworkFailure(failure: Failure): boolean {
	if (failure.statusCode !== undefined) return false;
	if (failure.errorCode && TRANSIENT_NETWORK_CODES.has(failure.errorCode)) return true;
	if (failure.errorCode && NOT_SENT_NETWORK_CODES.has(failure.errorCode)) return true;
	return TRANSIENT_MESSAGE.test(failure.errorMessage ?? '');
}

/**
 * Whether repeating the same request can succeed: 429, 408, 5xx (except 501 Not Implemented
 * and 505), timeouts, resets, refused connections and truncated bodies. For POST/PATCH only
 * failures that prove the request was not processed (429, refused connection) are retried, so
 * a webhook subscription is never created twice.
 */
function isRetryable(failure: Failure, method = 'GET'): boolean {
	if (isRateLimited(failure)) return true;
	if (!isIdempotent(method)) {
		return failure.statusCode === undefined && NOT_SENT_NETWORK_CODES.has(failure.errorCode ?? '');
	}
	const status = failure.statusCode;
	if (status !== undefined)
		return status === 408 || (status >= 500 && status !== 501 && status !== 505);
	return isTransientNetworkFailure(failure);
}

/**
 * The longest wait told apart from "never": the end of JavaScript's date range from the epoch. A
 * longer one (`Retry-After: 9999…` with 400 digits) is this, so every sum and time stays finite.
 */
const LONGEST_WAIT_MS = 8.64e15;

function waitOf(ms: number): number {
	return Math.min(Math.ceil(ms), LONGEST_WAIT_MS);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const TIME = '(\\d\\d):(\\d\\d):(\\d\\d)';
/** The three forms of an HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, then the obsolete RFC 850 and asctime ones. */
const IMF_FIXDATE = new RegExp(
	`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d\\d) (${MONTH}) (\\d{4}) ${TIME} GMT$`,
);
const RFC850_DATE = new RegExp(
	`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d\\d)-(${MONTH})-(\\d\\d) ${TIME} GMT$`,
);
const ASCTIME_DATE = new RegExp(
	`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (${MONTH}) ([ \\d]\\d) ${TIME} (\\d{4})$`,
);

/** ms since the epoch of a date that exists (no 31 Feb, no hour 25; second 60 is a leap second), else undefined. */
function utc(
	year: number,
	month: string,
	day: string,
	hour: string,
	minute: string,
	second: string,
): number | undefined {
	const time = Date.UTC(
		year,
		MONTHS.indexOf(month),
		Number(day),
		Number(hour),
		Number(minute),
		Number(second),
	);
	const exists =
		new Date(time).getUTCDate() === Number(day) &&
		Number(hour) < 24 &&
		Number(minute) < 60 &&
		Number(second) <= 60;
	return exists ? time : undefined;
}

/**
 * An HTTP-date in ms since the epoch; undefined for anything else, whatever `Date.parse` would
 * make of it. An RFC 850 two-digit year more than 50 years ahead is in the past century (§5.6.7).
 */
function parseHttpDate(text: string, now: number): number | undefined {
	const fixdate = IMF_FIXDATE.exec(text);
	if (fixdate)
		return utc(Number(fixdate[3]), fixdate[2], fixdate[1], fixdate[4], fixdate[5], fixdate[6]);
	const rfc850 = RFC850_DATE.exec(text);
	if (rfc850) {
		const thisYear = new Date(now).getUTCFullYear();
		let year = thisYear - (thisYear % 100) + Number(rfc850[3]);
		if (year > thisYear + 50) year -= 100;
		return utc(year, rfc850[2], rfc850[1], rfc850[4], rfc850[5], rfc850[6]);
	}
	const asctime = ASCTIME_DATE.exec(text);
	if (asctime)
		return utc(
			Number(asctime[6]),
			asctime[1],
			asctime[2].trim(),
			asctime[3],
			asctime[4],
			asctime[5],
		);
	return undefined;
}

/**
 * `Retry-After` as delay-seconds (1*DIGIT) or an HTTP-date (RFC 9110 §10.2.3), in ms from now.
 * Anything else (`-1`, `+10`, `1.`, two headers joined as `10, 20`) is undefined, so the next
 * source of the wait decides: a malformed value is no answer, not "now".
 */
function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (value === undefined) return undefined;
	const trimmed = value.trim();
	if (/^\d+$/.test(trimmed)) return waitOf(Number(trimmed) * 1000);
	const date = parseHttpDate(trimmed, now);
	return date === undefined ? undefined : Math.max(0, date - now);
}

/**
 * `X-RateLimit-Reset` is Unix time in seconds (contract §5). Some servers send seconds until
 * the reset instead; a value far below today's epoch seconds is read that way.
 */
export function parseRateLimitReset(value: string | undefined, now: number): number | undefined {
	if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
	const seconds = Number(value);
	const delay = seconds < 1_000_000_000 ? seconds * 1000 : seconds * 1000 - now;
	return delay > 0 ? waitOf(delay) : undefined;
}

/**
 * The 429 body's `retry_after` in seconds (contract §4), as ms: all that is left of the wait when
 * the HTTP client dropped the response headers (n8n 1.x's request helpers do).
 */
function retryAfterInBody(body: unknown): number | undefined {
	const value = isJsonRecord(body) ? body.retry_after : undefined;
	return typeof value === 'number' && Number.isFinite(value) && value >= 0
		? Math.ceil(value * 1000)
		: undefined;
}

/** Exponential backoff with "equal jitter": between half and all of base·2^(attempt-1), capped. */
function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
	const ceiling = Math.min(policy.maxBackoffMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

type WaitSource = 'retry-after' | 'rate-limit-reset' | 'backoff';

/**
 * How long the platform asked us to hold off, and which answer said so: `Retry-After`, else (429
 * only) `X-RateLimit-Reset`, else the 429 body's `retry_after`. Undefined when it said nothing.
 * Both the retry loop and the shared rate budget read a 429 through this one function.
 */
export function rateLimitWait(
	failure: Failure,
	now: number,
): { delayMs: number; source: Exclude<WaitSource, 'backoff'> } | undefined {
	const retryAfter = parseRetryAfter(failure.headers['retry-after'], now);
	if (retryAfter !== undefined) return { delayMs: retryAfter, source: 'retry-after' };
	if (!isRateLimited(failure)) return undefined;
	const reset = parseRateLimitReset(failure.headers['x-ratelimit-reset'], now);
	if (reset !== undefined) return { delayMs: reset, source: 'rate-limit-reset' };
	const inBody = retryAfterInBody(failure.body);
	return inBody === undefined ? undefined : { delayMs: inBody, source: 'retry-after' };
}

/** How long to wait before repeating a retryable failure, and what said so. */
function retryDelay(
	failure: Failure,
	attempt: number,
	policy: RetryPolicy,
	clock: Clock,
): { delayMs: number; source: WaitSource } {
	return (
		rateLimitWait(failure, clock.now()) ?? {
			delayMs: backoffDelay(attempt, policy, clock.random),
			source: 'backoff',
		}
	);
}

export type RetryDecision =
	| { retry: true; delayMs: number; source: WaitSource }
	| {
			retry: false;
			/** not-retryable: a permanent failure; attempts / wait-budget: a bound was hit. */
			reason: 'not-retryable' | 'attempts' | 'wait-budget';
			/** For wait-budget: the wait the server asked for (or backoff computed) that did not fit. */
			requestedDelayMs?: number;
			/** For wait-budget: what set that wait; only a wait the platform asked for names a time to retry. */
			source?: WaitSource;
	  };

/**
 * The decision after attempt number `attempt` (1-based) failed, having already waited
 * `waitedMs` in total for this request.
 */
export function planRetry(
	failure: Failure,
	context: { attempt: number; waitedMs: number; method?: string },
	policy: RetryPolicy = DEFAULT_RETRY_POLICY,
	clock: Clock = systemClock,
): RetryDecision {
	if (!isRetryable(failure, context.method)) return { retry: false, reason: 'not-retryable' };
	if (context.attempt >= policy.maxAttempts) return { retry: false, reason: 'attempts' };
	const { delayMs, source } = retryDelay(failure, context.attempt, policy, clock);
	if (context.waitedMs + delayMs > policy.maxTotalWaitMs) {
		return { retry: false, reason: 'wait-budget', requestedDelayMs: delayMs, source };
	}
	return { retry: true, delayMs, source };
}
