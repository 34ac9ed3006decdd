import path from 'node:path';

import { keptLogPath, N8N_LOGS_DIR } from './n8nLogs';

describe('keptLogPath', () => {
	it("names the log after the cell, the test file and the process's role, numbering a second one", () => {
		const first = path.join(N8N_LOGS_DIR, '2-legacy', 'load-and-list.smoke.n8n.log');
		expect(
			keptLogPath('2-legacy', '/repo/test/e2e/load-and-list.smoke.test.ts', 'n8n', () => false),
		).toBe(first);
		expect(
			keptLogPath(
				'2-legacy',
				'/repo/test/e2e/load-and-list.smoke.test.ts',
				'n8n',
				(file) => file === first,
			),
		).toBe(path.join(N8N_LOGS_DIR, '2-legacy', 'load-and-list.smoke.n8n-2.log'));
	});
});
