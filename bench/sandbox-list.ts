/**
 * Sandbox listing figures at school sizes up to 1,000,000 students: build time, memory, and the
 * latency of list calls over HTTP (first call of a query pays for the scan/sort, later pages hit
 * the cache). Prints figures; asserts nothing.
 *
 *   npx tsx bench/sandbox-list.ts [students=1000000]
 */
import { startSandbox } from '../sandbox';
import { printedHelp, readArgs } from '../sandbox/args';
import { wholeNumber } from './wholeNumber';

const QUERIES = [
	'per_page=100',
	'per_page=100&page=5000',
	'filter[status]=active&filter[grade_level]=9,10&per_page=100',
	'filter[search]=okaf&per_page=100',
	'filter[updated_since]=2026-10-01&sort=-updated_at&per_page=100',
	'sort=last_name,-created_at&per_page=100',
	'sort=email&per_page=100',
	'filter[status]=graduated&sort=student_number&per_page=100',
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed(url: string): Promise<{ ms: number; total: number }> {
	const started = performance.now();
	const response = await fetch(url, {
		headers: { authorization: 'Bearer demo-token', accept: 'application/json' },
	});
	const body = (await response.json()) as { meta?: { total: number } };
	if (response.status !== 200)
		throw new Error(`${url} → ${response.status} ${JSON.stringify(body)}`);
	return { ms: performance.now() - started, total: body.meta?.total ?? 0 };
}

async function main(): Promise<void> {
	const { positionals } = readArgs(process.argv.slice(2), {
		flags: {},
		positionals: true,
		usage: 'Usage: npx tsx bench/sandbox-list.ts [students=1000000]',
	});
	const students = wholeNumber(positionals[0], 'students', 0, 5_000_000) ?? 1_000_000;
	const before = process.memoryUsage();
	const started = performance.now();
	const sandbox = await startSandbox({ port: 0, students, rateLimit: 1_000_000 });
	const buildMs = performance.now() - started;
	global.gc?.();
	const after = process.memoryUsage();
	console.log(`students            ${students.toLocaleString('en-US')}`);
	console.log(`start (generate)    ${buildMs.toFixed(0)} ms`);
	console.log(
		`heap used           ${mb(after.heapUsed - before.heapUsed)} more (array buffers ${mb(after.arrayBuffers - before.arrayBuffers)}), RSS ${mb(after.rss)}`,
	);
	console.log('');
	console.log(
		'query'.padEnd(66) + 'total'.padStart(10) + 'first'.padStart(10) + 'next page'.padStart(11),
	);
	for (const query of QUERIES) {
		const url = `${sandbox.baseUrl}/v1/students?${query}`;
		const first = await timed(url);
		const again = await timed(`${url}&page=2`);
		console.log(
			query.padEnd(66) +
				String(first.total).padStart(10) +
				`${first.ms.toFixed(0)} ms`.padStart(10) +
				`${again.ms.toFixed(0)} ms`.padStart(11),
		);
	}
	console.log('');
	console.log(`peak RSS            ${mb(process.resourceUsage().maxRSS * 1024)}`);
	await sandbox.close();
}

main().catch((error: unknown) => {
	if (printedHelp(error)) return;
	console.error(error);
	process.exit(1);
});
