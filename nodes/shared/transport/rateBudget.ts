// Pure: no n8n import. The platform's rate budget (docs/api-contract.md §5) shared by the requests
// of one execution: `acquire()` before each attempt waits until the budget can pay for it and no 429
// pause runs; `settle()` after it reads the answer's X-RateLimit-* and Retry-After headers. How it
// counts, and when a window closes: docs/architecture.md "The transport".
import { parseRateLimitReset, rateLimitWait } from './retry';

export interface Timer {
	/** Milliseconds since the epoch. */
	now(): number;
	/** Sleeps `ms`, or less when `wake` resolves first. */
	sleep(ms: number, wake?: Promise<void>): Promise<void>;
}

/**
 * What one attempt got back: the status (if a response arrived), its lower-cased headers and its
 * parsed body (a 429's `retry_after` is all n8n 1.x leaves of the wait: it drops the headers).
 */
interface AttemptOutcome {
	statusCode?: number;
	headers: Record<string, string>;
	body?: unknown;
}

/** What `acquire` did: the time it waited and, when the next wait did not fit, that wait. */
interface Admission {
	waitedMs: number;
	/**
	 * Set when the request may not start within its budget (nothing more was waited): the wait
	 * still needed (unknown while it waits for an answer to a request in flight) and the answer
	 * that imposes it, a 429 (the one that paused every caller, or the one the platform would send
	 * while the window's budget is spent).
	 */
	refused?: { waitMs?: number; outcome: AttemptOutcome };
}

/** Called by the transport around every attempt of a request. */
export interface RequestGate {
	/** Waits, at most `maxWaitMs` in all, until the request may start. */
	acquire(maxWaitMs: number): Promise<Admission>;
	settle(outcome: AttemptOutcome): void;
}

interface Window {
	limit: number;
	/** The smallest X-RateLimit-Remaining seen in this window. */
	remaining: number;
	/** X-RateLimit-Reset in ms since the epoch: which window an answer belongs to. */
	resetAt: number;
	/** When the window has closed at the latest: resetAt, or earlier (see the header). */
	closesBy: number;
}

/** The platform's window length (docs/api-contract.md §5). */
const WINDOW_MS = 60_000;

/** A wait that no time ends: only an answer to a request in flight can change what is allowed. */
const UNTIL_SETTLED = 'until a request in flight settles';

function wholeHeader(headers: Record<string, string>, name: string): number | undefined {
	const value = headers[name];
	return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

/** A promise and what resolves it (Promise.withResolvers needs Node 22; n8n 1.x runs on 20). */
function settleSignal(): { promise: Promise<void>; resolve: () => void } {
	let resolve = () => {};
	const promise = new Promise<void>((done) => (resolve = done));
	return { promise, resolve };
}

export class RateBudget implements RequestGate {
	private window?: Window;
	private inFlight = 0;
	private pausedUntil = 0;
	/** The 429 that set `pausedUntil`. */
	private pausedBy: AttemptOutcome = { statusCode: 429, headers: {} };
	/** Resolves when a request in flight settles next (what a caller waiting for one sleeps until). */
	private nextSettle = settleSignal();
	/** Requests sent, and the most that were in flight at once (for tests and benchmarks). */
	readonly stats = { started: 0, peakInFlight: 0, rateLimited: 0 };

	constructor(private readonly timer: Timer) {}

	/** How long the next request has to wait: 0 (it may start now), ms, or until a request in flight settles. */
	private waitMs(now: number): number | typeof UNTIL_SETTLED {
		if (now < this.pausedUntil) return this.pausedUntil - now;
		const window = this.window;
		if (!window) return 0;
		if (now >= window.closesBy) {
			// The window closed: a fresh one holds the whole limit (in-flight requests may land in it).
			return this.inFlight === 0 || window.limit - this.inFlight > 0 ? 0 : UNTIL_SETTLED;
		}
		return window.remaining - this.inFlight > 0 ? 0 : window.closesBy - now;
	}

	/** The answer that makes the request wait at `now`. */
	private cause(now: number): AttemptOutcome {
		if (now < this.pausedUntil || !this.window) return this.pausedBy;
		const { limit, resetAt } = this.window;
		const headers = {
			'x-ratelimit-limit': String(limit),
			'x-ratelimit-remaining': '0',
			'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
		};
		return { statusCode: 429, headers };
	}

	async acquire(maxWaitMs: number): Promise<Admission> {
		let waitedMs = 0;
		for (
			let now = this.timer.now(), wait = this.waitMs(now);
			wait !== 0;
			now = this.timer.now(), wait = this.waitMs(now)
		) {
			if (wait === UNTIL_SETTLED) {
				if (waitedMs >= maxWaitMs) return { waitedMs, refused: { outcome: this.cause(now) } };
				await this.timer.sleep(maxWaitMs - waitedMs, this.nextSettle.promise);
				waitedMs += this.timer.now() - now;
				continue;
			}
			if (waitedMs + wait > maxWaitMs)
				return { waitedMs, refused: { waitMs: wait, outcome: this.cause(now) } };
			await this.timer.sleep(wait);
			waitedMs += wait;
		}
		this.inFlight++;
		this.stats.started++;
		this.stats.peakInFlight = Math.max(this.stats.peakInFlight, this.inFlight);
		return { waitedMs };
	}

	settle(outcome: AttemptOutcome): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		const now = this.timer.now();
		this.observe(outcome.headers, now);
		if (outcome.statusCode === 429) this.pause(outcome, now);
		const settled = this.nextSettle;
		this.nextSettle = settleSignal();
		settled.resolve();
	}

	private pause(outcome: AttemptOutcome, now: number): void {
		this.stats.rateLimited++;
		const pause = rateLimitWait(outcome, now)?.delayMs ?? 1_000;
		if (now + pause > this.pausedUntil) {
			this.pausedUntil = now + pause;
			this.pausedBy = outcome;
		}
	}

	private observe(headers: Record<string, string>, now: number): void {
		const limit = wholeHeader(headers, 'x-ratelimit-limit');
		const remaining = wholeHeader(headers, 'x-ratelimit-remaining');
		const resetIn = parseRateLimitReset(headers['x-ratelimit-reset'], now);
		if (limit === undefined || remaining === undefined || resetIn === undefined) return;
		const resetAt = now + resetIn;
		const current = this.window;
		// Reset times are whole seconds: within a second of each other they name the same window.
		const closesBy = Math.min(resetAt, now + WINDOW_MS);
		if (current && Math.abs(current.resetAt - resetAt) < 1_000) {
			current.remaining = Math.min(current.remaining, remaining);
			current.limit = limit;
			current.closesBy = Math.min(current.closesBy, closesBy);
		} else if (!current || resetAt > current.resetAt) {
			// A newer window; an answer from an older one (arriving late) says nothing new.
			this.window = { limit, remaining, resetAt, closesBy };
		}
	}
}
