// Pure: the side-by-side table `npm run bench:n8n` prints, from runBench's figures.
import { median, type IngestResult } from './measure';
import type { BenchResult, EngineRow, ListingRun, Side } from './run';

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (s: number) => `${s.toFixed(2)} s`;
const mb = (bytes: number) => `${count(Math.round(bytes / 1024 / 1024))} MB`;
const ratio = (ours: number, theirs: number) => (theirs > 0 ? (ours / theirs).toFixed(2) : 'n/a');

/** Whether every run of a listing answered with exactly `expected` items, all distinct. */
export function complete(side: Side, expected: number): boolean {
	return side.runs.every(
		(run) => run.status === 200 && run.count === expected && run.unique === expected,
	);
}

function listingCell(side: Side, expected: number): string {
	const problems = side.runs.filter(
		(run) => run.status !== 200 || run.count !== expected || run.unique !== expected,
	).length;
	return `${seconds(side.medianSeconds)}${problems ? ` (${problems} of ${side.runs.length} runs incomplete)` : ''}`;
}

/** The median of the listing node's own execution time (n8n's run data), when every run has one. */
function nodeMedian(side: Side): number | undefined {
	const times = side.runs.map((run) => run.nodeSeconds);
	return times.every((time): time is number => time !== undefined) ? median(times) : undefined;
}

const peakRss = (side: Side) => Math.max(...side.runs.map((run) => run.peakRssBytes));

/**
 * How the alternative ended at the rate limit (its first run). n8n's pagination evaluates the
 * completion expression on the 429 answer too: when that ends the loop, the run succeeds with
 * the students read so far, and nothing says the list is incomplete.
 */
function failureCell(run: ListingRun, expected: number): string {
	const traffic = `${count(run.requests)} requests, ${count(run.rateLimited)} × 429`;
	if (run.status !== 200)
		return `failed (HTTP ${run.status}) after ${seconds(run.seconds)}: ${traffic}`;
	if (run.count === expected && run.unique === expected)
		return `completed: ${seconds(run.seconds)}, ${traffic}`;
	return `succeeded after ${seconds(run.seconds)} with ${count(run.count ?? 0)} of ${count(expected)} students and no error: ${traffic}`;
}

/**
 * The listing against the rate-limit bound. The bound is on the listing: its last request cannot
 * start before the last window opens. The node's own time (n8n's run data) is what it limits; the
 * client's clock adds what n8n does with the items afterwards (Code node, answer, saving the
 * execution), which no listing node can shorten.
 */
function boundCell(side: Side, boundSeconds: number, items: number): string {
	const node = nodeMedian(side);
	const workflow = `the whole workflow on the client's clock: ${seconds(side.medianSeconds)}, ${ratio(side.medianSeconds, boundSeconds)}`;
	if (node === undefined)
		return `${ratio(side.medianSeconds, boundSeconds)} of the rate-limit bound (${seconds(boundSeconds)}): ${workflow}`;
	return `${ratio(node, boundSeconds)} of the rate-limit bound (${seconds(boundSeconds)}): the node's own time, ${seconds(node)}; ${workflow}, with n8n's handling of ${count(items)} items after the node`;
}

function ingestCell(result: IngestResult): string {
	return `${result.perSecond.toFixed(1)}/s, p50 ${result.p50Ms.toFixed(0)} ms, p99 ${result.p99Ms.toFixed(0)} ms${result.accepted < result.deliveries ? ` (${result.deliveries - result.accepted} refused)` : ''}`;
}

