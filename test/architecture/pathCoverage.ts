// Which shipped files one request or one delivery runs through, by V8's own precise coverage: a
// file (nodes/, credentials/) counts when any of its named functions ran. The path is run twice,
// and only the second run is measured: the first loads every module, and module bodies run at
// load time, which is not the path.
import { Session } from 'node:inspector/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(__dirname, '..', '..');

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

export interface PathRun<T> {
	/** What the warm-up run returned. */
	warmUp: T;
	/** What the measured run returned. */
	measured: T;
	/** The shipped files the measured run ran a function of, sorted. */
	files: string[];
}

/** Runs `path` once to load everything, then once more under V8's precise coverage. */
export async function shippedFilesOf<T>(path: () => Promise<T>): Promise<PathRun<T>> {
	const warmUp = await path();
	const session = new Session();
	session.connect();
	try {
		await session.post('Profiler.enable');
		await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
		// Taking coverage resets its counters: what the next take reports ran after this line.
		await session.post('Profiler.takePreciseCoverage');
		const measured = await path();
		const { result } = (await session.post('Profiler.takePreciseCoverage')) as {
			result: ScriptCoverage[];
		};
		return { warmUp, measured, files: filesThatRan(result) };
	} finally {
		await session.post('Profiler.stopPreciseCoverage');
		session.disconnect();
	}
}

/** A ceiling, not a pin: fewer files pass. Over it, the failure lists the files that ran. */
export function expectAtMost(files: string[], ceiling: number): void {
	const verdict =
		files.length <= ceiling
			? 'within the ceiling'
			: `${files.length} shipped files ran, at most ${ceiling} expected:\n  ${files.join('\n  ')}`;
	expect(verdict).toBe('within the ceiling');
}
