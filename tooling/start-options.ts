// `npm start` settings from flags and environment variables. Pure, so it is unit-tested.
import path from 'node:path';

import { readArgs } from '../sandbox/args';
import { appliedN8nSettings, n8nEnvFlags, type AppliedSetting } from './lib/n8n-env';
import { DEFAULT_RUNTIME, REPO_ROOT, runtimeById, type RuntimeSpec } from './n8n-runtime/runtime';

export const DEFAULT_OWNER = {
	email: 'demo@example.com',
	password: 'Demo-Password-1',
	firstName: 'Demo',
	lastName: 'Owner',
};

export interface StartOptions {
	fresh: boolean;
	sandboxPort: number;
	n8nPort: number;
	dataDir: string;
	owner: typeof DEFAULT_OWNER;
	/** Which examples to activate (the trigger demos); `false` imports them inactive. */
	activateTriggers: boolean;
	/** Which n8n runs: 2.41 (default), the latest 1.x, or the support range's floor. */
	runtime: RuntimeSpec;
	/** Queue mode (n8n 2.41 only): Postgres, Redis, main, 2 webhook processes, 2 workers and nginx on the n8n port. */
	queue: boolean;
	/** Queue mode's main processes: more than 1 is n8n's multi-main setup (one leader elected in Redis). */
	mains: number;
	/** `--n8n-env NAME=VALUE` settings for every n8n process, over the recommended ones (lib/n8n-env.ts). */
	n8nEnv: Record<string, string>;
}

/**
 * Each n8n line gets its own data folder: n8n migrates its database forward at start-up, and an
 * older n8n cannot open a database a newer one migrated.
 */
export function userFolderFor(options: Pick<StartOptions, 'dataDir' | 'runtime'>): string {
	return path.join(
		options.dataDir,
		options.runtime.id === DEFAULT_RUNTIME.id ? 'n8n' : `n8n-${options.runtime.id}`,
	);
}

/**
 * The n8n settings `npm start` gives every n8n process (queue mode's webhook processes and workers
 * too): the ones recommended for its n8n line, with the `--n8n-env` ones over them.
 */
export function startN8nSettings(
	options: Pick<StartOptions, 'runtime' | 'n8nEnv'>,
): AppliedSetting[] {
	return appliedN8nSettings(options.runtime.n8nMajor, options.n8nEnv);
}

/** More mains than this share two cores with no gain in what they show. */
export const MAX_MAINS = 3;

export const START_USAGE = `Usage: npm start [-- --fresh] [--n8n-version 2|1|floor] [--queue [--mains N]] [--sandbox-port N] [--n8n-port N] [--no-activate] [--n8n-env NAME=VALUE]

  --fresh              start from a clean data folder (also DEMO_FRESH=1)
  --n8n-version V      which n8n: 2 (2.41.1, default), 1 (1.123.81) or floor (1.85.4) (also DEMO_N8N_VERSION);
                       each is installed once into .cache/ and keeps its own data folder
  --sandbox-port N     sandbox port (also SANDBOX_PORT; default 4010)
  --n8n-port N         n8n port (also DEMO_N8N_PORT; default 5678)
  --no-activate        import the trigger examples without activating them (also DEMO_ACTIVATE=0)
  --queue              n8n's queue mode: PostgreSQL, Redis, n8n main, two \`n8n webhook\` processes and two
                       \`n8n worker\`s behind nginx on the n8n port (also DEMO_QUEUE=1; always a fresh
                       database; n8n 2.41 only; needs apt-get install postgresql redis-server nginx;
                       see docs/production.md)
  --mains N            with --queue: N main processes (1 to ${MAX_MAINS}, default 1; also DEMO_MAINS); more than one is
                       n8n's multi-main setup, one leader elected in Redis, nginx spreading the editor over them.
                       An n8n Enterprise feature: npm start grants it to its own processes for development and
                       testing only (tooling/lib/queue/multi-main-preload.cjs); production needs an Enterprise licence
  --n8n-env NAME=VALUE an n8n setting for every n8n process (repeatable). n8n runs with the settings the README
                       recommends for production (on n8n 2.x N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true and
                       N8N_EXPRESSION_ENGINE_POOL_SIZE=8); this
                       replaces one of the same name. The caller's own N8N_* variables are not passed on.

Environment: DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD (the n8n login; default ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}),
DEMO_DATA_DIR (default .n8n-demo/), N8N_RUNTIME_DIR (default .cache/n8n-runtime/), and the sandbox's SANDBOX_* settings.`;

export class StartUsageError extends Error {}

function mainCount(raw: string, source: string): number {
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_MAINS) {
		throw new StartUsageError(
			`${source} must be a number of main processes from 1 to ${MAX_MAINS}; got "${raw}".`,
		);
	}
	return Number(raw);
}

