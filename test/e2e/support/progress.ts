// Waiting for a count (runs, deliveries, executions) on a machine of any speed: the wait follows
// progress, not the clock. A flat deadline fails a slow but healthy machine (issue 48: 54 runs
// still arriving when 60 s were up); this wait fails only when nothing has moved for `stallMs`,
// or at a generous overall cap, and its message says how far the count got.

export interface Tally<T> {
	/** How many of the awaited things there are so far; the failure reports it. */
	seen: number;
	/** How many are awaited in all ("saw 41 of 54"), when the wait knows. */
	of?: number;
	/** The result, once complete; undefined while the wait goes on. */
	done?: T;
	/** Other signs of movement than `seen` (e.g. the platform's delivery attempts): any change counts as progress. */
	activity?: unknown;
}

export interface ProgressOptions {
	/** Fail after this long with no change in `seen` or `activity` (default 60 s). */
	stallMs?: number;
	/** Fail after this long in all, however the count moves (default 10 minutes). */
	capMs?: number;
	/** The least time between two reads (each read waits at least as long as the last one took, to spare a busy n8n). */
	pollMs?: number;
}

export const STALL_MS = 60_000;
export const CAP_MS = 600_000;

/** Pure: the failure's message. */
export function stalledMessage(
	what: string,
	tally: Tally<unknown> | undefined,
	waitedMs: number,
	stalledMs: number,
	capped: boolean,
	lastError?: unknown,
): string {
	const seen = tally
		? `saw ${tally.seen}${tally.of === undefined ? '' : ` of ${tally.of}`}`
		: 'read nothing';
	const why = capped
		? `still moving at the ${Math.round(waitedMs / 1000)} s cap`
		: `nothing new for ${Math.round(stalledMs / 1000)} s (${Math.round(waitedMs / 1000)} s in all)`;
	return `Gave up waiting for ${what}: ${seen}, ${why}${lastError === undefined ? '' : `; last error: ${String(lastError)}`}`;
}

/** Reads `tally` until it is done; fails when it stops moving or at the cap (see ProgressOptions). */
export async function untilCounted<T>(
	what: string,
	tally: () => Promise<Tally<T>>,
	options: ProgressOptions = {},
): Promise<T> {
	const { stallMs = STALL_MS, capMs = CAP_MS, pollMs = 250 } = options;
	const started = Date.now();
	let movedAt = started;
	let marker: string | undefined;
	let last: Tally<T> | undefined;
	let lastError: unknown;
	for (;;) {
		const readStarted = Date.now();
		try {
			const current = await tally();
			if (current.done !== undefined) return current.done;
			const state = JSON.stringify([current.seen, current.activity ?? null]);
			if (state !== marker) {
				marker = state;
				movedAt = Date.now();
			}
			last = current;
			lastError = undefined;
		} catch (error) {
			// A read that fails (n8n busy, a listing changing under it) is no progress; the next may succeed.
			lastError = error;
		}
		const now = Date.now();
		if (now - movedAt >= stallMs || now - started >= capMs) {
			throw new Error(
				stalledMessage(
					what,
					last,
					now - started,
					now - movedAt,
					now - started >= capMs && now - movedAt < stallMs,
					lastError,
				),
			);
		}
		await new Promise((resolve) => setTimeout(resolve, Math.max(pollMs, now - readStarted)));
	}
}

/** A tally of `wanted` ids against the ones found: done (with `result`) once all are there. */
export function tallyOf<T>(
	wanted: readonly string[],
	found: { has(id: string): boolean },
	result: T,
	activity?: unknown,
): Tally<T> {
	const seen = wanted.filter((id) => found.has(id)).length;
	return { seen, of: wanted.length, done: seen === wanted.length ? result : undefined, activity };
}
