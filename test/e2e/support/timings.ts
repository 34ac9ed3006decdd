// Durations of the e2e suite's phases. Each is appended as a JSON line to the file global-setup
// names (EDU_E2E_TIMINGS), and global-teardown prints the table at the end of the run.
import { appendFileSync } from 'node:fs';

export interface Timing {
	label: string;
	ms: number;
}

export function recordTiming(label: string, ms: number): void {
	const file = process.env.EDU_E2E_TIMINGS;
	if (file) appendFileSync(file, `${JSON.stringify({ label, ms } satisfies Timing)}\n`);
}

export async function timed<T>(label: string, action: () => Promise<T>): Promise<T> {
	const started = Date.now();
	try {
		return await action();
	} finally {
		recordTiming(label, Date.now() - started);
	}
}

export function formatTimings(timings: Timing[], totalMs: number): string {
	const width = Math.max(...timings.map((t) => t.label.length), 5) + 2;
	return [
		'e2e timings:',
		...timings.map((t) => `  ${t.label.padEnd(width)}${(t.ms / 1000).toFixed(1).padStart(7)} s`),
		`  ${'total'.padEnd(width)}${(totalMs / 1000).toFixed(1).padStart(7)} s`,
	].join('\n');
}
