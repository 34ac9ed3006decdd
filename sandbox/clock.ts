/**
 * The sandbox's notion of "now". Everything time-based (token expiry, rate-limit windows,
 * `updated_at` of changed students, delivery timestamps) reads `state.clock.now()`, so tests can
 * inject a `ManualClock` and move time without waiting.
 *
 * - `Clock` — `{ now(): number }`, milliseconds since the Unix epoch.
 * - `systemClock` — `Date.now()`.
 * - `ManualClock` — starts at a given time; `advance(ms)` and `set(ms)` move it.
 * - `OffsetClock` — the system's time moved by `offsetMs`: an end-to-end test lets a few seconds of
 *   the platform's log read as minutes (the retry schedule's own time, which tests shrink).
 */

export interface Clock {
	now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
	constructor(private current: number = Date.UTC(2026, 10, 21, 9, 0, 0)) {}

	now(): number {
		return this.current;
	}

	advance(ms: number): void {
		this.current += ms;
	}

	set(ms: number): void {
		this.current = ms;
	}
}

export class OffsetClock implements Clock {
	offsetMs = 0;

	now(): number {
		return Date.now() + this.offsetMs;
	}
}
