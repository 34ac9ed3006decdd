// One n8n server process: start it (own process group, loopback), wait until it is really ready,
// keep its log, restart it, stop it with everything it spawned.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import type { RuntimeInfo } from '../n8n-runtime/install';
import { buildN8nEnv, type N8nEnvOptions } from './n8n-env';
import { ROLE_COMMAND } from './queue/queue-env';
import { getFreePort } from './ports';
import { killGroup, stopGroup, track } from './processes';

export interface N8nServerOptions
	extends Omit<N8nEnvOptions, 'brokerPort' | 'nodeBinary' | 'port' | 'userFolder'> {
	runtime: RuntimeInfo;
	userFolder: string;
	/** 0 or omitted: pick a free port. */
	port?: number;
	readyTimeoutMs?: number;
	/** Called with each line n8n prints (npm start shows selected ones). */
	onLine?: (line: string) => void;
}

const BROKER_PORT_ATTEMPTS = 3;

/** How an n8n process ended: its exit code or signal, when, and whether the harness stopped it. */
export interface N8nExit {
	code: number | null;
	signal: NodeJS.Signals | null;
	at: number;
	stoppedByHarness: boolean;
}

export interface N8nStateFacts {
	pid?: number;
	/** Set once the process ended. */
	exit?: N8nExit;
	readyAt?: number;
	/** Whether n8n printed the end of its start-up ("Editor is now accessible via", main process only). */
	startedUp: boolean;
	logFile: string;
	tail: string;
	now: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Pure: what the harness knows of an n8n process when a request to it failed (issue 48: a closed
 * connection told nothing of whether n8n had crashed, restarted or was still starting).
 */
export function describeN8nState(facts: N8nStateFacts): string {
	const who = `n8n (pid ${facts.pid ?? '?'})`;
	const since = (at: number) => `${seconds(facts.now - at)} ago`;
	let state: string;
	if (facts.exit) {
		const how = facts.exit.signal
			? `was killed by ${facts.exit.signal}`
			: `exited with code ${facts.exit.code}`;
		state = `${who} ${how} ${since(facts.exit.at)}${facts.exit.stoppedByHarness ? ', stopped by the harness' : ', not stopped by the harness: a crash'}`;
	} else {
		const ready = facts.readyAt === undefined ? 'not ready yet' : `ready ${since(facts.readyAt)}`;
		state = `${who} is running, ${ready}${facts.startedUp ? '' : ', its start-up not finished (no "Editor is now accessible" yet)'}`;
	}
	return `${state}. The end of its log (${facts.logFile}):\n${facts.tail}`;
}

/** Pure: whether n8n stopped at start-up because its task broker's port was in use. */
export function isBrokerPortClash(output: string): boolean {
	return /Task Broker's port \d+ is already in use/.test(output);
}

export class N8nServer {
	private child?: ChildProcess;
	private output = '';
	private portInUse?: number;
	private lastExit?: N8nExit;
	private readyAt?: number;
	private stopping = false;
	private pid?: number;
	readonly logFile: string;

	constructor(private options: N8nServerOptions) {
		this.logFile = path.join(options.userFolder, 'n8n.log');
	}

	get port(): number {
		if (this.portInUse === undefined) throw new Error('n8n has not been started');
		return this.portInUse;
	}

	get url(): string {
		return `http://${this.options.host ?? '127.0.0.1'}:${this.port}`;
	}

	/** Everything n8n printed since the last (re)start. */
	get log(): string {
		return this.output;
	}

	/** The process ID of n8n's current (or last) process. */
	get processId(): number | undefined {
		return this.pid;
	}

	get running(): boolean {
		return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
	}

	/** The environment the server runs with, minus the broker port (CLI commands pick their own). */
	envOptions(): Omit<N8nEnvOptions, 'brokerPort'> {
		const { runtime, readyTimeoutMs: _t, onLine: _l, ...rest } = this.options;
		return {
			...rest,
			port: this.port,
			nodeBinary: runtime.nodeBinary,
			n8nMajor: runtime.layout.spec.n8nMajor,
		};
	}

	async start(): Promise<void> {
		if (this.running) throw new Error('n8n is already running');
		this.portInUse ??= this.options.port || (await getFreePort());
		mkdirSync(this.options.userFolder, { recursive: true });
		for (let attempt = 1; ; attempt++) {
			try {
				await this.spawnAndWait();
				return;
			} catch (error) {
				// The broker port was free when picked, but n8n binds it seconds later: an outgoing
				// connection may have taken it as its ephemeral port meanwhile (seen in the queue suite,
				// restarting four processes under load). Another free port is the whole fix.
				if (attempt >= BROKER_PORT_ATTEMPTS || !isBrokerPortClash(this.output)) throw error;
				appendFileSync(
					this.logFile,
					`\n==== the task broker's port was taken; starting again on another ====\n`,
				);
			}
		}
	}

