import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { readdirSync } from 'node:fs';

import { HelpRequested } from '../../sandbox/args';
import { CELL_IDS, E2E_FILES, filesOfCell, proofFiles } from '../e2e/cells';
import {
	E2E_WORKERS,
	e2eFilesPattern,
	jestCommand,
	MATRIX,
	MATRIX_USAGE,
	matrixRuns,
	parseMatrixArgs,
	runtimesOf,
} from '../../tooling/test-matrix';

const jestConfig = require('../../jest.config.js') as {
	projects: Array<{ displayName: string; globalSetup?: string }>;
};
const jestProjects = jestConfig.projects.map((project) => project.displayName);

/** The jest projects one run covers: `--ignoreProjects` removes, `--selectProjects` keeps; each takes every word up to the next flag. */
function projectsOf(args: string[]): string[] {
	const values = (flag: string) => {
		const start = args.indexOf(flag);
		if (start < 0) return undefined;
		const end = args.findIndex((arg, index) => index > start && arg.startsWith('--'));
		return args.slice(start + 1, end < 0 ? undefined : end);
	};
	const ignored = values('--ignoreProjects') ?? [];
	const selected = values('--selectProjects');
	return jestProjects.filter(
		(name) => !ignored.includes(name) && (selected === undefined || selected.includes(name)),
	);
}

