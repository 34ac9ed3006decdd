// Prints how long each phase of the e2e suite took (recorded by support/timings.ts).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { formatTimings, type Timing } from './support/timings';

export default async function globalTeardown(): Promise<void> {
	const file = process.env.EDU_E2E_TIMINGS;
	if (!file || !existsSync(file)) return;
	const timings = readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as Timing);
	const total = Date.now() - Number(process.env.EDU_E2E_STARTED ?? Date.now());
	process.stdout.write(`\n${formatTimings(timings, total)}\n`);
	rmSync(path.dirname(file), { recursive: true, force: true });
}
