// `npm test`: the unit project first and alone, in its own jest process (no global setup, so it runs
// on a machine that cannot install n8n, and a unit failure shows before the slow suites start); then
// browser and queue (queue runs on n8n 2.41 only); then the e2e project on each cell of the support
// matrix (README "Compatibility"), one after the other, each with its own n8n runtime (installed
// into .cache/ on first use). Before the first run it checks the OS packages the chosen runs need
// (lib/os-packages.ts: installs them as root on Debian, else stops with the command to run).
// Where this machine can isolate a process (`unshare -rn`), the unit project runs with no network
// but loopback and no n8n runtime, which proves `npm run test:unit` needs neither; `.ci/run` asks
// for that proof with --require-offline, so CI runs the unit project once, not twice.
// Prints each run's time. Its flags: MATRIX_USAGE below (`npm test -- --help`); other arguments go
// to every jest run (`--ci`).
import { spawn, spawnSync } from 'node:child_process';

import { printedHelp, readArgs } from '../sandbox/args';
import { REPO_ROOT } from './n8n-runtime/runtime';
import { ensureOsPackages, type OsNeed } from './lib/os-packages';
import { formatSeconds } from './lib/processes';

export interface MatrixCell {
	id: string;
	label: string;
	/** What test/e2e/support/target.ts reads. */
	env: { EDU_E2E_N8N: string; EDU_E2E_PUBLICATION_SERVICE: 'true' | 'false' };
	/** Only the e2e files whose path matches (jest --testPathPatterns); every file when absent. */
	only?: string;
}

export const MATRIX: readonly MatrixCell[] = [
	{ id: '2', label: 'n8n 2.41.1, publication service on', env: { EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'true' } },
	// The service only changes how the trigger's lifecycle is called, so this cell runs the trigger
	// files; the rest of the suite is the same code path as the cell above.
	{
		id: '2-legacy',
		label: 'n8n 2.41.1, N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false (trigger-*.test.ts only)',
		env: { EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'false' },
		only: 'test/e2e/trigger-',
	},
	{ id: '1', label: 'n8n 1.123.81', env: { EDU_E2E_N8N: '1', EDU_E2E_PUBLICATION_SERVICE: 'true' } },
	{ id: 'floor', label: 'n8n 1.85.4, the floor (*.smoke.test.ts only)', env: { EDU_E2E_N8N: 'floor', EDU_E2E_PUBLICATION_SERVICE: 'true' } },
];

export interface MatrixOptions {
	e2eOnly: boolean;
	/** The unit project must run offline: stop if this machine cannot isolate it. */
	requireOffline: boolean;
	cells: readonly MatrixCell[];
	jestArgs: string[];
}

export const MATRIX_USAGE = `Usage: npm test [-- --e2e-only] [--cells ${MATRIX.map((cell) => cell.id).join(',')}] [--require-offline] [jest arguments]

  --e2e-only         only the e2e matrix (also \`npm run test:e2e:matrix\`)
  --cells IDS        only these e2e cells, comma-separated, after the other projects:
${MATRIX.map((cell) => `                       ${cell.id.padEnd(9)} ${cell.label}`).join('\n')}
  --require-offline  stop unless the unit project can run offline
  anything else      goes to every jest run, e.g. --ci`;

/**
 * Pure: splits our flags from jest's. The one reader that passes what is not its own on
 * (sandbox/args.ts `passRest`, a lenient parseArgs underneath): the jest arguments, in order.
 */
export function parseMatrixArgs(argv: string[]): MatrixOptions {
	const { values, rest } = readArgs(argv, {
		flags: { 'e2e-only': { type: 'boolean' }, 'require-offline': { type: 'boolean' }, cells: { type: 'string' } },
		usage: MATRIX_USAGE,
		passRest: true,
	});
	return {
		e2eOnly: values['e2e-only'] ?? false,
		requireOffline: values['require-offline'] ?? false,
		cells: values.cells === undefined ? MATRIX : cellsOf(values.cells),
		jestArgs: rest,
	};
}

function cellsOf(list: string): MatrixCell[] {
	const ids = list.split(',').map((id) => id.trim()).filter(Boolean);
	const unknown = ids.filter((id) => !MATRIX.some((cell) => cell.id === id));
	if (ids.length === 0 || unknown.length > 0) {
		throw new Error(`--cells takes a comma-separated list of ${MATRIX.map((cell) => cell.id).join(', ')}; got "${ids.join(',')}".`);
	}
	return MATRIX.filter((cell) => ids.includes(cell.id));
}

