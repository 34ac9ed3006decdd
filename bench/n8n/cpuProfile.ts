// `--cpu-prof FILE`: a CPU profile of n8n's main process while the signed deliveries run, taken
// through the inspector (SIGUSR1 opens it on 127.0.0.1:9229) by a small client running on n8n's
// own Node (which has WebSocket built in), then summarised by self time.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const INSPECTOR = 'http://127.0.0.1:9229/json/list';

// Runs in the child: Profiler.start, then Profiler.stop once stdin closes; writes the profile.
const CLIENT = `
const [url, file] = process.argv.slice(1);
const socket = new WebSocket(url);
let id = 0;
const pending = new Map();
const call = (method, params = {}) => new Promise((resolve) => { pending.set(++id, resolve); socket.send(JSON.stringify({ id, method, params })); });
socket.onmessage = (event) => { const message = JSON.parse(event.data); pending.get(message.id)?.(message.result); };
socket.onopen = async () => {
	await call('Profiler.enable');
	await call('Profiler.setSamplingInterval', { interval: 500 });
	await call('Profiler.start');
	console.log('started');
	process.stdin.resume();
	process.stdin.on('end', async () => {
		const { profile } = await call('Profiler.stop');
		require('node:fs').writeFileSync(file, JSON.stringify(profile));
		process.exit(0);
	});
};
`;

async function inspectorUrl(): Promise<string> {
	for (let attempt = 0; attempt < 50; attempt++) {
		try {
			const [target] = (await (await fetch(INSPECTOR)).json()) as Array<{
				webSocketDebuggerUrl: string;
			}>;
			if (target) return target.webSocketDebuggerUrl;
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error('n8n did not open its inspector on 127.0.0.1:9229 (in use by another process?)');
}

/** Profiles process `pid` while `work` runs; writes the .cpuprofile to `file`. */
export async function profileWhile<T>(
	pid: number,
	nodeBinary: string,
	file: string,
	work: () => Promise<T>,
): Promise<T> {
	process.kill(pid, 'SIGUSR1');
	const client = spawn(nodeBinary, ['-e', CLIENT, await inspectorUrl(), file], {
		stdio: ['pipe', 'pipe', 'inherit'],
	});
	await new Promise<void>((resolve) => client.stdout.once('data', () => resolve()));
	try {
		return await work();
	} finally {
		const exited = new Promise((resolve) => client.once('exit', resolve));
		client.stdin.end();
		await exited;
	}
}

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The functions with the most self time, and the share of our package's own code. */
export function summarizeProfile(file: string, top = 15): string {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as {
		nodes: ProfileNode[];
		samples: number[];
		timeDeltas: number[];
	};
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const selfMicros = new Map<string, number>();
	let total = 0;
	let ours = 0;
	profile.samples.forEach((id, index) => {
		const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
		const micros = profile.timeDeltas[index] ?? 0;
		const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '');
		const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
		selfMicros.set(key, (selfMicros.get(key) ?? 0) + micros);
		total += micros;
		// The package as n8n installed it (n8n's own runtime may live under a folder of the same name).
		if (url.includes('/node_modules/n8n-nodes-education-platform/')) ours += micros;
	});
	const lines = [...selfMicros.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(
			([key, micros]) =>
				`  ${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`,
		);
	return [
		`n8n main process, ${(total / 1e6).toFixed(1)} s sampled; this package's code: ${((100 * ours) / total).toFixed(1)}% self time`,
		...lines,
	].join('\n');
}
