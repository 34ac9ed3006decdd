/**
 * `npm run bench:list [-- flags]` — Student → Get Many (Return All, or a Limit) through n8n's
 * engine (test/harness) against a sandbox in its own process, and the figures that matter:
 * wall time, requests made, 429s received, the lower bound the rate limit alone imposes, the
 * ratio to it, and peak RSS.
 *
 *   --students 10000,100000   school sizes to list, one run each (default 10000,100000)
 *   --rate 600                the sandbox's requests per minute per token (default 600)
 *   --page-size 100           the node's Page Size option (default 100)
 *   --limit N                 use Limit N instead of Return All
 *   --seed 42                 the sandbox's seed
 *   --runs 1                  listings per size against the same sandbox; with more than one, the
 *                             figures after the first: the median wall time and CPU time of this
 *                             process (the node and n8n's engine; the sandbox has its own process)
 *   --cpu-prof FILE           a CPU profile of those later listings, written to FILE and
 *                             summarised by self time (bench/profileSummary.ts)
 *
 * A script that prints figures, not a test. At 600/min, 100,000 students (1,000 requests) must
 * wait for one 60-second window to close: about a minute is the expected cost.
 */
import type { IDataObject } from 'n8n-workflow';

// `.node.js`: tsx would resolve `EducationPlatform.node` to the node's codex JSON file.
import { EducationPlatform } from '../nodes/EducationPlatform/EducationPlatform.node.js';
import { planPerPage } from '../nodes/shared/list/page';
import { recordHttpTraffic } from '../test/integration/support/httpTraffic';
import { runStudentNode } from '../test/integration/support/liveSandbox';
import { printedHelp, readArgs } from '../sandbox/args';
import { RATE_LIMIT_BOUND_FORMULA, rateLimitLowerBound, ratioToBound } from './rateLimitBound';
import { startProfile } from './profileSummary';
import { forkSandbox, peakRssBytes } from './sandboxProcess';
import { wholeNumber } from './wholeNumber';

interface BenchOptions {
	students: number[];
	rate: number;
	pageSize: number;
	limit?: number;
	seed: number;
	runs: number;
	cpuProfile?: string;
}

const USAGE =
	'Usage: npm run bench:list -- [--students 10000,100000] [--rate 600] [--page-size 100] [--limit N] [--seed 42] [--runs 1] [--cpu-prof FILE]';
const WINDOW_SECONDS = 60;
const RSS_SAMPLE_MS = 50;

function parseListArgs(argv: string[]): BenchOptions {
	const { values } = readArgs(argv, {
		flags: {
			students: { type: 'string' },
			rate: { type: 'string' },
			'page-size': { type: 'string' },
			limit: { type: 'string' },
			seed: { type: 'string' },
			runs: { type: 'string' },
			'cpu-prof': { type: 'string' },
		},
		usage: USAGE,
	});
	const options: BenchOptions = {
		students: values.students
			?.split(',')
			.map((size) => wholeNumber(size, '--students', 0, 5_000_000)) ?? [10_000, 100_000],
		rate: wholeNumber(values.rate, '--rate', 1) ?? 600,
		pageSize: wholeNumber(values['page-size'], '--page-size', 1, 100) ?? 100,
		limit: wholeNumber(values.limit, '--limit', 1),
		seed: wholeNumber(values.seed, '--seed', 0) ?? 42,
		runs: wholeNumber(values.runs, '--runs', 1, 100) ?? 1,
		cpuProfile: values['cpu-prof'],
	};
	if (options.cpuProfile === '') throw new Error(`--cpu-prof needs a file name.\n${USAGE}`);
	if (options.cpuProfile && options.runs < 2)
		throw new Error(
			`--cpu-prof profiles the listings after the first: give --runs 2 or more.\n${USAGE}`,
		);
	return options;
}

/** Samples this process's RSS while a run is in progress. */
function rssSampler() {
	let peak = process.memoryUsage().rss;
	const atStart = peak;
	const timer = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, RSS_SAMPLE_MS);
	return {
		atStart,
		stop: () => {
			clearInterval(timer);
			return Math.max(peak, process.memoryUsage().rss);
		},
	};
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const count = (n: number) => n.toLocaleString('en-US');

/** The listing is complete and in order: ids 1..total (the default sort is id ascending). */
function checkListing(students: IDataObject[], expected: number): string | undefined {
	if (students.length !== expected)
		return `got ${count(students.length)} students, expected ${count(expected)}`;
	for (let i = 0; i < students.length; i++) {
		if (students[i].id !== i + 1)
			return `item ${i} has id ${String(students[i].id)}, expected ${i + 1}`;
	}
	return undefined;
}

