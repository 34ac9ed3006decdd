// The log of every n8n a test file started, kept in test-artifacts/n8n-logs/<cell>/ when the file
// ends: its user folder (and the log with it) is a temp dir the file deletes, and a failure that
// says "no answer from n8n" is explained by what n8n printed (issue 48). The test matrix empties
// the folder when it starts, so it holds one run's logs.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../../../tooling/n8n-runtime/runtime';

export const N8N_LOGS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'n8n-logs');

/** Pure: the first free name for the log of `role`, started by `testPath`, in `cell`'s folder. */
export function keptLogPath(
	cell: string,
	testPath: string,
	role: string,
	taken: (file: string) => boolean = existsSync,
): string {
	const base = path.join(
		N8N_LOGS_DIR,
		cell,
		`${path.basename(testPath).replace(/\.test\.ts$/, '')}.${role}`,
	);
	for (let index = 1; ; index++) {
		const file = `${base}${index === 1 ? '' : `-${index}`}.log`;
		if (!taken(file)) return file;
	}
}

/** Copies a log into the artifacts; returns where it went (nothing when n8n never wrote one). */
export function keepN8nLog(logFile: string, target: string): string | undefined {
	if (!existsSync(logFile)) return undefined;
	mkdirSync(path.dirname(target), { recursive: true });
	copyFileSync(logFile, target);
	return target;
}

/** The running test file (jest's), for the log's name. */
export const currentTestPath = (): string => expect.getState().testPath ?? 'unknown.test.ts';
