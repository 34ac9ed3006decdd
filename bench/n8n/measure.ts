// Clocks and gauges for `npm run bench:n8n`: the client's view of one webhook call, deliveries at a
// fixed concurrency, and the resident memory of n8n's process tree sampled from /proc.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface Timed<T> {
	seconds: number;
	status: number;
	body: T;
}

/** POSTs to a webhook and waits for its answer (a `lastNode` webhook answers when the run ends). */
export async function callWebhook<T>(url: string, body: unknown = {}): Promise<Timed<T>> {
	const started = performance.now();
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(30 * 60_000),
	});
	const text = await response.text();
	const seconds = (performance.now() - started) / 1000;
	let parsed: unknown = text;
	try {
		parsed = JSON.parse(text);
	} catch {
		// An error page: keep the text.
	}
	return { seconds, status: response.status, body: parsed as T };
}

export interface IngestResult {
	deliveries: number;
	accepted: number;
	perSecond: number;
	p50Ms: number;
	p99Ms: number;
}

/** Sends `total` requests, `concurrency` at a time, and times each from send to answer. */
export async function ingest(
	total: number,
	concurrency: number,
	send: (index: number) => Promise<number>,
): Promise<IngestResult> {
	const latencies: number[] = [];
	let accepted = 0;
	let next = 0;
	const started = performance.now();
	const worker = async () => {
		while (next < total) {
			const index = next++;
			const sent = performance.now();
			// A connection n8n dropped counts as a refused delivery, not as the end of the benchmark.
			const status = await send(index).catch(() => 0);
			latencies.push(performance.now() - sent);
			if (status >= 200 && status < 300) accepted++;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const seconds = (performance.now() - started) / 1000;
	return {
		deliveries: total,
		accepted,
		perSecond: total / seconds,
		p50Ms: percentile(latencies, 50),
		p99Ms: percentile(latencies, 99),
	};
}

function parentOf(pid: string): string | undefined {
	try {
		// `pid (comm) state ppid …`; comm may contain spaces, so read after the last ')'.
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
	} catch {
		return undefined;
	}
}

function rssBytes(pid: string): number {
	try {
		const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) * 1024 : 0;
	} catch {
		return 0;
	}
}

/** The n8n processes this process started (in n8n's user folder). */
function n8nRoots(
	userFolder: string,
	pids: string[],
	parents: Map<string, string | undefined>,
): string[] {
	return pids.filter((pid) => {
		try {
			return (
				readlinkSync(`/proc/${pid}/cwd`) === userFolder && parents.get(pid) === String(process.pid)
			);
		} catch {
			return false;
		}
	});
}

function processTable() {
	const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
	return { pids, parents: new Map(pids.map((pid) => [pid, parentOf(pid)])) };
}

/** n8n's main process. */
export function n8nMainPid(userFolder: string): number {
	const { pids, parents } = processTable();
	const [root] = n8nRoots(userFolder, pids, parents);
	if (!root) throw new Error(`No n8n process runs in ${userFolder}`);
	return Number(root);
}

/** The n8n processes: those started in n8n's user folder, and all their descendants (task runners). */
function n8nProcesses(userFolder: string): string[] {
	const { pids, parents } = processTable();
	const tree = new Set(n8nRoots(userFolder, pids, parents));
	for (let grew = true; grew; ) {
		grew = false;
		for (const [pid, parent] of parents) {
			if (parent && tree.has(parent) && !tree.has(pid)) {
				tree.add(pid);
				grew = true;
			}
		}
	}
	return [...tree];
}

/**
 * Samples the summed RSS of n8n's processes until stopped; returns the peak. The process list is
 * read again at each sample: n8n starts its task runner on the first Code node.
 */
export function sampleN8nRss(userFolder: string, everyMs = 200): { stop(): number } {
	const total = () => n8nProcesses(userFolder).reduce((sum, pid) => sum + rssBytes(pid), 0);
	let peak = total();
	const timer = setInterval(() => {
		peak = Math.max(peak, total());
	}, everyMs);
	return {
		stop() {
			clearInterval(timer);
			return Math.max(peak, total());
		},
	};
}
