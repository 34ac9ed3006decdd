import { mkdtempSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';

import { run } from '../../../tooling/lib/processes';

describe('run with a niceness', () => {
	it('starts the command at that priority, and what it starts inherits it', async () => {
		// The shell reads its own niceness (field 19 of /proc/<pid>/stat), then a child's.
		const script = 'cut -d" " -f19 /proc/$$/stat; sh -c \'cut -d" " -f19 /proc/$$/stat\'';
		const low = await run('sh', ['-c', `sleep 0.5; ${script}`], { niceness: 19 });
		expect(low.stdout.trim().split('\n')).toEqual(['19', '19']);
		// Without one, the command keeps this process's own.
		const normal = await run('sh', ['-c', script]);
		expect(normal.stdout.trim().split('\n')).toEqual([
			String(getPriority()),
			String(getPriority()),
		]);
	});
});

describe('run with stdout to a file', () => {
	it('returns all a command wrote before it exited at once, as n8n execute does after logging its run data', async () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'edu-run-'));
		try {
			const script = "process.stdout.write('x'.repeat(3_000_000) + '\\n'); process.exit(0)";
			const result = await run(process.execPath, ['-e', script], {
				stdoutFile: path.join(dir, 'stdout'),
			});
			expect(result.code).toBe(0);
			expect(result.stdout.length).toBe(3_000_001);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
