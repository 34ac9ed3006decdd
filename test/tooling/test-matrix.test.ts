import { MATRIX, parseMatrixArgs } from '../../tooling/test-matrix';

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
});
