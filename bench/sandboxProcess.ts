/**
 * The sandbox for a benchmark, in a child process of its own so that the figures of the process
 * running the node (its RSS above all) do not include the sandbox's memory and CPU.
 *
 * Started by `forkSandbox(config)` (bench/list.ts); talks over the IPC channel:
 * - sends `{ type: 'ready', baseUrl, port, config }` once listening;
 * - answers `{ type: 'stats' }` with `{ type: 'stats', peakRssBytes }` (its VmHWM);
 * - closes and exits on `{ type: 'close' }` or when the parent goes away.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { startSandbox, type SandboxConfig } from '../sandbox';

export interface ForkedSandbox {
	baseUrl: string;
	port: number;
	config: Pick<SandboxConfig, 'demoToken' | 'students' | 'rateLimit'>;
	/** The sandbox process's peak resident set size so far. */
	peakRssBytes(): Promise<number>;
	close(): Promise<void>;
}

type BenchSandboxConfig = Pick<SandboxConfig, 'students' | 'rateLimit' | 'seed'>;

type Message =
	| { type: 'ready'; baseUrl: string; port: number; config: ForkedSandbox['config'] }
	| { type: 'stats'; peakRssBytes: number }
	| { type: 'error'; message: string };

/** Peak RSS of this process so far (Linux `VmHWM`), else the current RSS. */
export function peakRssBytes(): number {
	try {
		const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
		if (match) return Number(match[1]) * 1024;
	} catch {
		// Not Linux: fall through.
	}
	return process.memoryUsage().rss;
}

function nextMessage(child: ChildProcess, type: Message['type']): Promise<Message> {
	return new Promise((resolve, reject) => {
		const onMessage = (message: Message) => {
			if (message.type !== type && message.type !== 'error') return;
			cleanup();
			if (message.type === 'error')
				reject(new Error(`The sandbox process failed: ${message.message}`));
			else resolve(message);
		};
		const onExit = (code: number | null) => {
			cleanup();
			reject(new Error(`The sandbox process exited (code ${code}) before answering`));
		};
		const cleanup = () => {
			child.off('message', onMessage);
			child.off('exit', onExit);
		};
		child.on('message', onMessage);
		child.on('exit', onExit);
	});
}

/** Starts the sandbox in a child process (inheriting tsx from this process's exec arguments). */
export async function forkSandbox(config: BenchSandboxConfig): Promise<ForkedSandbox> {
	const child = fork(__filename, ['--child', JSON.stringify(config)], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const ready = (await nextMessage(child, 'ready')) as Extract<Message, { type: 'ready' }>;
	return {
		baseUrl: ready.baseUrl,
		port: ready.port,
		config: ready.config,
		async peakRssBytes() {
			const answer = nextMessage(child, 'stats');
			child.send({ type: 'stats' });
			return ((await answer) as Extract<Message, { type: 'stats' }>).peakRssBytes;
		},
		async close() {
			if (child.exitCode !== null) return;
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.send({ type: 'close' });
			await exited;
		},
	};
}

async function runChild(config: BenchSandboxConfig): Promise<void> {
	const send = (message: Message) => process.send?.(message);
	try {
		const sandbox = await startSandbox({
			host: '127.0.0.1',
			port: 0,
			logRequests: false,
			...config,
		});
		process.on('message', (message: { type: string }) => {
			if (message.type === 'stats') send({ type: 'stats', peakRssBytes: peakRssBytes() });
			if (message.type === 'close') void sandbox.close().then(() => process.exit(0));
		});
		process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));
		const { demoToken, rateLimit } = sandbox.config;
		send({
			type: 'ready',
			baseUrl: sandbox.baseUrl,
			port: sandbox.port,
			config: { demoToken, rateLimit, students: sandbox.state.students.count },
		});
	} catch (error) {
		send({ type: 'error', message: (error as Error).message });
		process.exit(1);
	}
}

if (require.main === module && process.argv[2] === '--child') {
	void runChild(JSON.parse(process.argv[3]) as BenchSandboxConfig);
}
