// Child processes for the tooling: one-shot commands with captured output, and long-running
// servers started in their own process group so that stopping them also stops whatever they
// spawned (n8n's task runner, npm's children).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, createWriteStream, openSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

export interface RunResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

export interface RunOptions extends Pick<SpawnOptions, 'cwd' | 'env' | 'uid' | 'gid'> {
	/** Also append both streams to this file. */
	logFile?: string;
	/** Echo the child's output to ours (for long builds a user is watching). */
	echo?: boolean;
	timeoutMs?: number;
	/**
	 * A CPU niceness for the command and all it starts (19: the lowest priority). Linux derives the
	 * disk priority from it too. Installs beside the tests use it so a timed test is not starved.
	 */
	niceness?: number;
	/**
	 * Send the command's stdout to this file instead of a pipe, and read it back once the command
	 * ends. A command that logs asynchronously and then calls process.exit() (n8n's CLI) can leave
	 * the tail of a large output unwritten to a pipe; a file takes every write at once.
	 */
	stdoutFile?: string;
}

export class CommandError extends Error {
	constructor(
		readonly command: string,
		readonly result: RunResult,
	) {
		const tail = (result.stderr || result.stdout).trim().split('\n').slice(-25).join('\n');
		super(`\`${command}\` failed (${result.signal ?? `exit code ${result.code}`})\n${tail}`);
	}
}

/** Run a command to completion; resolves with its output whatever the exit code. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	return new Promise((resolve, reject) => {
		const stdoutFd =
			options.stdoutFile === undefined ? undefined : openSync(options.stdoutFile, 'w');
		const child = track(
			spawn(command, args, {
				cwd: options.cwd,
				env: options.env,
				uid: options.uid,
				gid: options.gid,
				stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
				detached: true,
			}),
		);
		if (stdoutFd !== undefined) closeSync(stdoutFd);
		// Set at once, before the command has started anything: its children inherit it.
		if (options.niceness !== undefined && child.pid !== undefined)
			setPriority(child.pid, options.niceness);
		const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			stdout += chunk;
			log?.write(chunk);
			if (options.echo) process.stdout.write(chunk);
		});
		child.stderr!.on('data', (chunk: Buffer) => {
			stderr += chunk;
			log?.write(chunk);
			if (options.echo) process.stderr.write(chunk);
		});
		const timer = options.timeoutMs
			? setTimeout(() => killGroup(child, 'SIGKILL'), options.timeoutMs)
			: undefined;
		child.on('error', (error) => {
			if (timer) clearTimeout(timer);
			log?.end();
			reject(error);
		});
		child.on('close', (code, signal) => {
			if (timer) clearTimeout(timer);
			log?.end();
			if (options.stdoutFile !== undefined) stdout = readFileSync(options.stdoutFile, 'utf8');
			resolve({ code, signal, stdout, stderr });
		});
	});
}

/** Like `run`, but a non-zero exit is an error carrying the output's tail. */
export async function runOrThrow(
	command: string,
	args: string[],
	options: RunOptions = {},
): Promise<RunResult> {
	const result = await run(command, args, options);
	if (result.code !== 0) throw new CommandError([command, ...args].join(' '), result);
	return result;
}

/** Signal the child's whole process group (it must have been spawned with `detached: true`). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// The group is already gone.
	}
}

/** SIGTERM the group, wait for the leader to exit, SIGKILL the group if it takes too long. */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
	if (child.pid === undefined) return;
	const exited = new Promise<void>((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) resolve();
		else child.once('exit', () => resolve());
	});
	killGroup(child, 'SIGTERM');
	const timedOut = await Promise.race([
		exited.then(() => false),
		new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
	]);
	// Whether the leader exited or not, make sure no straggler (e.g. n8n's task runner) survives.
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		// Nothing left.
	}
	if (timedOut) await exited;
}

/** Every child started here that is still running, so an interrupt can stop them all. */
const running = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
	running.add(child);
	child.once('exit', () => running.delete(child));
	return child;
}

// Last resort if our process ends without stopping its children (a crashed test worker, an
// uncaught error): kill their process groups so no n8n is left behind.
process.once('exit', () => {
	for (const child of running) {
		try {
			if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
		} catch {
			// Already gone.
		}
	}
});

export async function stopAllTracked(): Promise<void> {
	await Promise.all([...running].map((child) => stopGroup(child, 5_000)));
}

export function formatSeconds(ms: number): string {
	return `${(ms / 1000).toFixed(1)} s`;
}
