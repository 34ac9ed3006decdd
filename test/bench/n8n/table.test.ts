import { ENGINE_SETTINGS } from '../../../bench/n8n/engines';
import type { ListingRun, BenchResult, Side } from '../../../bench/n8n/run';
import { SMALL } from '../../../bench/n8n/run';
import { complete, formatTable } from '../../../bench/n8n/table';

const MB = 1024 * 1024;

function run(seconds: number, count: number, extra: Partial<ListingRun> = {}): ListingRun {
	return {
		seconds,
		status: 200,
		count,
		unique: count,
		requests: Math.ceil(count / 100),
		rateLimited: 0,
		peakRssBytes: 500 * MB,
		...extra,
	};
}

const side = (...runs: ListingRun[]): Side => ({
	runs,
	medianSeconds: runs[Math.floor(runs.length / 2)].seconds,
});

function result(): Required<BenchResult> {
	const students = SMALL.students;
	return {
		options: SMALL,
		n8nVersion: '2.41.1',
		atOnce: {
			ours: side(run(1, students, { peakRssBytes: 450 * MB })),
			http: side(run(2, students)),
		},
		latency: { ours: side(run(0.5, students)), http: side(run(2.5, students)) },
		limited: {
			ours: side(run(63, SMALL.limitedStudents, { rateLimited: 0, nodeSeconds: 61.5 })),
			http: side(
				run(4, 0, {
					status: 500,
					count: undefined,
					unique: undefined,
					requests: 11,
					rateLimited: 1,
				}),
			),
			boundSeconds: 60,
			windows: 2,
		},
		ingest: {
			signed: { deliveries: 50, accepted: 50, perSecond: 18, p50Ms: 500, p99Ms: 900 },
			plain: { deliveries: 50, accepted: 50, perSecond: 20, p50Ms: 450, p99Ms: 800 },
			headerAuth: { deliveries: 50, accepted: 50, perSecond: 18, p50Ms: 500, p99Ms: 900 },
		},
		engines: [
			{
				setting: ENGINE_SETTINGS.find((setting) => setting.name === 'lazy-pool-1')!,
				plain: { deliveries: 50, accepted: 50, perSecond: 60, p50Ms: 150, p99Ms: 300 },
				ours: { deliveries: 50, accepted: 50, perSecond: 20, p50Ms: 450, p99Ms: 900 },
				cryptoIf: { deliveries: 50, accepted: 48, perSecond: 25, p50Ms: 400, p99Ms: 700 },
				idleRssBytes: 400 * MB,
				peakRssBytes: 520 * MB,
			},
		],
	};
}

/** The rows of the first table (the side-by-side one), or of the engine table. */
const tableRows = (table: string, which: 0 | 1) =>
	table
		.split('\n\n')
		.filter((block) => block.startsWith('| '))
		[which].split('\n')
		.filter((line) => !line.startsWith('| ---'));
const rows = (table: string) => tableRows(table, 0);

describe('bench:n8n table', () => {
	it('gives each case its ratio: ours over the alternative, or over the rate-limit bound', () => {
		const ratios = rows(formatTable(result()))
			.slice(1)
			.map((row) => row.split(' | ')[3]);
		expect(ratios).toEqual([
			'0.50',
			'0.20',
			"1.02 of the rate-limit bound (60.00 s): the node's own time, 61.50 s; the whole workflow on the client's clock: 63.00 s, 1.05, with n8n's handling of 1,500 items after the node",
			'0.90 (p99 1.13)',
			'1.00 (p99 1.00)',
			'0.90',
		]);
	});

	it("measures the listing against the bound on the client's clock when n8n recorded no node time", () => {
		const unrecorded = result();
		unrecorded.limited.ours = side(run(66, SMALL.limitedStudents));
		const [limitedRow] = rows(formatTable(unrecorded)).filter((row) => row.includes('/min'));
		expect(limitedRow.split(' | ')[3]).toBe(
			"1.10 of the rate-limit bound (60.00 s): the whole workflow on the client's clock: 66.00 s, 1.10",
		);
	});

	it('says how the HTTP Request node ended at the rate limit, and that ours got every student', () => {
		const [limitedRow] = rows(formatTable(result())).filter((row) => row.includes('/min'));
		expect(limitedRow).toContain('0 failures, exactly 1,500 unique');
		expect(limitedRow).toContain(
			'HTTP Request: failed (HTTP 500) after 4.00 s: 11 requests, 1 × 429',
		);
	});

	it('says when the HTTP Request node stopped at the 429 without an error, with part of the list', () => {
		const silent = result();
		silent.limited.http = side(run(1, 1_000, { requests: 11, rateLimited: 1 }));
		const [limitedRow] = rows(formatTable(silent)).filter((row) => row.includes('/min'));
		expect(limitedRow).toContain(
			'HTTP Request: succeeded after 1.00 s with 1,000 of 1,500 students and no error: 11 requests, 1 × 429',
		);
	});

	it('marks a listing that missed or repeated students', () => {
		const broken = result();
		broken.atOnce.ours = side(run(1, SMALL.students, { unique: SMALL.students - 1 }));
		expect(complete(broken.atOnce.ours, SMALL.students)).toBe(false);
		expect(rows(formatTable(broken))[1]).toContain('(1 of 1 runs incomplete)');
	});

	it('prints only the cases that ran (--only), with RSS alongside the listing at once', () => {
		const { atOnce, latency, limited, ingest, engines: _engines, ...rest } = result();
		const cases = (partial: BenchResult) =>
			rows(formatTable(partial))
				.slice(1)
				.map((row) => row.split(' | ')[0]);
		expect(cases({ ...rest, ingest })).toEqual([
			'| Webhook ingest, 50 deliveries at concurrency 10',
			'| the same, against a Webhook node with a credential',
		]);
		expect(cases({ ...rest, atOnce, latency, limited })).toEqual([
			'| Return All 1,000 students, sandbox answers at once',
			'| Return All 1,000 students, 100 ms per request',
			'| 1,500 students at 10/min',
			"| peak RSS of n8n's processes, 1,000 students",
		]);
	});

	it('prints the engine table: one row per n8n setting, deliveries per second, our ratios and RSS', () => {
		expect(tableRows(formatTable(result()), 1)).toEqual([
			"| n8n settings | plain Webhook node | our trigger (signed) | Webhook + Crypto + IF (signed) | ours / plain | ours / Crypto + IF | n8n's RSS, idle → peak |",
			'| N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true N8N_EXPRESSION_ENGINE_POOL_SIZE=1 | 60.0/s | 20.0/s | 25.0/s (2 refused) | 0.33 | 0.80 | 400 MB → 520 MB |',
		]);
	});

	it('prints only the engine table when only the engines case ran (--only engines)', () => {
		const { options, n8nVersion, engines } = result();
		const printed = formatTable({ options, n8nVersion, engines });
		expect(printed.split('\n\n')).toHaveLength(3);
		expect(printed).toContain('Webhook ingest per n8n setting, 50 deliveries at concurrency 10');
		expect(printed).not.toContain('| case |');
	});
});