/** The test files jest gives a project, relative to the repository, as `jest --listTests` lists them. */
function testFilesOf(project: string): string[] {
	const root = path.resolve(__dirname, '../..');
	const listed = execFileSync(
		process.execPath,
		[require.resolve('jest/bin/jest'), '--selectProjects', project, '--listTests', '--json'],
		{ cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
	);
	return (JSON.parse(listed) as string[]).map((file) => path.relative(root, file)).sort();
}

/** What a jest project sets up before its first test. */
function globalSetupOf(name: string): string | undefined {
	return jestConfig.projects.find((project) => project.displayName === name)?.globalSetup;
}

/** The e2e files a run gives jest, by the pattern it passes. */
const e2eFilesOf = (args: string[]) => {
	const pattern = new RegExp(args[args.indexOf('--testPathPatterns') + 1]);
	return Object.keys(E2E_FILES).filter((file) => pattern.test(`/repo/test/e2e/${file}`));
};

describe('which e2e files run on which cell (test/e2e/cells.ts)', () => {
	it('names every top-level e2e test file, and only those', () => {
		const files = readdirSync(path.resolve(__dirname, '../e2e')).filter((file) =>
			file.endsWith('.test.ts'),
		);
		expect(Object.keys(E2E_FILES).sort()).toEqual(files.sort());
	});

	it('runs every file on 2.41 with the publication service on, each with a reason, and the floor only the smoke', () => {
		expect(filesOfCell('2')).toEqual(Object.keys(E2E_FILES));
		for (const file of Object.values(E2E_FILES)) expect(file.why.length).toBeGreaterThan(40);
		expect(filesOfCell('floor')).toEqual(['load-and-list.smoke.test.ts']);
		expect(proofFiles()).toEqual(['load-and-list.smoke.test.ts', 'package-in-n8n.test.ts']);
	});

	it('matches exactly the named files', () => {
		const pattern = new RegExp(
			e2eFilesPattern(['load-and-list.smoke.test.ts', 'npm-start.test.ts']),
		);
		expect(
			['/r/test/e2e/load-and-list.smoke.test.ts', '/r/test/e2e/npm-start.test.ts'].every((file) =>
				pattern.test(file),
			),
		).toBe(true);
		expect(
			[
				'/r/test/e2e/load-and-listXsmoke.test.ts',
				'/r/test/e2e/npm-start.test.ts.orig',
				'/r/test/e2e/support/npm-start.test.ts',
			].some((file) => pattern.test(file)),
		).toBe(false);
	});
});

describe('`npm test` and `npm run test:matrix`', () => {
	it('covers 2.41 with the publication service on and off, the latest 1.x and the floor', () => {
		expect(MATRIX.map((cell) => cell.id)).toEqual([...CELL_IDS]);
		expect(MATRIX.map((cell) => cell.env)).toEqual([
			{ EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'true' },
			{ EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'false' },
			{ EDU_E2E_N8N: '1', EDU_E2E_PUBLICATION_SERVICE: 'true' },
			{ EDU_E2E_N8N: 'floor', EDU_E2E_PUBLICATION_SERVICE: 'true' },
		]);
	});

	it('npm test: the unit project alone, then the proof files on 2.41; other arguments go on to jest', () => {
		const options = parseMatrixArgs(['--ci']);
		expect(options).toEqual({
			matrix: false,
			e2eOnly: false,
			requireOffline: false,
			cells: MATRIX,
			jestArgs: ['--ci'],
		});
		const runs = matrixRuns(options).flat();
		expect(runs.map((run) => projectsOf(run.args))).toEqual([['unit'], ['e2e']]);
		expect(runs[1].env).toEqual(MATRIX[0].env);
		expect(e2eFilesOf(runs[1].args)).toEqual(proofFiles());
	});

	it('passes jest its arguments in order, values and short flags included, and keeps only its own', () => {
		const options = parseMatrixArgs([
			'--ci',
			'--testNamePattern',
			'lists all',
			'--matrix',
			'--cells',
			'1',
			'-t',
			'x',
			'--maxWorkers=2',
			'--require-offline',
		]);
		expect(options.jestArgs).toEqual([
			'--ci',
			'--testNamePattern',
			'lists all',
			'-t',
			'x',
			'--maxWorkers=2',
		]);
		expect(options).toMatchObject({ matrix: true, requireOffline: true, e2eOnly: false });
		expect(options.cells.map((cell) => cell.id)).toEqual(['1']);
	});

	it("answers --help with its usage, not jest's, and wants a value after --cells", () => {
		expect(() => parseMatrixArgs(['--ci', '--help'])).toThrow(HelpRequested);
		expect(() => parseMatrixArgs(['-h'])).toThrow(MATRIX_USAGE);
		expect(() => parseMatrixArgs(['--matrix', '--cells'])).toThrow(
			`--cells needs a value.\n\n${MATRIX_USAGE}`,
		);
	});

	it('the matrix: the unit project first and alone, then browser and queue once, then e2e once per cell with its files', () => {
		const runs = matrixRuns(parseMatrixArgs(['--matrix'])).flat();
		expect(jestProjects).toEqual(expect.arrayContaining(['unit', 'e2e', 'browser', 'queue']));
		const projects = runs.map((run) => projectsOf(run.args));
		expect(projects[0]).toEqual(['unit']);
		expect(projects[1]).toEqual(['browser', 'queue']);
		expect(projects.slice(2)).toEqual(MATRIX.map(() => ['e2e']));
		expect(runs.slice(2).map((run) => run.env)).toEqual(MATRIX.map((cell) => cell.env));
		expect(runs.slice(2).map((run) => e2eFilesOf(run.args))).toEqual(
			MATRIX.map((cell) => filesOfCell(cell.id)),
		);
		expect(
			matrixRuns(parseMatrixArgs(['--matrix', '--e2e-only']))
				.flat()
				.flatMap((run) => projectsOf(run.args)),
		).toEqual(MATRIX.map(() => 'e2e'));
	});

	it('npm test runs in one lane; the matrix runs the unit project, browser and queue in one lane and the e2e cells in another beside it', () => {
		const lanes = (argv: string[]) =>
			matrixRuns(parseMatrixArgs(argv)).map((lane) =>
				lane.map((run) => projectsOf(run.args).join('+')),
			);
		expect(lanes([])).toEqual([['unit', 'e2e']]);
		expect(lanes(['--matrix'])).toEqual([['unit', 'browser+queue'], MATRIX.map(() => 'e2e')]);
		expect(lanes(['--matrix', '--e2e-only'])).toEqual([MATRIX.map(() => 'e2e')]);
	});

	it('installs the runtimes its runs need, in the order they come: npm test only 2.41, the matrix every one', () => {
		expect(runtimesOf(matrixRuns(parseMatrixArgs([])).flat())).toEqual(['2']);
		expect(runtimesOf(matrixRuns(parseMatrixArgs(['--matrix'])).flat())).toEqual([
			'2',
			'1',
			'floor',
		]);
		expect(
			runtimesOf(
				matrixRuns(parseMatrixArgs(['--matrix', '--e2e-only', '--cells', 'floor'])).flat(),
			),
		).toEqual(['floor']);
	});

	it('can run only the e2e matrix, or only some cells', () => {
		const options = parseMatrixArgs(['--matrix', '--e2e-only', '--cells', '1,floor']);
		expect(options.e2eOnly).toBe(true);
		expect(options.cells.map((cell) => cell.id)).toEqual(['1', 'floor']);
		expect(parseMatrixArgs(['--matrix', '--cells=2-legacy']).cells.map((cell) => cell.id)).toEqual([
			'2-legacy',
		]);
	});

	it('names the cells it knows when given another, and keeps cell choices to the matrix', () => {
		expect(() => parseMatrixArgs(['--matrix', '--cells', '3'])).toThrow(
			'--cells takes a comma-separated list of 2, 2-legacy, 1, floor; got "3".',
		);
		expect(() => parseMatrixArgs(['--cells', '1'])).toThrow(
			"--e2e-only and --cells choose among the matrix's runs: use them with `npm run test:matrix --`.",
		);
		expect(() => parseMatrixArgs(['--e2e-only'])).toThrow(/use them with `npm run test:matrix --`/);
	});

	it('asks the OS for packages only for the browser and queue run: the unit project and every e2e cell need none', () => {
		const needs = (argv: string[]) =>
			matrixRuns(parseMatrixArgs(argv))
				.flat()
				.map((run) => run.osNeeds);
		expect(needs([])).toEqual([[], []]);
		expect(needs(['--matrix'])).toEqual([[], ['browser', 'queue'], ...MATRIX.map(() => [])]);
		expect(needs(['--matrix', '--e2e-only', '--cells', 'floor'])).toEqual([[]]);
	});

	it("with --require-offline, also asks for what isolating the unit run needs (iproute2's ip)", () => {
		const runs = matrixRuns(parseMatrixArgs(['--ci', '--matrix', '--require-offline'])).flat();
		expect(runs[0].osNeeds).toEqual(['offline-unit']);
		expect(runs.slice(1).map((run) => run.osNeeds)).toEqual([
			['browser', 'queue'],
			...MATRIX.map(() => []),
		]);
		expect(matrixRuns(parseMatrixArgs(['--require-offline'])).flat()[0].osNeeds).toEqual([
			'offline-unit',
		]);
	});

	it('runs the unit project, and only it, with no network but loopback and no n8n runtime where it can isolate it', () => {
		const runs = matrixRuns(parseMatrixArgs(['--matrix'])).flat();
		expect(runs.map((run) => Boolean(run.offline))).toEqual([
			true,
			false,
			...MATRIX.map(() => false),
		]);
		const nodeAndJest = ['/bin/node', '/jest.js'] as const;
		expect(jestCommand(runs[0], ['--ci'], true, nodeAndJest)).toEqual({
			command: 'unshare',
			args: [
				'-rn',
				'sh',
				'-c',
				'ip link set lo up && exec "$@"',
				'sh',
				'/bin/node',
				'/jest.js',
				'--ci',
				'--selectProjects',
				'unit',
			],
			env: { N8N_RUNTIME_DIR: '/nonexistent' },
		});
		expect(jestCommand(runs[0], ['--ci'], false, nodeAndJest)).toEqual({
			command: '/bin/node',
			args: ['/jest.js', '--ci', '--selectProjects', 'unit'],
			env: {},
		});
		expect(jestCommand(runs[2], [], true, nodeAndJest)).toEqual({
			command: '/bin/node',
			args: [
				'/jest.js',
				`--maxWorkers=${E2E_WORKERS}`,
				'--selectProjects',
				'e2e',
				'--testPathPatterns',
				e2eFilesPattern(filesOfCell('2')),
			],
			env: MATRIX[0].env,
		});
	});

	it('starts with a run that needs no n8n runtime: the unit project has no global setup, the others install one', () => {
		expect(globalSetupOf('unit')).toBeUndefined();
		for (const name of ['e2e', 'browser', 'queue'])
			expect(globalSetupOf(name)).toBe('<rootDir>/test/e2e/global-setup.ts');
	});

	it("gives each test file to one project: the top-level files of test/e2e, test/browser and test/e2e-queue to theirs, their support modules' tests to unit", () => {
		const files = Object.fromEntries(
			['unit', 'e2e', 'browser', 'queue'].map((project) => [project, testFilesOf(project)]),
		);
		expect(files.unit).toContain('test/e2e/support/target.test.ts');
		expect(
			files.unit.filter((file) => /^test\/(e2e|browser|e2e-queue)\/[^/]+$/.test(file)),
		).toEqual([]);
		expect(files.e2e).toEqual(
			expect.arrayContaining([
				'test/e2e/package-in-n8n.test.ts',
				'test/e2e/load-and-list.smoke.test.ts',
			]),
		);
		expect(files.browser).toEqual([
			'test/browser/editor.test.ts',
			'test/browser/queue-manual-runs.test.ts',
		]);
		expect(files.queue).toEqual([
			'test/e2e-queue/multi-main.test.ts',
			'test/e2e-queue/queue-mode.test.ts',
		]);
		for (const file of [...files.e2e, ...files.browser, ...files.queue])
			expect(file).toMatch(/^test\/(e2e|browser|e2e-queue)\/[^/]+\.test\.ts$/);
		const all = Object.values(files).flat();
		expect(new Set(all).size).toBe(all.length);
	});
});
