// Two commands run the test suites. Each first checks the OS packages its runs need
// (lib/os-packages.ts: installs them as root on Debian, else stops with the command to run).
//   npm test              a newcomer's proof, on a machine with nothing but Node: the unit project,
//                         then the package in one real n8n, 2.41 (installed into .cache/ on first
//                         use), with the e2e files test/e2e/cells.ts marks `proof`.
//   npm run test:matrix   everything, as CI runs it (`.ci/run`): the unit project, then every e2e
//                         file once on 2.41, the browser and queue-mode suites, then the other cells
//                         of the support matrix (README "Compatibility"), each with only the files
//                         test/e2e/cells.ts says differ there, each with its own n8n runtime.
// The unit project runs first, in its own jest process (no global setup, so it runs on a machine
// that cannot install n8n; in `npm test` its result shows before the e2e run starts). The matrix
// runs in two lanes side by side: the suites that keep the CPU busy (unit, then browser and queue)
// stream to the terminal; the e2e cells, which mostly wait for n8n, run one after the other beside
// them, each cell's output printed as one block when it ends (and kept in test-artifacts/test-matrix/).
// The package is built and packed once, before the lanes start, for every run that installs it, and
// the n8n runtimes the runs need install in the background from the start, one after the other, at
// the lowest CPU priority (a run whose runtime is still installing waits for it: the install lock).
// Where this machine can isolate a process (`unshare -rn`), the unit project runs with no network
// but loopback and no n8n runtime, which proves `npm run test:unit` needs neither; `.ci/run` asks
// for that proof with --require-offline, so CI runs the unit project once, not twice.
// Prints each run's time. Its flags: MATRIX_USAGE below (`npm test -- --help`); other arguments go
// to every jest run (`--ci`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { printedHelp, readArgs } from '../sandbox/args';
import { filesOfCell, proofFiles, type CellId } from '../test/e2e/cells';
import { N8N_LOGS_DIR } from '../test/e2e/support/n8nLogs';
import { ensureRuntime } from './n8n-runtime/install';
import { REPO_ROOT, runtimeById } from './n8n-runtime/runtime';
import { buildAndPack } from './lib/community-package';
import { ensureOsPackages, type OsNeed } from './lib/os-packages';
import { formatSeconds } from './lib/processes';

export interface MatrixCell {
	id: CellId;
	label: string;
	/** What test/e2e/support/target.ts reads. */
	env: { EDU_E2E_N8N: string; EDU_E2E_PUBLICATION_SERVICE: 'true' | 'false' };
}

export const MATRIX: readonly MatrixCell[] = [
	{
		id: '2',
		label: 'n8n 2.41.1, publication service on',
		env: { EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'true' },
	},
	{
		id: '2-legacy',
		label: 'n8n 2.41.1, N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false',
		env: { EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'false' },
	},
	{
		id: '1',
		label: 'n8n 1.123.81',
		env: { EDU_E2E_N8N: '1', EDU_E2E_PUBLICATION_SERVICE: 'true' },
	},
	{
		id: 'floor',
		label: 'n8n 1.85.4, the floor',
		env: { EDU_E2E_N8N: 'floor', EDU_E2E_PUBLICATION_SERVICE: 'true' },
	},
];

/** jest --testPathPatterns for exactly these files of test/e2e. */
export function e2eFilesPattern(files: readonly string[]): string {
	return `test/e2e/(${files.map((file) => file.replace(/\./g, '\\.')).join('|')})$`;
}

export interface MatrixOptions {
	/** `npm run test:matrix`: every cell and suite; otherwise `npm test`'s proof in one n8n. */
	matrix: boolean;
	e2eOnly: boolean;
	/** The unit project must run offline: stop if this machine cannot isolate it. */
	requireOffline: boolean;
	cells: readonly MatrixCell[];
	jestArgs: string[];
}

export const MATRIX_USAGE = `Usage: npm test [-- --require-offline] [jest arguments]
       npm run test:matrix [-- --e2e-only] [--cells ${MATRIX.map((cell) => cell.id).join(',')}] [--require-offline] [jest arguments]

  (npm test)         the unit project, then the package proven in one n8n 2.41
  --matrix           everything (what \`npm run test:matrix\` passes): unit, browser and queue, every e2e cell
  --e2e-only         with --matrix: only the e2e cells (also \`npm run test:e2e:matrix\`)
  --cells IDS        with --matrix: only these e2e cells, comma-separated, beside the other projects:
${MATRIX.map((cell) => `                       ${cell.id.padEnd(9)} ${cell.label}`).join('\n')}
  --require-offline  stop unless the unit project can run offline
  anything else      goes to every jest run, e.g. --ci`;

