// n8n in queue mode on one machine: Postgres, Redis, one main (or several: n8n's multi-main
// setup), webhook processes and workers, nginx in front, every process sharing one nodes folder
// (what a volume does in docs/production.md).
// The package is either installed there before n8n starts, the way the Community Nodes panel
// installs it (`npm start -- --queue`), or installed later through main's Community Nodes endpoint
// from a registry (the queue-mode e2e suite). Used by both.
import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

import type { RuntimeInfo } from '../../n8n-runtime/install';
import type { CredentialImport } from '../demo-credentials';
import { installLikeCommunityPanel, nodesFolder, type PackedPackage } from '../community-package';
import { N8nCli } from '../n8n-cli';
import type { N8nEnvOptions } from '../n8n-env';
import { N8nServer } from '../n8n-server';
import { getFreePort } from '../ports';
import { runOrThrow, track } from '../processes';
import { startNginx, startPostgres, startRedis } from './backends';
import type { Daemon } from './daemon';
import { findServerBinaries, type ServerBinaries } from './os-servers';
import { describeMains, multiMainEnv, type N8nRole, type QueueBackends } from './queue-env';

/** FOR DEVELOPMENT AND TESTING ONLY: grants our own mains n8n's multi-main feature and a host name each (see the file). */
const MULTI_MAIN_PRELOAD = path.join(__dirname, 'multi-main-preload.cjs');

export interface QueueTopologyOptions {
	runtime: RuntimeInfo;
	/** Installed into the shared nodes folder before n8n starts; omitted: the folder starts empty. */
	packed?: PackedPackage;
	/**
	 * The npm registry main's Community Nodes endpoint installs from (N8N_COMMUNITY_PACKAGES_REGISTRY).
	 * Main then runs in n8n's test mode (E2E_TESTS=true), whose PATCH /rest/e2e/feature grants the
	 * licence feature a registry other than npmjs.org needs.
	 */
	communityRegistry?: string;
	/** Everything lives under here: data of Postgres and Redis, nginx's files, each process's user folder and log. */
	dir: string;
	/** More than 1: n8n's multi-main setup, one leader elected in Redis, nginx spreading clients over them. */
	mains?: number;
	webhookProcesses?: number;
	workers?: number;
	/** nginx's port; 0 or omitted: a free one. */
	port?: number;
	/** More settings for every n8n process (e.g. the queue's stall and recovery timings). */
	extraEnv?: NodeJS.ProcessEnv;
	/** Runs after the database exists and before main starts (import credentials and workflows). */
	seed?: (cli: N8nCli, topology: QueueTopology) => Promise<void>;
	/** Each step as it completes, for `npm start`'s progress lines. */
	log?: (line: string) => void;
	onLine?: (role: N8nRole, index: number, line: string) => void;
}

export interface MultiMainState {
	isLeader: boolean;
	leaderKey: string | null;
	activeWorkflows: { triggersAndPollers: Array<{ id: string }> };
}

export class QueueTopology {
	readonly daemons: Daemon[] = [];
	private readonly cleanups: Array<() => void> = [];
	readonly mains: N8nServer[] = [];
	readonly webhooks: N8nServer[] = [];
	readonly workers: N8nServer[] = [];
	backends!: QueueBackends;
	private binaries!: ServerBinaries;
	cli!: N8nCli;
	/** The load balancer's address: the editor, the REST API and N8N_WEBHOOK_URL. */
	url = '';

	private constructor(private readonly options: QueueTopologyOptions) {}

	static async start(options: QueueTopologyOptions): Promise<QueueTopology> {
		const topology = new QueueTopology(options);
		try {
			await topology.bringUp();
		} catch (error) {
			await topology.stop();
			throw error;
		}
		return topology;
	}

	/** The webhook base URL n8n gives the platform (the load balancer). */
	get webhookBase(): string {
		return `${this.url}/`;
	}

	/** The first main (the only one unless `mains` > 1): it creates the database, and the CLI runs as it. */
	get main(): N8nServer {
		return this.mains[0];
	}

	get servers(): N8nServer[] {
		return [...this.mains, ...this.webhooks, ...this.workers];
	}

	private get multiMain(): boolean {
		return (this.options.mains ?? 1) > 1;
	}

