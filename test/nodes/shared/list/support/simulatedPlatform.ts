// A platform and a client in virtual time, for the pure paging tests: the platform answers
// `GET /students?page&per_page` from ids 1..total behind the sandbox's own fixed-window rate
// limiter, with a seeded fault schedule (injected 429s, 5xx, slow pages). The client does what
// the transport does for one request: acquire the gate, send, settle, and retry per planRetry.
import type { ListResponse } from '../../../../../nodes/shared/list/page';
import type { Query } from '../../../../../nodes/shared/list/query';
import { RateBudget, type Timer } from '../../../../../nodes/shared/transport/rateBudget';
import {
	DEFAULT_RETRY_POLICY,
	planRetry,
	type Failure,
} from '../../../../../nodes/shared/transport/retry';
import { RateLimiter, rateLimitHeaders } from '../../../../../sandbox/http/rateLimit';
import { createRng, type Rng } from '../../../../../sandbox/random';

/** Virtual time: `sleep` resolves when `run` moves the clock to it, once nothing else can move (or when woken). */
export class VirtualClock implements Timer {
	private current = Date.UTC(2026, 10, 23, 8, 0, 0);
	private timers: Array<{ at: number; seq: number; resolve: () => void }> = [];
	private seq = 0;

	now(): number {
		return this.current;
	}

	/** Ends at `ms` from now, or when `wake` resolves first (its timer is then dropped). */
	sleep(ms: number, wake?: Promise<void>): Promise<void> {
		return new Promise((resolve) => {
			const timer = { at: this.current + Math.max(0, ms), seq: this.seq++, resolve };
			this.timers.push(timer);
			void wake?.then(() => {
				this.timers = this.timers.filter((other) => other !== timer);
				resolve();
			});
		});
	}

	/** Runs `work` to completion, moving the clock from timer to timer. */
	async run<T>(work: Promise<T>): Promise<T> {
		let settled = false;
		const tracked = work.finally(() => {
			settled = true;
		});
		tracked.catch(() => undefined);
		for (;;) {
			await new Promise((resolve) => setImmediate(resolve));
			if (settled) return await tracked;
			this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.timers.shift();
			if (!next) throw new Error('deadlock: the work waits for nothing');
			this.current = Math.max(this.current, next.at);
			next.resolve();
		}
	}
}

export interface FaultPlan {
	/** Page → statuses of its first attempts (429 carries Retry-After: retryAfterSeconds). */
	failures: Map<number, number[]>;
	/** Page → latency of every attempt, ms. */
	latency: (page: number) => number;
}

/** A seeded schedule: a share of pages fails once or twice (429/500/502/503), some are slow. */
export function seededFaults(
	seed: number,
	pages: number,
	options: { failShare?: number; maxLatencyMs?: number } = {},
): FaultPlan {
	const rng: Rng = createRng(seed);
	const failures = new Map<number, number[]>();
	const statuses = [429, 500, 502, 503];
	const latencies = Array.from({ length: pages + 1 }, () =>
		Math.floor(rng() * (options.maxLatencyMs ?? 300)),
	);
	for (let page = 1; page <= pages; page++) {
		if (rng() >= (options.failShare ?? 0.2)) continue;
		const times = rng() < 0.3 ? 2 : 1;
		failures.set(
			page,
			Array.from({ length: times }, () => statuses[Math.floor(rng() * statuses.length)]),
		);
	}
	return { failures, latency: (page) => latencies[page] ?? 0 };
}

export interface SentRequest {
	page: number;
	attempt: number;
	startedAt: number;
	status: number;
	/** Requests in flight when this one started, itself included. */
	inFlight: number;
	/** Order of events: when it started, and when the client took in its answer. */
	startSeq: number;
	settleSeq?: number;
	settledAt?: number;
}

export interface PlatformOptions {
	total: number;
	/** Requests per window of the platform's limiter; the window is `windowMs`. */
	rateLimit?: number;
	windowMs?: number;
	faults?: FaultPlan;
	retryAfterSeconds?: number;
}

export function simulatedPlatform(clock: VirtualClock, options: PlatformOptions) {
	const limiter = new RateLimiter(options.rateLimit ?? 1_000_000, options.windowMs ?? 60_000);
	const attempts = new Map<number, number>();
	const sent: SentRequest[] = [];
	let inFlight = 0;
	let seq = 0;
	const gate = new RateBudget(clock);
	const random = createRng(7);

	/** One HTTP exchange: the limiter counts it on arrival, the answer comes after the latency. */
	async function exchange(query: Query): Promise<{
		status: number;
		headers: Record<string, string>;
		body?: unknown;
		record: SentRequest;
	}> {
		const page = Number(query.page);
		const perPage = Number(query.per_page);
		const attempt = (attempts.get(page) ?? 0) + 1;
		attempts.set(page, attempt);
		inFlight++;
		const record: SentRequest = {
			page,
			attempt,
			startedAt: clock.now(),
			status: 0,
			inFlight,
			startSeq: ++seq,
		};
		sent.push(record);
		const injected = options.faults?.failures.get(page)?.[attempt - 1];
		const limited = injected === undefined ? limiter.hit('token', clock.now()) : undefined;
		await clock.sleep(options.faults?.latency(page) ?? 0);
		inFlight--;
		const headers: Record<string, string> = {};
		if (limited)
			for (const [name, value] of Object.entries(rateLimitHeaders(limited)))
				headers[name.toLowerCase()] = String(value);
		if (injected !== undefined) {
			record.status = injected;
			if (injected === 429 || injected === 503)
				headers['retry-after'] = String(options.retryAfterSeconds ?? 2);
			return { status: injected, headers, record };
		}
		if (!limited?.allowed) {
			record.status = 429;
			return { status: 429, headers, record };
		}
		record.status = 200;
		const lastPage = Math.max(1, Math.ceil(options.total / perPage));
		const from = (page - 1) * perPage + 1;
		const to = Math.min(page * perPage, options.total);
		const data = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({ id: from + i }));
		return {
			status: 200,
			headers,
			record,
			body: {
				data,
				meta: { current_page: page, last_page: lastPage, per_page: perPage, total: options.total },
			},
		};
	}

	/** What apiRequest does for one page: gate, exchange, settle, retry per planRetry, every wait in one budget. */
	async function fetchPage(query: Query): Promise<ListResponse> {
		let waitedMs = 0;
		for (let attempt = 1; ; attempt++) {
			const admission = await gate.acquire(DEFAULT_RETRY_POLICY.maxTotalWaitMs - waitedMs);
			waitedMs += admission.waitedMs;
			if (admission.refused)
				throw new Error(
					`page ${String(query.page)} could not wait ${admission.refused.waitMs} ms (wait-budget)`,
				);
			const answer = await exchange(query);
			gate.settle({ statusCode: answer.status, headers: answer.headers });
			Object.assign(answer.record, { settleSeq: ++seq, settledAt: clock.now() });
			if (answer.status === 200) return { body: answer.body, headers: answer.headers };
			const failure: Failure = { statusCode: answer.status, headers: answer.headers };
			const decision = planRetry(failure, { attempt, waitedMs, method: 'GET' }, undefined, {
				now: () => clock.now(),
				random,
			});
			if (!decision.retry)
				throw new Error(
					`page ${String(query.page)} failed with ${answer.status} (${decision.reason})`,
				);
			await clock.sleep(decision.delayMs);
			waitedMs += decision.delayMs;
		}
	}

	return { gate, sent, fetchPage, limiter };
}
