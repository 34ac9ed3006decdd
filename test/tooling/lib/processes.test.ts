import { getPriority } from 'node:os';

import { run } from '../../../tooling/lib/processes';

describe('run with a niceness', () => {
	it('starts the command at that priority, and what it starts inherits it', async () => {
		// The shell reads its own niceness (field 19 of /proc/<pid>/stat), then a child's.
		const script = 'cut -d" " -f19 /proc/$$/stat; sh -c \'cut -d" " -f19 /proc/$$/stat\'';
		const low = await run('sh', ['-c', `sleep 0.5; ${script}`], { niceness: 19 });
		expect(low.stdout.trim().split('\n')).toEqual(['19', '19']);
		// Without one, the command keeps this process's own.
		const normal = await run('sh', ['-c', script]);
		expect(normal.stdout.trim().split('\n')).toEqual([String(getPriority()), String(getPriority())]);
	});
});