function port(raw: string, source: string): number {
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) {
		throw new StartUsageError(`${source} must be a port number from 1 to 65535; got "${raw}".`);
	}
	return Number(raw);
}

function startRuntime(raw: string, source: string): RuntimeSpec {
	try {
		return runtimeById(raw, source);
	} catch (error) {
		throw new StartUsageError((error as Error).message);
	}
}

function truthy(raw: string | undefined): boolean {
	return raw !== undefined && ['1', 'true', 'yes', 'on'].includes(raw.trim().toLowerCase());
}

/**
 * n8n requires the owner password to have 8–64 characters, a number and a capital letter; check it
 * here so a bad DEMO_OWNER_PASSWORD fails with a clear message, not a 400 from n8n.
 */
export function passwordProblem(password: string): string | undefined {
	if (password.length < 8 || password.length > 64) return 'must be 8 to 64 characters long';
	if (!/\d/.test(password)) return 'must contain at least one number';
	if (!/[A-Z]/.test(password)) return 'must contain at least one capital letter';
	return undefined;
}

const START_FLAGS = {
	fresh: { type: 'boolean' },
	'no-activate': { type: 'boolean' },
	'n8n-version': { type: 'string' },
	queue: { type: 'boolean' },
	mains: { type: 'string' },
	'sandbox-port': { type: 'string' },
	'n8n-port': { type: 'string' },
	'n8n-env': { type: 'string', multiple: true },
} as const;

/** Flags (sandbox/args.ts; --help throws HelpRequested) over the environment over the defaults. */
export function parseStartOptions(argv: string[], env: NodeJS.ProcessEnv): StartOptions {
	const { values } = readArgs(argv, {
		flags: START_FLAGS,
		usage: START_USAGE,
		error: StartUsageError,
	});
	const options: StartOptions = {
		fresh: values.fresh || truthy(env.DEMO_FRESH),
		sandboxPort: env.SANDBOX_PORT ? port(env.SANDBOX_PORT, 'SANDBOX_PORT') : 4010,
		n8nPort: env.DEMO_N8N_PORT ? port(env.DEMO_N8N_PORT, 'DEMO_N8N_PORT') : 5678,
		dataDir: path.resolve(REPO_ROOT, env.DEMO_DATA_DIR || '.n8n-demo'),
		owner: {
			...DEFAULT_OWNER,
			email: env.DEMO_OWNER_EMAIL || DEFAULT_OWNER.email,
			password: env.DEMO_OWNER_PASSWORD || DEFAULT_OWNER.password,
		},
		activateTriggers:
			!values['no-activate'] && (env.DEMO_ACTIVATE === undefined || truthy(env.DEMO_ACTIVATE)),
		runtime: env.DEMO_N8N_VERSION
			? startRuntime(env.DEMO_N8N_VERSION, 'DEMO_N8N_VERSION')
			: DEFAULT_RUNTIME,
		queue: values.queue || truthy(env.DEMO_QUEUE),
		mains:
			values.mains !== undefined
				? mainCount(values.mains, '--mains')
				: env.DEMO_MAINS
					? mainCount(env.DEMO_MAINS, 'DEMO_MAINS')
					: 1,
		n8nEnv: n8nEnvFlags(values['n8n-env'] ?? [], StartUsageError),
	};
	if (values['n8n-version'] !== undefined)
		options.runtime = startRuntime(values['n8n-version'], '--n8n-version');
	if (values['sandbox-port'] !== undefined)
		options.sandboxPort = port(values['sandbox-port'], '--sandbox-port');
	if (values['n8n-port'] !== undefined) options.n8nPort = port(values['n8n-port'], '--n8n-port');
	if (options.queue && options.runtime.id !== DEFAULT_RUNTIME.id) {
		// Its settings and the queue suite are checked against n8n 2.41 only.
		throw new StartUsageError(
			`Queue mode runs on n8n 2.41 only, not --n8n-version ${options.runtime.id}: drop --queue (DEMO_QUEUE) or --n8n-version (DEMO_N8N_VERSION).`,
		);
	}
	if (options.mains > 1 && !options.queue) {
		throw new StartUsageError(
			`Several mains (--mains ${options.mains}) run in queue mode only: add --queue (DEMO_QUEUE=1).`,
		);
	}
	if (options.sandboxPort === options.n8nPort) {
		throw new StartUsageError(`The sandbox and n8n cannot both use port ${options.n8nPort}.`);
	}
	const problem = passwordProblem(options.owner.password);
	if (problem) throw new StartUsageError(`DEMO_OWNER_PASSWORD ${problem} (n8n's password rules).`);
	if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(options.owner.email)) {
		throw new StartUsageError(`DEMO_OWNER_EMAIL "${options.owner.email}" is not an email address.`);
	}
	return options;
}
