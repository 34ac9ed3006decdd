// The layout rules of the node code and its tests, read from the file tree (no n8n):
// (a) every test under test/nodes and test/credentials is named after a source file that exists,
// (b) no node folder imports a module of another node folder: only nodes/shared/ is shared,
// (c) every source under nodes/ and credentials/ that has code of its own has a test at its mirrored path;
// a data module (declarations only, e.g. a resource's descriptor or a node's parameters) needs none:
// a test of it would restate it, so its checks live where it is used (registry.test.ts checks every descriptor),
// (d) a module that says it is pure (`// Pure: no n8n import`) loads no n8n-workflow, also indirectly,
// (e) no import cycle anywhere in the repository: no circle of relative imports among the files of
// nodes/, credentials/, sandbox/, tooling/, bench/ and test/, and none among the folders of nodes/
// and credentials/ (an import between two folders where neither holds the other, e.g. a module of
// shared/operations/ importing one of shared/resources/ while a module there imports the operations).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** Files under a folder of the repository, as repository paths with `/`. */
function filesUnder(folder: string): string[] {
	const found: string[] = [];
	const walk = (relative: string) => {
		for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
			const child = `${relative}/${entry.name}`;
			if (entry.isDirectory()) walk(child);
			else found.push(child);
		}
	};
	walk(folder);
	return found.sort();
}

const exists = (file: string) => fs.existsSync(path.join(root, file));
const isFile = (file: string) => exists(file) && fs.statSync(path.join(root, file)).isFile();
const sources = [...filesUnder('nodes'), ...filesUnder('credentials')].filter((file) => file.endsWith('.ts'));
const tests = [...filesUnder('test/nodes'), ...filesUnder('test/credentials')].filter(
	(file) => file.endsWith('.test.ts') && !file.split('/').includes('support'),
);

/**
 * The source a test is named after: `test/x/y.test.ts` tests `x/y.ts`. A test may name one aspect
 * after the file's name (`cursor.property.test.ts` tests `cursor.ts`).
 */
