import { MATRIX, matrixRuns, parseMatrixArgs } from '../../tooling/test-matrix';

const jestProjects = (require('../../jest.config.js') as { projects: Array<{ displayName: string }> }).projects.map((project) => project.displayName);

/** The jest projects one run covers: `--ignoreProjects` removes, `--selectProjects` keeps. */
function projectsOf(args: string[]): string[] {
	const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
	const ignored = value('--ignoreProjects');
	const selected = value('--selectProjects');
	return jestProjects.filter((name) => name !== ignored && (selected === undefined || name === selected));
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

	it('runs every project but e2e once (the queue-mode suite included), then e2e once per cell', () => {
		const runs = matrixRuns(parseMatrixArgs([]));
		expect(jestProjects).toEqual(expect.arrayContaining(['unit', 'e2e', 'browser', 'queue']));
		const projects = runs.map((run) => projectsOf(run.args));
		expect(projects[0]).toEqual(jestProjects.filter((name) => name !== 'e2e'));
		expect(projects.slice(1)).toEqual(MATRIX.map(() => ['e2e']));
		expect(projects.flat().filter((name) => name === 'queue')).toHaveLength(1);
		expect(runs.slice(1).map((run) => run.env)).toEqual(MATRIX.map((cell) => cell.env));
		expect(matrixRuns(parseMatrixArgs(['--e2e-only'])).flatMap((run) => projectsOf(run.args))).not.toContain('queue');
	});
});