	private async bringUp(): Promise<void> {
		const { options } = this;
		const log = options.log ?? (() => undefined);
		const binaries = (this.binaries = findServerBinaries());
		mkdirSync(options.dir, { recursive: true });
		const [postgres, redis] = await Promise.all([
			startPostgres(binaries, options.dir),
			startRedis(binaries, path.join(options.dir, 'redis')),
		]);
		this.daemons.push(postgres.daemon, redis.daemon);
		this.cleanups.push(postgres.removeDir);
		this.backends = { postgres: postgres.settings, redis: redis.settings };
		log(
			`PostgreSQL on 127.0.0.1:${postgres.settings.port}, Redis on 127.0.0.1:${redis.settings.port}`,
		);

		const mainFolder = this.userFolder('main', 0);
		mkdirSync(nodesFolder(mainFolder), { recursive: true });
		if (options.packed) await installLikeCommunityPanel(options.packed, mainFolder);
		const proxyPort = options.port || (await getFreePort());
		this.url = `http://127.0.0.1:${proxyPort}`;
		const mainPort = await getFreePort();
		this.cli = new N8nCli({
			runtime: options.runtime,
			env: this.envFor('main', mainFolder, mainPort),
		});
		await options.seed?.(this.cli, this);

		// The first main alone: it migrates the database, which the others then find ready.
		this.mains.push(this.server('main', 0, mainPort));
		await this.main.start();
		log(
			`n8n main on 127.0.0.1:${mainPort}${this.multiMain ? ' (multi-main: one leader elected in Redis)' : ''}`,
		);

		const webhookCount = options.webhookProcesses ?? 2;
		const workerCount = options.workers ?? 2;
		for (let i = 1; i < (options.mains ?? 1); i++)
			this.mains.push(this.server('main', i, await getFreePort()));
		for (let i = 0; i < webhookCount; i++)
			this.webhooks.push(this.server('webhook', i, await getFreePort()));
		for (let i = 0; i < workerCount; i++)
			this.workers.push(this.server('worker', i, await getFreePort()));
		await Promise.all(
			[...this.mains.slice(1), ...this.webhooks, ...this.workers].map((server) => server.start()),
		);
		if (this.multiMain)
			log(
				`more n8n mains on ${this.mains
					.slice(1)
					.map((s) => s.port)
					.join(', ')}`,
			);
		log(
			`${webhookCount} n8n webhook processes on ${this.webhooks.map((s) => s.port).join(', ')}; ${workerCount} workers (health ports ${this.workers.map((s) => s.port).join(', ')})`,
		);

		this.daemons.push(
			await startNginx(binaries, path.join(options.dir, 'nginx'), {
				port: proxyPort,
				mainPorts: this.mains.map((server) => server.port),
				webhookPorts: this.webhooks.map((server) => server.port),
			}),
		);
		log(
			`nginx on ${this.url}: /webhook/ → webhook processes, everything else → ${this.multiMain ? 'the mains' : 'main'}`,
		);
	}

	/**
	 * What a main says of the multi-main setup (n8n's GET /rest/debug/multi-main-setup, served
	 * outside production by every main of a multi-main setup): whether it leads, and the workflows
	 * whose triggers and pollers it runs in memory; undefined when it does not answer (starting,
	 * stopping, frozen).
	 */
	async multiMainState(server: N8nServer): Promise<MultiMainState | undefined> {
		try {
			const response = await fetch(`${server.url}/rest/debug/multi-main-setup`, {
				signal: AbortSignal.timeout(5_000),
			});
			return ((await response.json()) as { data: MultiMainState }).data;
		} catch {
			return undefined;
		}
	}

	/** The running mains that say they lead now: one once the election has settled. */
	async leaders(): Promise<N8nServer[]> {
		const running = this.mains.filter((server) => server.running);
		const states = await Promise.all(running.map((server) => this.multiMainState(server)));
		return running.filter((_, i) => states[i]?.isLeader);
	}

	/** The leader's host ID in Redis (n8n's key <prefix>:main_instance_leader), or '' while there is none. */
	async leaderKey(): Promise<string> {
		return await this.redis('GET', 'n8n:main_instance_leader');
	}

	/** What runs where, for `npm start`'s summary. */
	describe(): string[] {
		const { postgres, redis } = this.backends;
		return [
			`nginx ${this.url}: /webhook/ → webhook processes ${this.webhooks.map((s) => s.port).join(', ')}; everything else → ${this.multiMain ? 'mains' : 'main'} ${this.mains.map((s) => s.port).join(', ')}`,
			...(this.multiMain
				? describeMains(this.mains.map((main) => ({ pid: main.processId, port: main.port })))
				: []),
			`${this.workers.length} workers (health: ${this.workers.map((s) => `${s.url}/healthz`).join(', ')}), PostgreSQL 127.0.0.1:${postgres.port}, Redis 127.0.0.1:${redis.port}`,
			`logs: ${this.options.dir}/ (postgres.log, redis.log, nginx.log, n8n-<role>-<n>/n8n.log)`,
		];
	}

