// Pure: no n8n import. One poll at a time per trigger in this process, and no second poll from a
// position another poll has just emitted from: n8n starts a poll at every tick without waiting for
// the previous one, and its durable scheduler lets two polls read one position. Why, and what was
// measured: docs/polling-trigger.md "Cursor guarantees", its point One poll at a time.

/**
 * Longer than the few seconds between two occurrences' reads of the position that n8n runs at
 * once; shorter than the 30 s between the end of one poll and the start of the next (a minute
 * apart, each at most 30 s), which must run from the same position when n8n could not save the
 * first one's (it then repeats the window).
 */
const REPEAT_WINDOW_MS = 25_000;

/** Why a poll was skipped: another poll of the trigger is running, or one just emitted from the same position. */
export type Busy = { reason: 'running'; since: number } | { reason: 'repeat'; emittedAt: number };

export interface PollGuard<T> {
	/** `workflow id:node id`. */
	key: string;
	/** The stored position the poll starts from, as text. */
	position: string;
	/** Whether a poll's result emitted changes. */
	emitted: (result: T) => boolean;
	/** The result of a skipped poll. */
	onBusy: (busy: Busy) => T;
}

/** When each running poll started (ms since the epoch), by key. */
const running = new Map<string, number>();
/** The position the last poll that emitted started from, and when it ended, by key. */
const emittedFrom = new Map<string, { position: string; at: number }>();

/** Runs `poll` unless the guard says it must be skipped; then returns `onBusy(why)` without calling `poll`. */
export async function runAlone<T>(guard: PollGuard<T>, poll: () => Promise<T>): Promise<T> {
	const runningSince = running.get(guard.key);
	if (runningSince !== undefined) return guard.onBusy({ reason: 'running', since: runningSince });
	const last = emittedFrom.get(guard.key);
	if (last && last.position === guard.position && Date.now() - last.at < REPEAT_WINDOW_MS) {
		return guard.onBusy({ reason: 'repeat', emittedAt: last.at });
	}
	running.set(guard.key, Date.now());
	try {
		const result = await poll();
		if (guard.emitted(result))
			emittedFrom.set(guard.key, { position: guard.position, at: Date.now() });
		return result;
	} finally {
		running.delete(guard.key);
	}
}