function mirroredSource(test: string): string | undefined {
	const stem = test.replace(/^test\//, '').replace(/\.test\.ts$/, '');
	return [`${stem}.ts`, `${stem.replace(/\.[^./]+$/, '')}.ts`].find(exists);
}

/**
 * Whether a source has code of its own: a function, a class, an async or block-bodied arrow, or a
 * method. A module without any is data (declarations, whose one-expression callbacks map data to data).
 */
const hasCode = (text: string) => /\bfunction\b|\bclass\b|\basync\b|=> \{|^\s+\w+\([^)]*\)[^=]*\{\s*$/m.test(text);

/** The node folder a file is in (`nodes/EducationPlatform`), or undefined for nodes/shared and credentials. */
function nodeFolder(file: string): string | undefined {
	const [top, folder] = file.split('/');
	return top === 'nodes' && folder !== 'shared' && file.split('/').length > 2 ? `${top}/${folder}` : undefined;
}

/** The repository file a relative module specifier in `file` resolves to (`./x.js` names `x.ts`, as TypeScript reads it). */
function resolveImport(file: string, specifier: string): string {
	const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
	return [`${base}.ts`, `${base}/index.ts`, base.replace(/\.js$/, '.ts'), base].find(isFile) ?? base;
}

/** Relative modules a file imports, re-exports or requires (type-only imports count: they couple too). */
function relativeImports(file: string): string[] {
	const text = fs.readFileSync(path.join(root, file), 'utf8');
	const specifiers = [...text.matchAll(/(?:\bfrom|\bimport|\brequire\()\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]);
	return specifiers.map((specifier) => resolveImport(file, specifier));
}

/** `importer → module` for every import that reaches into a node folder other than the importer's own. */
function crossNodeImports(): string[] {
	return sources.flatMap((file) =>
		relativeImports(file)
			.filter((target) => nodeFolder(target) !== undefined && nodeFolder(target) !== nodeFolder(file))
			.map((target) => `${file} → ${target}`),
	);
}

/** Modules that say they are pure (`// Pure: no n8n import`), and any n8n-workflow value import reachable from one. */
function n8nInPureModules(): string[] {
	const loadsN8n = (file: string, seen: Set<string>): string | undefined => {
		if (seen.has(file) || !exists(file)) return undefined;
		seen.add(file);
		const text = fs.readFileSync(path.join(root, file), 'utf8');
		if (/^import\s+(?!type\b)[^;]*from\s+['"]n8n-workflow['"]/m.test(text)) return file;
		for (const target of relativeImports(file)) {
			const found = loadsN8n(target, seen);
			if (found) return found;
		}
		return undefined;
	};
	return sources
		.filter((file) => fs.readFileSync(path.join(root, file), 'utf8').startsWith('// Pure'))
		.flatMap((file) => {
			const culprit = loadsN8n(file, new Set());
			return culprit ? [`${file} loads n8n-workflow through ${culprit}`] : [];
		});
}

/**
 * Circles in a directed graph, each as its path from one node back to it (`a → b → a`): one for
 * every edge that closes a circle in a depth-first walk, so none found means the graph has none.
 */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[] {
	const found: string[] = [];
	const done = new Set<string>();
	const path: string[] = [];
	const visit = (node: string) => {
		const open = path.indexOf(node);
		if (open >= 0) return void found.push([...path.slice(open), node].join(' → '));
		if (done.has(node)) return;
		path.push(node);
		for (const next of edges.get(node) ?? []) visit(next);
		path.pop();
		done.add(node);
	};
	for (const node of [...edges.keys()].sort()) visit(node);
	return found;
}

/** Each file's relative imports, for the .ts files under the given folders. */
function importGraph(folders: readonly string[]): Map<string, string[]> {
	const files = folders.flatMap(filesUnder).filter((file) => file.endsWith('.ts'));
	return new Map(files.map((file) => [file, [...new Set(relativeImports(file))].filter(isFile)]));
}

/** The folders' imports: folder A → folder B when a file of A imports one of B and neither folder holds the other. */
function folderGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
	const holds = (outer: string, inner: string) => inner === outer || inner.startsWith(`${outer}/`);
	const folders = new Map<string, Set<string>>();
	for (const [file, targets] of files) {
		const from = path.posix.dirname(file);
		for (const to of targets.map((target) => path.posix.dirname(target))) {
			if (!holds(from, to) && !holds(to, from)) folders.set(from, (folders.get(from) ?? new Set()).add(to));
		}
	}
	return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

describe('layout of nodes/, credentials/ and their tests', () => {
	it('names every test under test/nodes and test/credentials after a source file that exists', () => {
		expect(tests.length).toBeGreaterThan(0);
		expect(tests.filter((test) => mirroredSource(test) === undefined)).toEqual([]);
	});

	it('shares code between the nodes only through nodes/shared/', () => {
		expect(crossNodeImports()).toEqual([]);
	});

	it('has a test at the mirrored path of every source under nodes/ and credentials/ with code of its own', () => {
		const tested = new Set(tests.map(mirroredSource));
		const withCode = sources.filter((source) => hasCode(fs.readFileSync(path.join(root, source), 'utf8')));
		expect(withCode.length).toBeGreaterThan(sources.length * 0.9);
		expect(withCode.filter((source) => !tested.has(source))).toEqual([]);
	});

	it('lets only a node\'s .node.ts read its parameter descriptions: the runtime keeps its own defaults and limits', () => {
		const descriptions = sources.filter((file) => nodeFolder(file) !== undefined && /\/description\.ts$/.test(file));
		expect(descriptions.length).toBe(3);
		const readers = sources.flatMap((file) => relativeImports(file).filter((target) => descriptions.includes(target)).map(() => file));
		expect(readers.filter((file) => !file.endsWith('.node.ts'))).toEqual([]);
	});

	it('keeps the modules that say they are pure free of n8n-workflow, also through what they import', () => {
		expect(sources.filter((file) => fs.readFileSync(path.join(root, file), 'utf8').startsWith('// Pure')).length).toBeGreaterThan(20);
		expect(n8nInPureModules()).toEqual([]);
	});
});

describe('imports of the whole repository', () => {
	it('form no circle among files', () => {
		const graph = importGraph(['nodes', 'credentials', 'sandbox', 'tooling', 'bench', 'test']);
		expect(graph.size).toBeGreaterThan(300);
		expect(cycles(graph)).toEqual([]);
	});

	it('form no circle among the folders of nodes/ and credentials/', () => {
		expect(cycles(folderGraph(importGraph(['nodes', 'credentials'])))).toEqual([]);
	});
});

describe('the layout checks themselves', () => {
	it('see a node folder, a mirrored test with an aspect, and an index module', () => {
		expect(nodeFolder('nodes/EducationPlatform/helpers/recordId.ts')).toBe('nodes/EducationPlatform');
		expect(nodeFolder('nodes/shared/list/query.ts')).toBeUndefined();
		expect(nodeFolder('credentials/EducationPlatformApi.credentials.ts')).toBeUndefined();
		expect(mirroredSource('test/nodes/EducationPlatformPollingTrigger/cursor/cursor.property.test.ts')).toBe(
			'nodes/EducationPlatformPollingTrigger/cursor/cursor.ts',
		);
		expect(mirroredSource('test/nodes/shared/list/nothing.test.ts')).toBeUndefined();
		expect(resolveImport('nodes/EducationPlatform/actions/router.ts', '../../shared/transport')).toBe('nodes/shared/transport/index.ts');
		expect(resolveImport('bench/list.ts', '../nodes/EducationPlatform/EducationPlatform.node.js')).toBe('nodes/EducationPlatform/EducationPlatform.node.ts');
	});

	it('tell code from data: a function, class, async or block-bodied arrow, or method is code; declarations and one-expression callbacks are data', () => {
		expect(['export function f() {}', 'export class A {}', 'const f = async (x) => x;', 'const f = (x) => {\n};', 'const o = {\n\tget(x: number) {\n\t\treturn x;\n\t},\n};'].map(hasCode)).toEqual([true, true, true, true, true]);
		expect(["export const A = ['a'] as const;", 'export const r = { list: (search) => ({ search }) };', 'export type F = (x: number) => Promise<void>;'].map(hasCode)).toEqual([false, false, false]);
	});

	it('find every circle, each as its path, and a circle of folders that no file circle shows', () => {
		const graph = new Map([
			['a', ['b']],
			['b', ['c', 'a']],
			['c', ['c']],
			['d', ['a']],
		]);
		expect(cycles(graph)).toEqual(['c → c', 'a → b → a']);
		expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
		const files = new Map([
			['x/registry.ts', ['y/get.ts']],
			['y/get.ts', ['x/types.ts']],
			['x/types.ts', []],
			['x/sub/item.ts', ['x/types.ts', 'y/get.ts']],
		]);
		expect(cycles(files)).toEqual([]);
		expect(folderGraph(files)).toEqual(new Map([['x', ['y']], ['y', ['x']], ['x/sub', ['y']]]));
		expect(cycles(folderGraph(files))).toEqual(['x → y → x']);
	});
});