	private async spawnAndWait(): Promise<void> {
		const env = buildN8nEnv({ ...this.envOptions(), brokerPort: await getFreePort() });
		this.output = '';
		this.lastExit = undefined;
		this.readyAt = undefined;
		this.stopping = false;
		appendFileSync(
			this.logFile,
			`\n==== n8n ${ROLE_COMMAND[this.options.role ?? 'main']} ${new Date().toISOString()} on port ${this.port} ====\n`,
		);
		const child = track(
			spawn(
				this.options.runtime.nodeBinary,
				[this.options.runtime.layout.n8nEntry, ROLE_COMMAND[this.options.role ?? 'main']],
				{
					cwd: this.options.userFolder,
					env,
					stdio: ['ignore', 'pipe', 'pipe'],
					detached: true,
				},
			),
		);
		this.child = child;
		this.pid = child.pid;
		child.once('exit', (code, signal) => {
			this.lastExit = { code, signal, at: Date.now(), stoppedByHarness: this.stopping };
			try {
				appendFileSync(
					this.logFile,
					`\n==== n8n (pid ${child.pid}) ${signal ? `killed by ${signal}` : `exited with code ${code}`}${this.stopping ? ' (stopped by the harness)' : ''} ====\n`,
				);
			} catch {
				// Its user folder is already gone: nobody will read the line.
			}
		});
		let partial = '';
		const onData = (chunk: Buffer) => {
			const text = chunk.toString();
			this.output += text;
			appendFileSync(this.logFile, text);
			if (!this.options.onLine) return;
			const lines = (partial + text).split('\n');
			partial = lines.pop() ?? '';
			for (const line of lines) this.options.onLine(line);
		};
		child.stdout!.on('data', onData);
		child.stderr!.on('data', onData);
		await this.waitUntilReady(child);
		this.readyAt = Date.now();
	}

	/** n8n's state and the end of its log, for the error of a request that failed on the network. */
	explain(): string {
		return describeN8nState({
			pid: this.pid,
			exit: this.lastExit,
			readyAt: this.readyAt,
			startedUp:
				this.output.includes('Editor is now accessible via') ||
				(this.options.role ?? 'main') !== 'main',
			logFile: this.logFile,
			tail: this.tail(),
			now: Date.now(),
		});
	}

	/**
	 * `/healthz` answers before n8n has loaded nodes and run migrations; readiness does not. Older
	 * n8n 1.x (1.85) reports ready once migrated but registers its REST routes after that, so a main
	 * process must also answer the (public) `/rest/settings`. Webhook processes and workers serve no
	 * REST API; a worker answers the health checks on its health-check port (the server's `port`).
	 */
	private async waitUntilReady(child: ChildProcess): Promise<void> {
		const deadline = Date.now() + (this.options.readyTimeoutMs ?? 180_000);
		while (Date.now() < deadline) {
			if (child.exitCode !== null || child.signalCode !== null) {
				throw new Error(
					`n8n exited during start-up (${child.signalCode ?? `code ${child.exitCode}`}):\n${this.tail()}`,
				);
			}
			try {
				const ready = await fetch(`${this.url}/healthz/readiness`, {
					headers: { connection: 'close' },
					signal: AbortSignal.timeout(2_000),
				});
				if (ready.status === 200 && (this.options.role ?? 'main') !== 'main') return;
				const rest =
					ready.status === 200
						? await fetch(`${this.url}/rest/settings`, {
								headers: { connection: 'close' },
								signal: AbortSignal.timeout(2_000),
							})
						: undefined;
				if (rest?.status === 200) return;
			} catch {
				// Not listening yet.
			}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		await this.stop();
		throw new Error(
			`n8n was not ready within ${(this.options.readyTimeoutMs ?? 180_000) / 1000} s:\n${this.tail()}`,
		);
	}

	/** Resolves when the current n8n process exits, for whatever reason. */
	whenExited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
		const child = this.child;
		if (!child || child.exitCode !== null || child.signalCode !== null) {
			return Promise.resolve({ code: child?.exitCode ?? null, signal: child?.signalCode ?? null });
		}
		return new Promise((resolve) =>
			child.once('exit', (code, signal) => resolve({ code, signal })),
		);
	}

	async stop(): Promise<void> {
		this.stopping = true;
		if (this.child) await stopGroup(this.child, 20_000);
		this.child = undefined;
	}

	/** SIGKILL the process group at once, as a crash or an OOM kill would (no graceful shutdown). */
	async kill(): Promise<void> {
		const child = this.child;
		if (!child) return;
		this.stopping = true;
		const exited = this.whenExited();
		killGroup(child, 'SIGKILL');
		await exited;
		this.child = undefined;
	}

	/** SIGSTOP the process group: it hangs, its open sockets accept requests and answer none. `kill()` ends it. */
	freeze(): void {
		if (this.child) killGroup(this.child, 'SIGSTOP');
	}

	/** Stops n8n and starts it again; `extra` goes over its environment from then on (a setting n8n reads at start-up). */
	async restart(extra: NodeJS.ProcessEnv = {}): Promise<void> {
		await this.stop();
		this.options = { ...this.options, extra: { ...this.options.extra, ...extra } };
		await this.start();
	}

	tail(lines = 40): string {
		return this.output.trim().split('\n').slice(-lines).join('\n');
	}
}
