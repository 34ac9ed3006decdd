/**
 * CPU profiles of a bench script's own process (bench/webhook.ts, bench/list.ts), taken through
 * the inspector around the measured part only, and summarised by self time as shares of the busy
 * samples (idle ones left out, so the shares do not move with how long the process waited): by
 * origin (this package's nodes/, each dependency, Node.js, GC) and this package's functions.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface Profile {
	nodes: Array<{
		id: number;
		callFrame: { functionName: string; url: string; lineNumber: number };
	}>;
	samples: number[];
	timeDeltas: number[];
}

const OURS = 'this package (nodes/)';

export function summarizeProfile(profile: Profile): string {
	const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
	const byOrigin = new Map<string, number>();
	const ours = new Map<string, number>();
	let total = 0;
	profile.samples.forEach((id, index) => {
		const { functionName, url, lineNumber } = nodes.get(id)!;
		const micros = profile.timeDeltas[index] ?? 0;
		if (functionName === '(idle)') return;
		total += micros;
		const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
		const origin = ['(program)', '(garbage collector)'].includes(functionName)
			? functionName
			: url.includes('/nodes/') && !dependency
				? OURS
				: (dependency ??
					(url.startsWith('node:') || url === ''
						? 'Node.js and V8 built-ins'
						: 'bench and test harness'));
		byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + micros);
		if (origin === OURS) {
			const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/nodes\//, 'nodes/')}:${lineNumber + 1}`;
			ours.set(key, (ours.get(key) ?? 0) + micros);
		}
	});
	const share = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
	const lines = [`Self time by origin (${(total / 1000).toFixed(0)} ms busy):`];
	for (const [origin, micros] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 12))
		lines.push(`  ${share(micros)}  ${origin}`);
	lines.push("This package's functions by self time:");
	for (const [key, micros] of [...ours].sort((a, b) => b[1] - a[1]).slice(0, 12))
		lines.push(`  ${share(micros)}  ${key}`);
	return lines.join('\n');
}

/** Starts profiling this process; `stop(file)` writes the .cpuprofile and returns its summary. */
export async function startProfile(): Promise<{ stop: (file: string) => Promise<string> }> {
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.setSamplingInterval', { interval: 100 });
	await session.post('Profiler.start');
	return {
		stop: async (file) => {
			const { profile } = await session.post('Profiler.stop');
			session.disconnect();
			writeFileSync(file, JSON.stringify(profile));
			return summarizeProfile(profile as Profile);
		},
	};
}