export interface JestRun {
	label: string;
	args: string[];
	env?: NodeJS.ProcessEnv;
	/** What the run needs from the OS (lib/os-packages.ts); the unit and e2e runs need nothing, unless the unit run must be offline. */
	osNeeds: OsNeed[];
	/** Run with no network but loopback and no n8n runtime where the machine can isolate a process. */
	offline?: boolean;
}

/** Pure: the jest runs, in order. Only the e2e project repeats per cell; the others run once. */
export function matrixRuns(options: MatrixOptions): JestRun[] {
	const others: JestRun[] = options.e2eOnly
		? []
		: [
				{ label: 'unit', args: ['--selectProjects', 'unit'], osNeeds: options.requireOffline ? ['offline-unit'] : [], offline: true },
				{ label: 'browser and queue', args: ['--selectProjects', 'browser', 'queue'], osNeeds: ['browser', 'queue'] },
			];
	return [
		...others,
		...options.cells.map((cell) => ({
			label: `e2e on ${cell.label} (EDU_E2E_N8N=${cell.env.EDU_E2E_N8N} EDU_E2E_PUBLICATION_SERVICE=${cell.env.EDU_E2E_PUBLICATION_SERVICE})`,
			args: ['--selectProjects', 'e2e', ...(cell.only ? ['--testPathPatterns', cell.only] : [])],
			env: cell.env,
			osNeeds: [],
		})),
	];
}

/** The jest binary and its environment, or the same in a new network namespace for an offline run. */
export interface JestCommand {
	command: string;
	args: string[];
	env: NodeJS.ProcessEnv;
}

/**
 * Pure: how to start one run. An offline run starts in a new user and network namespace whose only
 * interface is loopback, brought up because the sandbox tests listen there, with the n8n runtime
 * pointing nowhere: a test that reached the registry or a runtime would fail.
 */
export function jestCommand(run: JestRun, jestArgs: readonly string[], isolate: boolean, nodeAndJest: readonly [string, string]): JestCommand {
	// Our arguments last: `--selectProjects` takes every word after it, a test path pattern included.
	const jest = [...nodeAndJest, ...jestArgs, ...run.args];
	if (!(run.offline && isolate)) return { command: jest[0], args: jest.slice(1), env: { ...run.env } };
	return {
		command: 'unshare',
		args: ['-rn', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...jest],
		env: { ...run.env, N8N_RUNTIME_DIR: '/nonexistent' },
	};
}

/** Whether this machine lets a process into a loopback-only network namespace of its own. */
function canIsolateNetwork(): boolean {
	return spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0;
}

const CANNOT_ISOLATE =
	'`unshare -rn` cannot create a network namespace here, so the unit project cannot be proven to run offline (run as root, or allow unprivileged user namespaces, e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=0; `ip` comes from iproute2).';

function runJest({ command, args, env }: JestCommand): Promise<number> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
		child.on('error', reject);
		child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
	});
}

async function main(): Promise<void> {
	const options = parseMatrixArgs(process.argv.slice(2));
	const runs = matrixRuns(options);
	if (!(await ensureOsPackages(runs.flatMap((run) => run.osNeeds)))) {
		process.exitCode = 1;
		return;
	}
	const isolate = runs.some((run) => run.offline) && canIsolateNetwork();
	if (options.requireOffline && !isolate) {
		console.error(CANNOT_ISOLATE);
		process.exitCode = 1;
		return;
	}
	const results: Array<{ label: string; ms: number; code: number }> = [];
	for (const run of runs) {
		const label = run.offline && isolate ? `${run.label}, offline (no network but loopback, no n8n runtime)` : run.label;
		process.stdout.write(`\n=== ${label}\n`);
		const started = Date.now();
		const code = await runJest(jestCommand(run, options.jestArgs, isolate, [process.execPath, require.resolve('jest/bin/jest')]));
		results.push({ label, ms: Date.now() - started, code });
	}

	const width = Math.max(...results.map((result) => result.label.length));
	process.stdout.write(`\nTest matrix (times include any runtime install):\n`);
	for (const result of results) {
		process.stdout.write(`  ${result.code === 0 ? 'PASS' : 'FAIL'}  ${result.label.padEnd(width)}  ${formatSeconds(result.ms).padStart(8)}\n`);
	}
	if (results.some((result) => result.code !== 0)) process.exitCode = 1;
}

if (require.main === module) {
	main().catch((error: unknown) => {
		if (printedHelp(error)) return;
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
