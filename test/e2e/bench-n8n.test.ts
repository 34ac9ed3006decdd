// `npm run bench:n8n -- --small` keeps working: the side-by-side benchmark in a real n8n produces
// every row of its table with the right counts. Figures (times, rates, memory) are printed, never
// asserted: they depend on the machine.
import { BENCH_CASES, runBench, SMALL, type BenchResult } from '../../bench/n8n/run';
import { complete, formatTable } from '../../bench/n8n/table';
import { e2eTarget } from './support/target';

jest.setTimeout(900_000);

/** The engine settings are n8n 2.x's: on a 1.x cell the bench runs every other case. */
const onN8n2 = e2eTarget().n8nMajor === 2;
const cases = BENCH_CASES.filter((name) => onN8n2 || name !== 'engines');

/** Every case of this n8n runs here, so every part of the result is there. */
let result: Required<BenchResult>;

beforeAll(async () => {
	result = (await runBench({
		...SMALL,
		only: cases,
		log: (line) => process.stdout.write(`[bench] ${line}\n`),
	})) as Required<BenchResult>;
	process.stdout.write(`${formatTable(result)}\n`);
}, 900_000);

describe('npm run bench:n8n --small, in a real n8n', () => {
	it('lists every student exactly once with this node and with the HTTP Request node, at once and with latency', () => {
		for (const { ours, http } of [result.atOnce, result.latency]) {
			expect(complete(ours, SMALL.students)).toBe(true);
			expect(complete(http, SMALL.students)).toBe(true);
		}
	});

	it('at the rate limit this node gets every student exactly once, while the HTTP Request node stops at its first 429', () => {
		expect(complete(result.limited.ours, SMALL.limitedStudents)).toBe(true);
		expect(result.limited.ours.runs.every((run) => run.rateLimited === 0)).toBe(true);
		const [http] = result.limited.http.runs;
		expect(http.rateLimited).toBe(1);
		expect(complete(result.limited.http, SMALL.limitedStudents)).toBe(false);
	});

	it('accepts every signed delivery, every plain one and every one with Header Auth', () => {
		expect(result.ingest.signed.accepted).toBe(SMALL.deliveries);
		expect(result.ingest.plain.accepted).toBe(SMALL.deliveries);
		expect(result.ingest.headerAuth.accepted).toBe(SMALL.deliveries);
	});

	it('restarts n8n with each engine setting (--small: the one npm start applies) and accepts every delivery of the three ingest workflows; on n8n 1.x, which has no such settings, measures none', () => {
		if (!onN8n2) return expect(result.engines).toBeUndefined();
		expect(result.engines.map((row) => row.setting.name)).toEqual(
			SMALL.engines.map((setting) => setting.name),
		);
		for (const row of result.engines) {
			expect([row.plain.accepted, row.ours.accepted, row.cryptoIf.accepted]).toEqual([
				SMALL.deliveries,
				SMALL.deliveries,
				SMALL.deliveries,
			]);
			expect(row.peakRssBytes).toBeGreaterThan(0);
		}
	});

	it('prints the table: a header and one row per case, each with a ratio; then the engine table', () => {
		const [sideBySide, engines] = formatTable(result)
			.split('\n\n')
			.filter((block) => block.startsWith('| '))
			.map((block) => block.split('\n').filter((line) => !line.startsWith('| ---')));
		const rows = sideBySide;
		expect(rows.map((row) => row.split(' | ')[0])).toEqual([
			'| case',
			`| Return All ${SMALL.students.toLocaleString('en-US')} students, sandbox answers at once`,
			`| Return All ${SMALL.students.toLocaleString('en-US')} students, ${SMALL.latencyMs} ms per request`,
			`| ${SMALL.limitedStudents.toLocaleString('en-US')} students at ${SMALL.rate}/min`,
			`| Webhook ingest, ${SMALL.deliveries} deliveries at concurrency ${SMALL.concurrency}`,
			'| the same, against a Webhook node with a credential',
			`| peak RSS of n8n's processes, ${SMALL.students.toLocaleString('en-US')} students`,
		]);
		for (const row of rows.slice(1)) expect(row.split(' | ')[3]).toMatch(/^\d+\.\d\d/);
		if (!onN8n2) return expect(engines).toBeUndefined();
		expect(engines.slice(1).map((row) => row.split(' | ')[0])).toEqual(
			SMALL.engines.map((setting) => `| ${setting.label}`),
		);
		for (const row of engines.slice(1)) expect(row.split(' | ')[4]).toMatch(/^\d+\.\d\d$/);
	});
});
