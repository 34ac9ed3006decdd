/**
 * `npm run bench:n8n [-- --small]` — this package against what a user would build without it, in
 * one real n8n (2.41.1 unless EDU_E2E_N8N names another runtime), against the sandbox. Prints the
 * side-by-side table with ratios (bench/n8n/table.ts). Figures vary with the machine's load.
 *
 *   --small   every case at a size CI can afford (1,000 students, 1,500 at 10/min, 50 deliveries, one run)
 *   --runs N  runs per case (median); default 3, or 1 with --small
 *   --deliveries N    ingest deliveries per run (default 500, or 50 with --small)
 *   --n8n-env K=V     extra environment for n8n (repeatable), e.g. N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true
 *   --only CASES      some of the cases, comma-separated: atOnce, latency, limited, ingest, engines (RSS comes with atOnce)
 *   --engines NAMES   the n8n settings the engines case measures ingest under, comma-separated (bench/n8n/engines.ts):
 *                     default, lazy-pool-1, lazy-pool-2, lazy-pool-4, lazy-pool-8, legacy, static-webhook;
 *                     default lazy-pool-1,2,4,8 and legacy (with --small: what npm start applies); one n8n start each
 *   --cpu-prof FILE   CPU profiles of n8n's main process, summarised by self time (those runs are slower):
 *                     the first signed and plain ingest runs (FILE, FILE.plain.cpuprofile) and the first
 *                     listing at once (FILE.list-ours.cpuprofile, FILE.list-http.cpuprofile)
 *
 * The full run lists 100,000 students at 600/min three times and restarts n8n for each engine
 * setting: expect 25 minutes or more (`--only engines --runs 1`: about 15).
 */
import path from 'node:path';

import { printedHelp, readArgs } from '../sandbox/args';
import { n8nEnvFlags } from '../tooling/lib/n8n-env';
import { parseEngines } from './n8n/engines';
import { BENCH_CASES, FULL, runBench, SMALL, type BenchCase, type BenchOptions } from './n8n/run';
import { formatTable } from './n8n/table';
import { wholeNumber } from './wholeNumber';

const USAGE =
	'Usage: npm run bench:n8n -- [--small] [--runs N] [--deliveries N] [--n8n-env KEY=VALUE] [--only CASES] [--engines NAMES] [--cpu-prof FILE]';

function parseCases(list: string): BenchCase[] {
	const cases = list.split(',').map((name) => name.trim());
	const unknown = cases.filter((name) => !(BENCH_CASES as readonly string[]).includes(name));
	if (unknown.length)
		throw new Error(
			`Unknown case "${unknown.join('", "')}" in --only: the cases are ${BENCH_CASES.join(', ')}.\n${USAGE}`,
		);
	return cases as BenchCase[];
}

function parseN8nBenchArgs(argv: string[]): BenchOptions {
	const { values } = readArgs(argv, {
		flags: {
			small: { type: 'boolean' },
			runs: { type: 'string' },
			deliveries: { type: 'string' },
			'n8n-env': { type: 'string', multiple: true },
			only: { type: 'string' },
			engines: { type: 'string' },
			'cpu-prof': { type: 'string' },
		},
		usage: USAGE,
	});
	// --small sets the sizes; a flag given with it wins, before or after it.
	const sizes = values.small ? SMALL : FULL;
	return {
		...sizes,
		runs: wholeNumber(values.runs, '--runs', 1) ?? sizes.runs,
		deliveries: wholeNumber(values.deliveries, '--deliveries', 1) ?? sizes.deliveries,
		n8nEnv: values['n8n-env'] && n8nEnvFlags(values['n8n-env']),
		only: values.only === undefined ? undefined : parseCases(values.only),
		engines: values.engines === undefined ? sizes.engines : parseEngines(values.engines),
		cpuProfile: values['cpu-prof'] && path.resolve(values['cpu-prof']),
	};
}

async function main(): Promise<void> {
	const options = parseN8nBenchArgs(process.argv.slice(2));
	const result = await runBench({ ...options, log: (line) => console.log(line) });
	console.log(`\n${formatTable(result)}`);
}

main().catch((error: unknown) => {
	if (printedHelp(error)) return;
	console.error(error instanceof Error ? error.stack : error);
	process.exit(1);
});
