// Pure: no n8n import. One poll at a time per trigger in this process.
//
// n8n's cron calls poll() at every tick without waiting for the previous poll (n8n-core's
// ScheduledTaskManager and ActiveWorkflowTriggers / ActiveWorkflows, 1.x and 2.x alike), and every
// tick of an active workflow shares one in-memory static data. A poll that outlasts the interval
// (a slow platform, a long Retry-After, a backlog) would otherwise run beside the next one: both
// read the same cursor and emit the same changes. The later poll is skipped instead; the running
// one emits the changes, and the next tick continues from its cursor.
// n8n 2.36+'s durable scheduler (N8N_SCHEDULER_POLL_TRIGGERS_ENABLED) does not serialise a node's
// polls either: its leases are per occurrence, and a restarted process takes over the occurrence it
// lost beside the next one. A poll ends within POLL_TIME_LIMIT_MS, before n8n's poll timeout and
// lease, so a key is never held past the occurrence that set it; a process that dies takes its keys along.

/** When each running poll started (ms since the epoch), by `workflow id:node id`. */
const running = new Map<string, number>();

/**
 * Runs `poll` unless a poll with the same key is running in this process; then returns
 * `onBusy(start of the running poll)` without calling `poll`.
 */
export async function runAlone<T>(key: string, poll: () => Promise<T>, onBusy: (runningSince: number) => T): Promise<T> {
	const runningSince = running.get(key);
	if (runningSince !== undefined) return onBusy(runningSince);
	running.set(key, Date.now());
	try {
		return await poll();
	} finally {
		running.delete(key);
	}
}
