// A long-running OS server (postgres, redis-server, nginx) started in the foreground as our own
// child in its own process group, so Ctrl+C and the tests' teardown stop it with everything else.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { connect } from 'node:net';

import { stopGroup, track } from '../processes';

export interface DaemonOptions {
	name: string;
	command: string;
	args: string[];
	port: number;
	logFile: string;
	/** Run as this user (postgres refuses to run as root). */
	uid?: number;
	gid?: number;
	env?: NodeJS.ProcessEnv;
	readyTimeoutMs?: number;
}

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect({ host: '127.0.0.1', port }, () => {
			socket.end();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

export class Daemon {
	private output = '';

	private constructor(
		readonly options: DaemonOptions,
		private readonly child: ChildProcess,
	) {}

	/** Start the server and wait until its port accepts connections. */
	static async start(options: DaemonOptions): Promise<Daemon> {
		const log = createWriteStream(options.logFile, { flags: 'a' });
		const child = track(
			spawn(options.command, options.args, {
				env: options.env ?? process.env,
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: true,
				uid: options.uid,
				gid: options.gid,
			}),
		);
		const daemon = new Daemon(options, child);
		const onData = (chunk: Buffer) => {
			daemon.output += chunk.toString();
			log.write(chunk);
		};
		child.stdout!.on('data', onData);
		child.stderr!.on('data', onData);
		child.once('exit', () => log.end());
		const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
		while (Date.now() < deadline) {
			if (child.exitCode !== null || child.signalCode !== null) break;
			if (await accepts(options.port)) return daemon;
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
		await stopGroup(child, 5_000);
		throw new Error(
			`${options.name} did not start on 127.0.0.1:${options.port}:\n${daemon.output.trim().split('\n').slice(-20).join('\n')}`,
		);
	}

	get running(): boolean {
		return this.child.exitCode === null && this.child.signalCode === null;
	}

	stop(): Promise<void> {
		return stopGroup(this.child, 10_000);
	}
}