/**
 * Pure: splits our flags from jest's. The one reader that passes what is not its own on
 * (sandbox/args.ts `passRest`, a lenient parseArgs underneath): the jest arguments, in order.
 */
export function parseMatrixArgs(argv: string[]): MatrixOptions {
	const { values, rest } = readArgs(argv, {
		flags: {
			matrix: { type: 'boolean' },
			'e2e-only': { type: 'boolean' },
			'require-offline': { type: 'boolean' },
			cells: { type: 'string' },
		},
		usage: MATRIX_USAGE,
		passRest: true,
	});
	const options: MatrixOptions = {
		matrix: values.matrix ?? false,
		e2eOnly: values['e2e-only'] ?? false,
		requireOffline: values['require-offline'] ?? false,
		cells: values.cells === undefined ? MATRIX : cellsOf(values.cells),
		jestArgs: rest,
	};
	if (!options.matrix && (options.e2eOnly || options.cells !== MATRIX)) {
		throw new Error(
			"--e2e-only and --cells choose among the matrix's runs: use them with `npm run test:matrix --`.",
		);
	}
	return options;
}

function cellsOf(list: string): MatrixCell[] {
	const ids = list
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	const unknown = ids.filter((id) => !MATRIX.some((cell) => cell.id === id));
	if (ids.length === 0 || unknown.length > 0) {
		throw new Error(
			`--cells takes a comma-separated list of ${MATRIX.map((cell) => cell.id).join(', ')}; got "${ids.join(',')}".`,
		);
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

/**
 * e2e files at once. Each file has an n8n, a sandbox and ports of its own, and spends most of its
 * time waiting for n8n (its one-minute poll, a publication, a retry schedule, a rate-limit window),
 * not on the CPU: three at a time keep 2 cores busy without starving an n8n start-up.
 */
export const E2E_WORKERS = 3;

/** The e2e project on one cell, with these files. */
function e2eRun(cell: MatrixCell, files: readonly string[], what: string): JestRun {
	return {
		label: `e2e on ${cell.label}, ${what} (EDU_E2E_N8N=${cell.env.EDU_E2E_N8N} EDU_E2E_PUBLICATION_SERVICE=${cell.env.EDU_E2E_PUBLICATION_SERVICE})`,
		args: [
			`--maxWorkers=${E2E_WORKERS}`,
			'--selectProjects',
			'e2e',
			'--testPathPatterns',
			e2eFilesPattern(files),
		],
		env: cell.env,
		osNeeds: [],
	};
}

/**
 * Pure: the jest runs, as lanes that run side by side, each lane's runs one after the other.
 * `npm test`: one lane, the unit project then the proof files on 2.41. The matrix: the unit project
 * then browser and queue; beside them the e2e project once per cell with the files test/e2e/cells.ts
 * gives it (every file on 2.41).
 */
export function matrixRuns(options: MatrixOptions): JestRun[][] {
	const unit: JestRun = {
		label: 'unit',
		args: ['--selectProjects', 'unit'],
		osNeeds: options.requireOffline ? ['offline-unit'] : [],
		offline: true,
	};
	if (!options.matrix)
		return [[unit, e2eRun(MATRIX[0], proofFiles(), 'the package proven in one n8n')]];
	const cells = options.cells.map((cell) =>
		e2eRun(
			cell,
			filesOfCell(cell.id),
			cell.id === '2' ? 'every file' : 'the files that differ there',
		),
	);
	if (options.e2eOnly) return [cells];
	return [
		[
			unit,
			{
				label: 'browser and queue',
				args: ['--selectProjects', 'browser', 'queue'],
				osNeeds: ['browser', 'queue'],
			},
		],
		cells,
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
export function jestCommand(
	run: JestRun,
	jestArgs: readonly string[],
	isolate: boolean,
	nodeAndJest: readonly [string, string],
): JestCommand {
	// Our arguments last: `--selectProjects` takes every word after it, a test path pattern included.
	const jest = [...nodeAndJest, ...jestArgs, ...run.args];
	if (!(run.offline && isolate))
		return { command: jest[0], args: jest.slice(1), env: { ...run.env } };
	return {
		command: 'unshare',
		args: ['-rn', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...jest],
		env: { ...run.env, N8N_RUNTIME_DIR: '/nonexistent' },
	};
}

/** Whether this machine lets a process into a loopback-only network namespace of its own. */
function canIsolateNetwork(): boolean {
	return (
		spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0
	);
}

const CANNOT_ISOLATE =
	'`unshare -rn` cannot create a network namespace here, so the unit project cannot be proven to run offline (run as root, or allow unprivileged user namespaces, e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=0; `ip` comes from iproute2).';

/** Pure: the n8n runtimes the runs need (EDU_E2E_N8N of each e2e run; browser and queue run on 2.41), in order. */
export function runtimesOf(runs: readonly JestRun[]): string[] {
	return [...new Set(runs.filter((run) => !run.offline).map((run) => run.env?.EDU_E2E_N8N ?? '2'))];
}

/**
 * Installs the runtimes one after the other, in the background and at the lowest CPU priority (the
 * tests beside them go first); a failure is only reported here: the run that needs that runtime
 * installs it again and fails with the reason.
 */
async function installInBackground(ids: readonly string[]): Promise<void> {
	for (const id of ids) {
		const log = (line: string) => process.stdout.write(`[runtime ${id}] ${line}\n`);
		try {
			const runtime = await ensureRuntime({
				spec: runtimeById(id, 'EDU_E2E_N8N'),
				log,
				background: true,
			});
			if (runtime.installed)
				log(`installed in the background (${formatSeconds(runtime.durationMs)})`);
		} catch (error) {
			log(
				`background install failed; the run that needs it tries again: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
			);
		}
	}
}

/** Runs jest; its output goes to the terminal, or into the returned `output` (printed by the caller when it ends). */
function runJest(
	{ command, args, env }: JestCommand,
	capture: boolean,
): Promise<{ code: number; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			cwd: REPO_ROOT,
			env: { ...process.env, ...env },
			stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
		});
		const chunks: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
		child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
		child.on('error', reject);
		child.on('close', (code, signal) =>
			resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
		);
	});
}

interface RunResult {
	label: string;
	ms: number;
	code: number;
}

async function main(): Promise<void> {
	const options = parseMatrixArgs(process.argv.slice(2));
	const lanes = matrixRuns(options);
	const runs = lanes.flat();
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
	const started = Date.now();
	const installs = installInBackground(runtimesOf(runs));
	// Once for every run that installs the package (all but the unit project's).
	const packed = runs.some((run) => !run.offline)
		? await buildAndPack(path.join(mkdtempSync(path.join(tmpdir(), 'edu-test-matrix-')), 'package'))
		: undefined;
	const logDir = path.join(REPO_ROOT, 'test-artifacts', 'test-matrix');
	mkdirSync(logDir, { recursive: true });
	// Each n8n's log lands there as its file ends (test/e2e/support/n8nLogs.ts): this run's alone.
	rmSync(N8N_LOGS_DIR, { recursive: true, force: true });

	const runLane = async (lane: JestRun[], laneIndex: number): Promise<RunResult[]> => {
		const results: RunResult[] = [];
		for (const [index, run] of lane.entries()) {
			const label =
				run.offline && isolate
					? `${run.label}, offline (no network but loopback, no n8n runtime)`
					: run.label;
			// The first lane streams; the others' output is printed as one block per run.
			const log =
				laneIndex === 0 ? undefined : path.join(logDir, `lane-${laneIndex}-run-${index}.log`);
			if (!log) process.stdout.write(`\n=== ${label}\n`);
			const runStarted = Date.now();
			const env = {
				...run.env,
				...(packed && !run.offline ? { EDU_E2E_PACKAGE: JSON.stringify(packed) } : {}),
			};
			const { code, output } = await runJest(
				jestCommand({ ...run, env }, options.jestArgs, isolate, [
					process.execPath,
					require.resolve('jest/bin/jest'),
				]),
				Boolean(log),
			);
			const ms = Date.now() - runStarted;
			if (log) {
				writeFileSync(log, output);
				process.stdout.write(
					`\n=== ${label}: ${code === 0 ? 'PASS' : 'FAIL'} in ${formatSeconds(ms)} (${path.relative(REPO_ROOT, log)})\n${output}\n=== end of ${label}\n`,
				);
			}
			results.push({ label, ms, code });
		}
		return results;
	};
	const results = (await Promise.all(lanes.map(runLane))).flat();
	await installs;

	const width = Math.max(...results.map((result) => result.label.length));
	process.stdout.write(
		`\nTest runs (times include any runtime install; ${lanes.length > 1 ? 'the lanes ran side by side' : 'one after the other'}):\n`,
	);
	for (const result of results) {
		process.stdout.write(
			`  ${result.code === 0 ? 'PASS' : 'FAIL'}  ${result.label.padEnd(width)}  ${formatSeconds(result.ms).padStart(8)}\n`,
		);
	}
	process.stdout.write(`  all, build and pack included: ${formatSeconds(Date.now() - started)}\n`);
	if (results.some((result) => result.code !== 0)) process.exitCode = 1;
}

if (require.main === module) {
	main().catch((error: unknown) => {
		if (printedHelp(error)) return;
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