	/** One SQL query against n8n's Postgres database; rows as arrays of column texts. */
	async sql(query: string): Promise<string[][]> {
		const { postgres } = this.backends;
		const { stdout } = await runOrThrow(path.join(this.binaries.postgresBin, 'psql'), [
			'-h',
			postgres.host,
			'-p',
			String(postgres.port),
			'-U',
			postgres.user,
			'-d',
			postgres.database,
			'-AtF',
			'\t',
			'-c',
			query,
		]);
		return stdout
			.split('\n')
			.filter(Boolean)
			.map((line) => line.split('\t'));
	}

	/**
	 * Holds a row lock (SELECT … FOR NO KEY UPDATE, in a psql session of its own) until the returned
	 * function is called: an UPDATE of that row waits meanwhile, while inserts that only reference
	 * it go on. The queue suite holds back n8n's save of a workflow's static data with it, as a slow
	 * database would.
	 */
	async holdRowLock(table: string, id: string): Promise<() => Promise<void>> {
		const { postgres } = this.backends;
		const psql = track(
			spawn(
				path.join(this.binaries.postgresBin, 'psql'),
				[
					'-h',
					postgres.host,
					'-p',
					String(postgres.port),
					'-U',
					postgres.user,
					'-d',
					postgres.database,
					'-qAt',
				],
				{ stdio: ['pipe', 'pipe', 'inherit'] },
			),
		);
		const locked = new Promise<void>((resolve, reject) => {
			psql.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
			psql.once('exit', (code) =>
				reject(new Error(`psql ended (code ${code}) before it held the lock on ${table} ${id}`)),
			);
		});
		psql.stdin!.write(
			`BEGIN; SELECT 'locked' FROM "${table}" WHERE id = '${id}' FOR NO KEY UPDATE;\n`,
		);
		await locked;
		return async () => {
			const ended = new Promise((resolve) => psql.once('exit', resolve));
			psql.stdin!.end('ROLLBACK;\n');
			await ended;
		};
	}

	/** One redis-cli command against the queue's Redis (e.g. `LLEN bull:jobs:active`); its reply. */
	async redis(...args: string[]): Promise<string> {
		const { redis } = this.backends;
		const cli = path.join(path.dirname(this.binaries.redisServer), 'redis-cli');
		const { stdout } = await runOrThrow(cli, ['-h', redis.host, '-p', String(redis.port), ...args]);
		return stdout.trim();
	}

	/** An n8n Postgres credential for the queue's database (the example's claims table lives there). */
	postgresCredential(id: string, name: string): CredentialImport {
		const { host, port, database, user, password } = this.backends.postgres;
		return {
			id,
			name,
			type: 'postgres',
			data: { host, port, database, user, password, ssl: 'disable' },
		};
	}

	private userFolder(role: N8nRole, index: number): string {
		return path.join(this.options.dir, `n8n-${role}-${index + 1}`);
	}

	private envFor(
		role: N8nRole,
		userFolder: string,
		port: number,
	): Omit<N8nEnvOptions, 'brokerPort'> {
		const { communityRegistry, extraEnv } = this.options;
		const mainEnv = {
			...(this.multiMain
				? multiMainEnv(MULTI_MAIN_PRELOAD, `${hostname()}-${path.basename(userFolder)}`)
				: {}),
			...(communityRegistry
				? { N8N_COMMUNITY_PACKAGES_REGISTRY: communityRegistry, E2E_TESTS: 'true' }
				: {}),
		};
		const extra = role === 'main' ? { ...mainEnv, ...extraEnv } : extraEnv;
		return {
			role,
			userFolder,
			port,
			nodeBinary: this.options.runtime.nodeBinary,
			queue: this.backends,
			webhookUrl: `${this.url}/`,
			editorBaseUrl: `${this.url}/`,
			extra,
		};
	}

	/** Every process's user folder links the one nodes folder the package was installed into. */
	private server(role: N8nRole, index: number, port: number): N8nServer {
		const userFolder = this.userFolder(role, index);
		if (role !== 'main' || index !== 0) {
			mkdirSync(path.join(userFolder, '.n8n'), { recursive: true });
			symlinkSync(nodesFolder(this.userFolder('main', 0)), nodesFolder(userFolder));
		}
		const { nodeBinary: _n, ...env } = this.envFor(role, userFolder, port);
		return new N8nServer({
			...env,
			runtime: this.options.runtime,
			onLine: this.options.onLine ? (line) => this.options.onLine!(role, index, line) : undefined,
		});
	}

	async stop(): Promise<void> {
		await Promise.all(this.servers.map((server) => server.stop()));
		for (const daemon of this.daemons.reverse()) await daemon.stop();
		this.daemons.length = 0;
		for (const cleanup of this.cleanups.splice(0)) cleanup();
	}
}
