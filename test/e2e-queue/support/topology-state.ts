// What the queue suite reads off a running topology: whether Bull's queue has drained, every
// process's log kept for test-artifacts/, and a tally of values for the printed figures.
import type { N8nServer } from '../../../tooling/lib/n8n-server';
import type { QueueTopology } from '../../../tooling/lib/queue/topology';
import { currentTestPath, keepN8nLog, keptLogPath } from '../../e2e/support/n8nLogs';
import { untilCounted } from '../../e2e/support/progress';

/** Waits until Bull's queue holds no job, active or waiting (a dead worker's jobs count until they are failed as stalled); the count of jobs left is the progress. */
export async function queueDrained(queue: QueueTopology): Promise<void> {
	await untilCounted('the queue drained (jobs left)', async () => {
		const left =
			Number(await queue.redis('LLEN', 'bull:jobs:active')) +
			Number(await queue.redis('LLEN', 'bull:jobs:wait'));
		return { seen: left, done: left === 0 ? true : undefined };
	});
}

/** Every process's log, into test-artifacts/n8n-logs/queue/ (the user folders go with the run's temporary folder). */
export function keepQueueLogs(queue: QueueTopology | undefined): void {
	const roles: Array<[string, N8nServer[]]> = [
		['main', queue?.mains ?? []],
		['webhook', queue?.webhooks ?? []],
		['worker', queue?.workers ?? []],
	];
	for (const [role, servers] of roles)
		for (const server of servers)
			keepN8nLog(server.logFile, keptLogPath('queue', currentTestPath(), role));
}

/** "3 × 502, 1 × connection_reset": how often each value occurs, or "none". */
export function tally(values: string[]): string {
	const counts = new Map<string, number>();
	for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
	return [...counts].map(([value, n]) => `${n} × ${value}`).join(', ') || 'none';
}
