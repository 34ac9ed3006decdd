// The files one Student → Get Many (Return All) runs through, as docs/architecture.md counts them
// (issue 38: the request path crosses clearly fewer files). Counted by V8's own precise coverage
// over the shipped modules (nodes/, credentials/): a file counts when any of its functions ran
// during one Get Many, after a warm-up run has loaded everything (module bodies run at load time
// and are not the path).
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { createCredentialsHelper } from '../harness';
import {
	accessTokenCredentials,
	liveSandboxForFile,
	runStudentNode,
} from '../integration/support/liveSandbox';

const ROOT = join(__dirname, '..', '..');
const sandbox = liveSandboxForFile({ students: 500 });

interface ScriptCoverage {
	url: string;
	functions: Array<{ functionName: string; ranges: Array<{ count: number }> }>;
}

/** Repository paths of the shipped files (nodes/, credentials/) with a function that ran. */
function filesThatRan(result: ScriptCoverage[]): string[] {
	const files = result.flatMap(({ url, functions }) => {
		const path = relative(ROOT, url.startsWith('file:') ? fileURLToPath(url) : url);
		if (!/^(nodes|credentials)\//.test(path)) return [];
		// A function's first range is the function itself; count > 0 means it was called.
		return functions.some((fn) => fn.functionName !== '' && fn.ranges[0].count > 0) ? [path] : [];
	});
	return [...new Set(files)].sort();
}

it('Student → Get Many runs through as many shipped files as docs/architecture.md says', async () => {
	// One node and one credential store for both runs, as in a running n8n: building them is
	// loading, not the request path.
	const nodeType = new EducationPlatform();
	const credentialsHelper = createCredentialsHelper(accessTokenCredentials(sandbox()));
	const getMany = () =>
		runStudentNode(
			sandbox(),
			{ operation: 'getMany', returnAll: true, options: { pageSize: 100 } },
			{ nodeType, credentialsHelper, credentials: undefined, typeVersion: 2 },
		);
	expect((await getMany()).items).toHaveLength(500);

	const session = new Session();
	session.connect();
	try {
		await session.post('Profiler.enable');
		await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
		// Taking coverage resets its counters: what the next take reports ran after this line.
		await session.post('Profiler.takePreciseCoverage');
		const result = await getMany();
		const { result: coverage } = (await session.post('Profiler.takePreciseCoverage')) as {
			result: ScriptCoverage[];
		};
		expect(result.items).toHaveLength(500);
		const files = filesThatRan(coverage);
		const documented = /(\d+) files run for it/.exec(
			readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'),
		);
		// On a mismatch jest shows the files, so the map can be brought up to date (or the path back down).
		expect({ count: files.length, files }).toEqual({
			count: Number(documented?.[1]),
			files: expect.any(Array),
		});
	} finally {
		await session.post('Profiler.stopPreciseCoverage');
		session.disconnect();
	}
	// Two Return All runs of 500 students, one under V8's precise coverage: under a second alone,
	// over jest's 5 s in a cold CI run on 2 cores beside the runtime installs (issue 48).
}, 120_000);
