import { MATRIX, matrixRuns, parseMatrixArgs } from '../../tooling/test-matrix';

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
		expect(parseMatrixArgs(['--ci'])).toEqual({ e2eOnly: false, cells: MATRIX, jestArgs: ['--ci'] });
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

	it('starts with a run that needs no n8n runtime: the unit project has no global setup, the others install one', () => {
		expect(globalSetupOf('unit')).toBeUndefined();
		for (const name of ['e2e', 'browser', 'queue']) expect(globalSetupOf(name)).toBe('<rootDir>/test/e2e/global-setup.ts');
	});
});
