/**
 * Per-token rate limiting with Laravel throttle semantics (contract §5): a fixed 60-second window
 * that opens with the first request after the previous window expired; every admitted request
 * counts, rejected (429) requests do not.
 *
 * - `RateLimiter(limit, windowMs?)` — `hit(key, nowMs)` admits or rejects one request and returns
 *   the figures for the headers; `limit` may be changed at runtime; `reset()` forgets all windows.
 * - `rateLimitHeaders(result)` — `X-RateLimit-Limit/Remaining/Reset` (+ `Retry-After` when rejected).
 */

export interface RateLimitResult {
	allowed: boolean;
	limit: number;
	remaining: number;
	/** Unix time in seconds when the window closes. */
	reset: number;
	/** Seconds until the window closes, rounded up, at least 1 (only meaningful when rejected). */
	retryAfter: number;
}

interface Window {
	start: number;
	count: number;
}

export class RateLimiter {
	private readonly windows = new Map<string, Window>();

	constructor(
		public limit: number,
		readonly windowMs = 60_000,
	) {}

	hit(key: string, now: number): RateLimitResult {
		let window = this.windows.get(key);
		if (!window || now >= window.start + this.windowMs) {
			window = { start: now, count: 0 };
			this.windows.set(key, window);
		}
		const closesAt = window.start + this.windowMs;
		const allowed = window.count < this.limit;
		if (allowed) window.count++;
		return {
			allowed,
			limit: this.limit,
			remaining: Math.max(0, this.limit - window.count),
			reset: Math.ceil(closesAt / 1000),
			retryAfter: Math.max(1, Math.ceil((closesAt - now) / 1000)),
		};
	}

	reset(): void {
		this.windows.clear();
	}
}

export function rateLimitHeaders(result: RateLimitResult): Record<string, number> {
	const headers: Record<string, number> = {
		'X-RateLimit-Limit': result.limit,
		'X-RateLimit-Remaining': result.allowed ? result.remaining : 0,
		'X-RateLimit-Reset': result.reset,
	};
	if (!result.allowed) headers['Retry-After'] = result.retryAfter;
	return headers;
}
