// The layout rules of the node code and its tests, read from the file tree (no n8n):
// (a) every test under test/nodes and test/credentials is named after a source file that exists,
// (b) no node folder imports a module of another node folder: only nodes/shared/ is shared,
// (c) every source under nodes/ and credentials/ that has code of its own has a test at its mirrored path;
// a data module (declarations only, e.g. a resource's descriptor or a node's parameters) needs none:
// a test of it would restate it, so its checks live where it is used (registry.test.ts checks every descriptor),
// (d) a module that says it is pure (`// Pure: no n8n import`) loads no n8n-workflow, also indirectly.
// Imports are read from the one import graph (test/architecture/importGraph.ts, TypeScript's own
// resolution), whose circles, layers and closures test/architecture/importGraph.test.ts checks.
import fs from 'node:fs';
import path from 'node:path';
import { importGraph, root } from './architecture/importGraph';

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
const sources = [...filesUnder('nodes'), ...filesUnder('credentials')].filter((file) =>
	file.endsWith('.ts'),
);
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
const hasCode = (text: string) =>
	/\bfunction\b|\bclass\b|\basync\b|=> \{|^\s+\w+\([^)]*\)[^=]*\{\s*$/m.test(text);

/** The node folder a file is in (`nodes/EducationPlatform`), or undefined for nodes/shared and credentials. */
function nodeFolder(file: string): string | undefined {
	const [top, folder] = file.split('/');
	return top === 'nodes' && folder !== 'shared' && file.split('/').length > 2
		? `${top}/${folder}`
		: undefined;
}

/** Repository modules a file imports, re-exports or requires (type-only imports count: they couple too). */
const relativeImports = (file: string): readonly string[] => importGraph().get(file) ?? [];

/** `importer → module` for every import that reaches into a node folder other than the importer's own. */
function crossNodeImports(): string[] {
	return sources.flatMap((file) =>
		relativeImports(file)
			.filter(
				(target) => nodeFolder(target) !== undefined && nodeFolder(target) !== nodeFolder(file),
			)
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
 * The modules that are data, in path order: the action node's operation lists, the resource
 * catalog's descriptors and their type, and two parameter lists. Each is checked where it is used
 * (registry.test.ts reads every descriptor; the nodes' tests and the compat contract their panels).
 */
const DATA_MODULES = [
	'nodes/EducationPlatform/actions/helpers/operation.ts',
	'nodes/EducationPlatform/actions/operations.ts',
	'nodes/EducationPlatformTrigger/description.ts',
	'nodes/shared/descriptions/authentication.ts',
	'nodes/shared/resources/descriptor.ts',
	'nodes/shared/resources/enrollment/index.ts',
	'nodes/shared/resources/examResult/index.ts',
	'nodes/shared/resources/payment/index.ts',
	'nodes/shared/resources/webhookDelivery/index.ts',
	'nodes/shared/resources/webhookSubscription/index.ts',
];

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
		const withCode = sources.filter((source) =>
			hasCode(fs.readFileSync(path.join(root, source), 'utf8')),
		);
		// A module counted as data goes without a test, so the list is written out: a new one (or code
		// the detector misses) fails here until someone reads it and adds it on purpose.
		expect(sources.filter((source) => !withCode.includes(source))).toEqual(DATA_MODULES);
		expect(withCode.filter((source) => !tested.has(source))).toEqual([]);
	});

	it("lets only a node's .node.ts read its parameter descriptions: the runtime keeps its own defaults and limits", () => {
		const descriptions = sources.filter(
			(file) => nodeFolder(file) !== undefined && /\/description\.ts$/.test(file),
		);
		expect(descriptions.length).toBe(3);
		const readers = sources.flatMap((file) =>
			relativeImports(file)
				.filter((target) => descriptions.includes(target))
				.map(() => file),
		);
		expect(readers.filter((file) => !file.endsWith('.node.ts'))).toEqual([]);
	});

	it('keeps the modules that say they are pure free of n8n-workflow, also through what they import', () => {
		expect(
			sources.filter((file) => fs.readFileSync(path.join(root, file), 'utf8').startsWith('// Pure'))
				.length,
		).toBeGreaterThan(20);
		expect(n8nInPureModules()).toEqual([]);
	});
});

describe('the layout checks themselves', () => {
	it('see a node folder, and a mirrored test with an aspect', () => {
		expect(nodeFolder('nodes/EducationPlatform/helpers/recordId.ts')).toBe(
			'nodes/EducationPlatform',
		);
		expect(nodeFolder('nodes/shared/list/query.ts')).toBeUndefined();
		expect(nodeFolder('credentials/EducationPlatformApi.credentials.ts')).toBeUndefined();
		expect(
			mirroredSource('test/nodes/EducationPlatformPollingTrigger/cursor/cursor.property.test.ts'),
		).toBe('nodes/EducationPlatformPollingTrigger/cursor/cursor.ts');
		expect(mirroredSource('test/nodes/shared/list/nothing.test.ts')).toBeUndefined();
	});

	it('tell code from data: a function, class, async or block-bodied arrow, or method is code; declarations and one-expression callbacks are data', () => {
		expect(
			[
				'export function f() {}',
				'export class A {}',
				'const f = async (x) => x;',
				'const f = (x) => {\n};',
				'const o = {\n\tget(x: number) {\n\t\treturn x;\n\t},\n};',
			].map(hasCode),
		).toEqual([true, true, true, true, true]);
		expect(
			[
				"export const A = ['a'] as const;",
				'export const r = { list: (search) => ({ search }) };',
				'export type F = (x: number) => Promise<void>;',
			].map(hasCode),
		).toEqual([false, false, false]);
	});
});
