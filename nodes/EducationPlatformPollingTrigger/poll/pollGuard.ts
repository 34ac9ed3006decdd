// Pure: no n8n import. One poll at a time per trigger in this process, and no second poll from a
// position another poll has just emitted from.
//
// n8n's cron calls poll() at every tick without waiting for the previous poll (n8n-core's
// ScheduledTaskManager and ActiveWorkflowTriggers / ActiveWorkflows, 1.x and 2.x alike), and every
// tick of an active workflow shares one in-memory static data. A poll that outlasts the interval
// (a slow platform, a long Retry-After, a backlog) would otherwise run beside the next one: both
// read the same cursor and emit the same changes. The later poll is skipped instead; the running
// one emits the changes, and the next tick continues from its cursor.
//
// n8n 2.36+'s durable scheduler (N8N_SCHEDULER_POLL_TRIGGERS_ENABLED) does not serialise a node's
// polls either, and each of its occurrences reads the stored position when it starts, before it
// polls. Two occurrences due together (after a restart: the one taken over from the killed process
// and the next one) both read it; the one that polls after the other has emitted, but before n8n
// has saved the other's position, would emit the same changes again (seen in the e2e suite). So a
// poll that starts from the position a poll emitted from within REPEAT_WINDOW_MS is skipped too.
// A poll ends within POLL_TIME_LIMIT_MS, before n8n's poll timeout and lease, so a key is never
// held past the occurrence that set it; a process that dies takes its keys along.

/**
 * Longer than the few seconds between two occurrences' reads of the position that n8n runs at
 * once; shorter than the 30 s between the end of one poll and the start of the next (a minute
 * apart, each at most 30 s), which must run from the same position when n8n could not save the
 * first one's (it then repeats the window).
 */
export const REPEAT_WINDOW_MS = 25_000;

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