export function formatTable(result: BenchResult): string {
	const { options: o, atOnce, latency, limited, ingest } = result;
	const rows: string[][] = [
		['case', 'this package', 'what a user would use instead', 'ratio', 'target'],
		['---', '---', '---', '---', '---'],
	];
	if (atOnce) {
		rows.push([
			`Return All ${count(o.students)} students, sandbox answers at once`,
			listingCell(atOnce.ours, o.students),
			`HTTP Request node with its built-in pagination + Split Out: ${listingCell(atOnce.http, o.students)}`,
			ratio(atOnce.ours.medianSeconds, atOnce.http.medianSeconds),
			'≤ 0.8',
		]);
	}
	if (latency) {
		rows.push([
			`Return All ${count(o.students)} students, ${o.latencyMs} ms per request`,
			listingCell(latency.ours, o.students),
			listingCell(latency.http, o.students),
			ratio(latency.ours.medianSeconds, latency.http.medianSeconds),
			'≤ 0.3',
		]);
	}
	if (limited) {
		const ours = limited.ours;
		const oursOk = complete(ours, o.limitedStudents);
		rows.push([
			`${count(o.limitedStudents)} students at ${o.rate}/min`,
			`${listingCell(ours, o.limitedStudents)}; ${oursOk ? `0 failures, exactly ${count(o.limitedStudents)} unique` : 'INCOMPLETE'}; 429s per run: ${ours.runs.map((r) => r.rateLimited).join(', ')} (${limited.windows} windows)`,
			`HTTP Request: ${failureCell(limited.http.runs[0], o.limitedStudents)}`,
			boundCell(ours, limited.boundSeconds, o.limitedStudents),
			'≤ 1.05 of the bound',
		]);
	}
	if (ingest) {
		rows.push([
			`Webhook ingest, ${count(o.deliveries)} deliveries at concurrency ${o.concurrency}`,
			`signed: ${ingestCell(ingest.signed)}`,
			`plain Webhook node, unsigned: ${ingestCell(ingest.plain)}`,
			`${ratio(ingest.signed.perSecond, ingest.plain.perSecond)} (p99 ${ratio(ingest.signed.p99Ms, ingest.plain.p99Ms)})`,
			'≥ 0.9 (p99 ≤ 1.2)',
		]);
		rows.push([
			'the same, against a Webhook node with a credential',
			`signed: ${ingestCell(ingest.signed)}`,
			`plain Webhook node with Header Auth: ${ingestCell(ingest.headerAuth)}`,
			`${ratio(ingest.signed.perSecond, ingest.headerAuth.perSecond)} (p99 ${ratio(ingest.signed.p99Ms, ingest.headerAuth.p99Ms)})`,
			'(n8n checks and loads a credential for every request)',
		]);
	}
	if (atOnce) {
		rows.push([
			`peak RSS of n8n's processes, ${count(o.students)} students`,
			mb(peakRss(atOnce.ours)),
			mb(peakRss(atOnce.http)),
			ratio(peakRss(atOnce.ours), peakRss(atOnce.http)),
			'≤ 1.0',
		]);
	}
	const extraEnv = o.n8nEnv
		? ` with ${Object.entries(o.n8nEnv)
				.map(([key, value]) => `${key}=${value}`)
				.join(' ')}`
		: '';
	return [
		`n8n ${result.n8nVersion}${extraEnv}; Webhook → node → Code (count), timed by the client; median of ${o.runs} run(s)`,
		...(rows.length > 2 ? ['', ...markdown(rows)] : []),
		...(result.engines ? ['', ...engineTable(result.engines, o.deliveries, o.concurrency)] : []),
	].join('\n');
}

const markdown = (rows: string[][]) => rows.map((cells) => `| ${cells.join(' | ')} |`);

const rate = (result: IngestResult) =>
	`${result.perSecond.toFixed(1)}/s${result.accepted < result.deliveries ? ` (${result.deliveries - result.accepted} refused)` : ''}`;

/**
 * Ingest per n8n setting (the `engines` case): deliveries per second of the three ways to receive
 * a delivery, our trigger's ratios, and the memory of n8n's processes (idle after the warm-up, and
 * the peak while the deliveries ran).
 */
function engineTable(engines: EngineRow[], deliveries: number, concurrency: number): string[] {
	return [
		`Webhook ingest per n8n setting, ${count(deliveries)} deliveries at concurrency ${concurrency}, each setting on a freshly started n8n:`,
		'',
		...markdown([
			[
				'n8n settings',
				'plain Webhook node',
				'our trigger (signed)',
				'Webhook + Crypto + IF (signed)',
				'ours / plain',
				'ours / Crypto + IF',
				"n8n's RSS, idle → peak",
			],
			['---', '---', '---', '---', '---', '---', '---'],
			...engines.map((row) => [
				row.setting.label,
				rate(row.plain),
				rate(row.ours),
				rate(row.cryptoIf),
				ratio(row.ours.perSecond, row.plain.perSecond),
				ratio(row.ours.perSecond, row.cryptoIf.perSecond),
				`${mb(row.idleRssBytes)} → ${mb(row.peakRssBytes)}`,
			]),
		]),
	];
}
