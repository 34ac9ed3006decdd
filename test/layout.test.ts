// The layout rules of the node code and its tests, read from the file tree (no n8n):
// (a) every test under test/nodes and test/credentials is named after a source file that exists,
// (b) no node folder imports a module of another node folder: only nodes/shared/ is shared,
// (c) every source under nodes/ and credentials/ has a test at its mirrored path,
// (d) a module that says it is pure (`// Pure: no n8n import`) loads no n8n-workflow, also indirectly.
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

/** The node folder a file is in (`nodes/EducationPlatform`), or undefined for nodes/shared and credentials. */
function nodeFolder(file: string): string | undefined {
	const [top, folder] = file.split('/');
	return top === 'nodes' && folder !== 'shared' && file.split('/').length > 2 ? `${top}/${folder}` : undefined;
}

/** The repository file a relative module specifier in `file` resolves to. */
function resolveImport(file: string, specifier: string): string {
	const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
	return [`${base}.ts`, `${base}/index.ts`, base].find(exists) ?? base;
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

describe('layout of nodes/, credentials/ and their tests', () => {
	it('names every test under test/nodes and test/credentials after a source file that exists', () => {
		expect(tests.length).toBeGreaterThan(0);
		expect(tests.filter((test) => mirroredSource(test) === undefined)).toEqual([]);
	});

	it('shares code between the nodes only through nodes/shared/', () => {
		expect(crossNodeImports()).toEqual([]);
	});

	it('has a test at the mirrored path of every source under nodes/ and credentials/', () => {
		const tested = new Set(tests.map(mirroredSource));
		expect(sources.filter((source) => !tested.has(source))).toEqual([]);
	});

	it('keeps the modules that say they are pure free of n8n-workflow, also through what they import', () => {
		expect(sources.filter((file) => fs.readFileSync(path.join(root, file), 'utf8').startsWith('// Pure')).length).toBeGreaterThan(20);
		expect(n8nInPureModules()).toEqual([]);
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
	});
});