async function benchOne(size: number, options: BenchOptions): Promise<boolean> {
	const sandbox = await forkSandbox({
		students: size,
		rateLimit: options.rate,
		seed: options.seed,
	});
	const traffic = recordHttpTraffic(sandbox.port);
	try {
		const parameters =
			options.limit === undefined
				? { returnAll: true }
				: { returnAll: false, limit: options.limit };
		const nodeType = new EducationPlatform();
		const list = async () =>
			await runStudentNode(
				sandbox,
				{ operation: 'getMany', ...parameters, options: { pageSize: options.pageSize } },
				{ nodeType },
			);
		const rss = rssSampler();
		const started = process.hrtime.bigint();
		const result = await list();
		const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
		const peakRss = rss.stop();

		const items = Math.min(size, options.limit ?? size);
		const perPage = planPerPage(options.pageSize, options.limit);
		const bound = rateLimitLowerBound({
			items,
			perPage,
			limitPerWindow: options.rate,
			windowSeconds: WINDOW_SECONDS,
		});
		const ratio = ratioToBound(wallSeconds, bound);
		const listRequests = traffic.count({ path: '/v1/students' });
		const problem = result.error
			? `the node failed: ${result.error.message}`
			: checkListing(
					result.items.map((item) => item.json),
					items,
				);

		console.log(
			[
				`${count(size)} students — ${options.limit === undefined ? 'Return All' : `Limit ${count(options.limit)}`}, per_page ${perPage}, ${options.rate}/min`,
				`  wall time             ${wallSeconds.toFixed(2)} s`,
				`  requests made         ${count(traffic.count())} (${count(listRequests)} to /v1/students; ${count(bound.requests)} needed)`,
				`  429s received         ${count(traffic.count({ status: 429 }))}`,
				`  rate-limit bound      ${bound.seconds} s (floor((${bound.requests} - 1) / ${options.rate}) × ${WINDOW_SECONDS} s)`,
				`  ratio to bound        ${ratio === undefined ? 'n/a (bound is 0 s: every request fits in the first window)' : ratio.toFixed(3)}`,
				`  peak RSS, node        ${mb(peakRss)} (sampled every ${RSS_SAMPLE_MS} ms; ${mb(rss.atStart)} when the run started)`,
				`  peak RSS, sandbox     ${mb(await sandbox.peakRssBytes())} (its own process, VmHWM)`,
				`  result                ${problem ?? `${count(items)} students, ids 1..${count(items)} in order, none missing or repeated`}`,
			].join('\n'),
		);
		if (options.runs > 1 && problem === undefined)
			console.log(await laterRuns(options, items, list));
		console.log('');
		return problem === undefined;
	} finally {
		traffic.stop();
		await sandbox.close();
	}
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs 2..runs of a listing: wall time and this process's CPU time, each run checked to return every item in order. */
async function laterRuns(
	options: BenchOptions,
	items: number,
	list: () => Promise<{ items: Array<{ json: IDataObject }>; error?: Error }>,
): Promise<string> {
	const wall: number[] = [];
	const cpu: number[] = [];
	const profile = options.cpuProfile ? await startProfile() : undefined;
	for (let run = 2; run <= options.runs; run++) {
		const started = process.hrtime.bigint();
		const cpuAtStart = process.cpuUsage();
		const result = await list();
		const used = process.cpuUsage(cpuAtStart);
		wall.push(Number(process.hrtime.bigint() - started) / 1e6);
		cpu.push((used.user + used.system) / 1000);
		if (result.error) throw result.error;
		const problem = checkListing(
			result.items.map((item) => item.json),
			items,
		);
		if (problem) throw new Error(`run ${run}: ${problem}`);
	}
	const ms = (values: number[]) =>
		`median ${median(values).toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`;
	const lines = [
		`  runs 2..${options.runs}, wall      ${ms(wall)}`,
		`  runs 2..${options.runs}, CPU       ${ms(cpu)} of this process: the node and n8n's engine`,
	];
	if (profile && options.cpuProfile) lines.push(await profile.stop(options.cpuProfile));
	return lines.join('\n');
}

async function main(): Promise<void> {
	const options = parseListArgs(process.argv.slice(2));
	console.log(`Education Platform node → sandbox, through n8n's engine (node ${process.version})`);
	console.log(`Lower bound from the rate limit alone: ${RATE_LIMIT_BOUND_FORMULA}\n`);
	let ok = true;
	for (const size of options.students) ok = (await benchOne(size, options)) && ok;
	console.log(`Bench process peak RSS over all runs (VmHWM): ${mb(peakRssBytes())}`);
	if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
	if (printedHelp(error)) return;
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
