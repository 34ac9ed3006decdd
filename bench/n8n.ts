/**
 * `npm run bench:n8n [-- --small]` — this package against what a user would build without it, in
 * one real n8n (2.41.1 unless EDU_E2E_N8N names another runtime), against the sandbox. Prints the
 * side-by-side table with ratios (bench/n8n/table.ts). Figures vary with the machine's load.
 *
 *   --small   every case at a size CI can afford (1,000 students, 1,500 at 10/min, 50 deliveries, one run)
 *   --runs N  runs per case (median); default 3, or 1 with --small
 *   --deliveries N    ingest deliveries per run (default 500, or 50 with --small)
 *   --n8n-env K=V     extra environment for n8n (repeatable), e.g. N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true
 *   --only CASES      some of the cases, comma-separated: atOnce, latency, limited, ingest (RSS comes with atOnce)
 *   --cpu-prof FILE   CPU profiles of n8n's main process, summarised by self time (those runs are slower):
 *                     the first signed and plain ingest runs (FILE, FILE.plain.cpuprofile) and the first
 *                     listing at once (FILE.list-ours.cpuprofile, FILE.list-http.cpuprofile)
 *
 * The full run lists 100,000 students at 600/min three times: expect 10 minutes or more.
 */
import path from 'node:path';

import { parseN8nEnvAssignment } from '../tooling/lib/n8n-env';
import { BENCH_CASES, FULL, runBench, SMALL, type BenchCase, type BenchOptions } from './n8n/run';
import { formatTable } from './n8n/table';

const USAGE = 'Usage: npm run bench:n8n -- [--small] [--runs N] [--deliveries N] [--n8n-env KEY=VALUE] [--only CASES] [--cpu-prof FILE]';

function parseCases(list: string): BenchCase[] {
	const cases = list.split(',').map((name) => name.trim());
	const unknown = cases.filter((name) => !(BENCH_CASES as readonly string[]).includes(name));
	if (unknown.length) throw new Error(`Unknown case "${unknown.join('", "')}" in --only: the cases are ${BENCH_CASES.join(', ')}.\n${USAGE}`);
	return cases as BenchCase[];
}

function parseArgs(argv: string[]): BenchOptions {
	let options = { ...FULL };
	for (let i = 0; i < argv.length; i++) {
		// Sizes only: --only, --n8n-env and --cpu-prof given before it still count.
		if (argv[i] === '--small') options = { ...options, ...SMALL, runs: options.runs === FULL.runs ? SMALL.runs : options.runs };
		else if (argv[i] === '--runs' && /^[1-9]\d*$/.test(argv[i + 1] ?? '')) options.runs = Number(argv[++i]);
		else if (argv[i] === '--deliveries' && /^[1-9]\d*$/.test(argv[i + 1] ?? '')) options.deliveries = Number(argv[++i]);
		else if (argv[i] === '--n8n-env' && parseN8nEnvAssignment(argv[i + 1])) {
			const [key, value] = parseN8nEnvAssignment(argv[++i])!;
			options.n8nEnv = { ...options.n8nEnv, [key]: value };
		} else if (argv[i] === '--only' && argv[i + 1]) options.only = parseCases(argv[++i]);
		else if (argv[i] === '--cpu-prof' && argv[i + 1]) options.cpuProfile = path.resolve(argv[++i]);
		else throw new Error(`Unknown argument "${argv[i]}".\n${USAGE}`);
	}
	return options;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const result = await runBench({ ...options, log: (line) => console.log(line) });
	console.log(`\n${formatTable(result)}`);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.stack : error);
	process.exit(1);
});
