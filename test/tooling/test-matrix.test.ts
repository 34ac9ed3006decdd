import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { HelpRequested } from '../../sandbox/args';
import { jestCommand, MATRIX, MATRIX_USAGE, matrixRuns, parseMatrixArgs } from '../../tooling/test-matrix';

const jestConfig = require('../../jest.config.js') as { projects: Array<{ displayName: string; globalSetup?: string }> };
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
	return jestProjects.filter((name) => !ignored.includes(name) && (selected === undefined || selected.includes(name)));
}

/** The test files jest gives a project, relative to the repository, as `jest --listTests` lists them. */
function testFilesOf(project: string): string[] {
	const root = path.resolve(__dirname, '../..');
	const listed = execFileSync(process.execPath, [require.resolve('jest/bin/jest'), '--selectProjects', project, '--listTests', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
	return (JSON.parse(listed) as string[]).map((file) => path.relative(root, file)).sort();
}

/** What a jest project sets up before its first test. */
function globalSetupOf(name: string): string | undefined {
	return jestConfig.projects.find((project) => project.displayName === name)?.globalSetup;
}

describe('the test matrix `npm test` runs', () => {
	it('covers 2.41 with the publication service on and off, the latest 1.x and the floor', () => {
		expect(MATRIX.map((cell) => cell.env)).toEqual([
			{ EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'true' },
			{ EDU_E2E_N8N: '2', EDU_E2E_PUBLICATION_SERVICE: 'false' },
			{ EDU_E2E_N8N: '1', EDU_E2E_PUBLICATION_SERVICE: 'true' },
			{ EDU_E2E_N8N: 'floor', EDU_E2E_PUBLICATION_SERVICE: 'true' },
		]);
	});

	it('runs everything by default and passes other arguments on to jest', () => {
		expect(parseMatrixArgs(['--ci'])).toEqual({ e2eOnly: false, requireOffline: false, cells: MATRIX, jestArgs: ['--ci'] });
	});

	it('passes jest its arguments in order, values and short flags included, and keeps only its own', () => {
		const options = parseMatrixArgs(['--ci', '--testNamePattern', 'lists all', '--cells', '1', '-t', 'x', '--maxWorkers=2', '--require-offline']);
		expect(options.jestArgs).toEqual(['--ci', '--testNamePattern', 'lists all', '-t', 'x', '--maxWorkers=2']);
		expect(options).toMatchObject({ requireOffline: true, e2eOnly: false });
		expect(options.cells.map((cell) => cell.id)).toEqual(['1']);
	});

	it('answers --help with its usage, not jest\'s, and wants a value after --cells', () => {
		expect(() => parseMatrixArgs(['--ci', '--help'])).toThrow(HelpRequested);
		expect(() => parseMatrixArgs(['-h'])).toThrow(MATRIX_USAGE);
		expect(() => parseMatrixArgs(['--cells'])).toThrow(`--cells needs a value.\n\n${MATRIX_USAGE}`);
	});

	it('can run only the e2e matrix, or only some cells', () => {
		const options = parseMatrixArgs(['--e2e-only', '--cells', '1,floor']);
		expect(options.e2eOnly).toBe(true);
		expect(options.cells.map((cell) => cell.id)).toEqual(['1', 'floor']);
		expect(parseMatrixArgs(['--cells=2-legacy']).cells.map((cell) => cell.id)).toEqual(['2-legacy']);
	});

	it('names the cells it knows when given another', () => {
		expect(() => parseMatrixArgs(['--cells', '3'])).toThrow('--cells takes a comma-separated list of 2, 2-legacy, 1, floor; got "3".');
	});

	it('runs the unit project first and alone, then browser and queue once, then e2e once per cell', () => {
		const runs = matrixRuns(parseMatrixArgs([]));
		expect(jestProjects).toEqual(expect.arrayContaining(['unit', 'e2e', 'browser', 'queue']));
		const projects = runs.map((run) => projectsOf(run.args));
		expect(projects[0]).toEqual(['unit']);
		expect(projects[1]).toEqual(['browser', 'queue']);
		expect(projects.slice(2)).toEqual(MATRIX.map(() => ['e2e']));
		expect(projects.flat().sort()).toEqual([...jestProjects.filter((name) => name !== 'e2e'), ...MATRIX.map(() => 'e2e')].sort());
		expect(runs.slice(2).map((run) => run.env)).toEqual(MATRIX.map((cell) => cell.env));
		expect(matrixRuns(parseMatrixArgs(['--e2e-only'])).flatMap((run) => projectsOf(run.args))).toEqual(MATRIX.map(() => 'e2e'));
	});

	it('asks the OS for packages only for the browser and queue run: the unit project and every e2e cell need none', () => {
		const needs = (argv: string[]) => matrixRuns(parseMatrixArgs(argv)).map((run) => run.osNeeds);
		expect(needs([])).toEqual([[], ['browser', 'queue'], ...MATRIX.map(() => [])]);
		expect(needs(['--e2e-only', '--cells', 'floor'])).toEqual([[]]);
	});

	it('with --require-offline, also asks for what isolating the unit run needs (iproute2\'s ip)', () => {
		const runs = matrixRuns(parseMatrixArgs(['--ci', '--require-offline']));
		expect(runs[0].osNeeds).toEqual(['offline-unit']);
		expect(runs.slice(1).map((run) => run.osNeeds)).toEqual([['browser', 'queue'], ...MATRIX.map(() => [])]);
	});

	it('runs the unit project, and only it, with no network but loopback and no n8n runtime where it can isolate it', () => {
		const runs = matrixRuns(parseMatrixArgs([]));
		expect(runs.map((run) => Boolean(run.offline))).toEqual([true, false, ...MATRIX.map(() => false)]);
		const nodeAndJest = ['/bin/node', '/jest.js'] as const;
		expect(jestCommand(runs[0], ['--ci'], true, nodeAndJest)).toEqual({
			command: 'unshare',
			args: ['-rn', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', '/bin/node', '/jest.js', '--ci', '--selectProjects', 'unit'],
			env: { N8N_RUNTIME_DIR: '/nonexistent' },
		});
		expect(jestCommand(runs[0], ['--ci'], false, nodeAndJest)).toEqual({ command: '/bin/node', args: ['/jest.js', '--ci', '--selectProjects', 'unit'], env: {} });
		expect(jestCommand(runs[2], [], true, nodeAndJest)).toEqual({ command: '/bin/node', args: ['/jest.js', '--selectProjects', 'e2e'], env: MATRIX[0].env });
	});

	it('starts with a run that needs no n8n runtime: the unit project has no global setup, the others install one', () => {
		expect(globalSetupOf('unit')).toBeUndefined();
		for (const name of ['e2e', 'browser', 'queue']) expect(globalSetupOf(name)).toBe('<rootDir>/test/e2e/global-setup.ts');
	});

	it('gives each test file to one project: the top-level files of test/e2e, test/browser and test/e2e-queue to theirs, their support modules\' tests to unit', () => {
		const files = Object.fromEntries(['unit', 'e2e', 'browser', 'queue'].map((project) => [project, testFilesOf(project)]));
		expect(files.unit).toContain('test/e2e/support/target.test.ts');
		expect(files.unit.filter((file) => /^test\/(e2e|browser|e2e-queue)\/[^/]+$/.test(file))).toEqual([]);
		expect(files.e2e).toEqual(expect.arrayContaining(['test/e2e/package-in-n8n.test.ts', 'test/e2e/load-and-list.smoke.test.ts']));
		expect(files.browser).toEqual(['test/browser/editor.test.ts']);
		expect(files.queue).toEqual(['test/e2e-queue/queue-mode.test.ts']);
		for (const file of [...files.e2e, ...files.browser, ...files.queue]) expect(file).toMatch(/^test\/(e2e|browser|e2e-queue)\/[^/]+\.test\.ts$/);
		const all = Object.values(files).flat();
		expect(new Set(all).size).toBe(all.length);
	});
});
