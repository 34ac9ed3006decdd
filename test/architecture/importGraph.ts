// The repository's import graph as TypeScript itself resolves it (tsconfig.dev.json, every .ts file
// it compiles), and the walks the architecture tests make over it: circles, closures, layers.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(__dirname, '../..');

/** A file's repository path with `/`, e.g. `nodes/shared/errors.ts`. */
const repositoryPath = (absolute: string) =>
	path.relative(root, absolute).split(path.sep).join('/');

/** `file → the repository files it imports`: imports, re-exports, require(), import() and module augmentations, type-only ones too (they couple as much). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

function readImportGraph(): ImportGraph {
	const configFile = path.join(root, 'tsconfig.dev.json');
	const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
	const { options, fileNames } = ts.parseJsonConfigFileContent(
		config,
		ts.sys,
		root,
		undefined,
		configFile,
	);
	const cache = ts.createModuleResolutionCache(root, (name) => name, options);
	const graph = new Map<string, string[]>();
	for (const file of fileNames) {
		const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
		const targets = importedFiles.flatMap(({ fileName }) => {
			const resolved = ts.resolveModuleName(fileName, file, options, ts.sys, cache).resolvedModule;
			return resolved && !resolved.isExternalLibraryImport
				? [repositoryPath(resolved.resolvedFileName)]
				: [];
		});
		graph.set(repositoryPath(file), [...new Set(targets)].sort());
	}
	return graph;
}

let graph: ImportGraph | undefined;

/** The whole repository's graph, read once per test file. */
export function importGraph(): ImportGraph {
	graph ??= readImportGraph();
	return graph;
}

/** The part of a graph whose files are under one of the folders (`nodes/`, `sandbox/`), edges leaving it dropped. */
export function within(edges: ImportGraph, folders: readonly string[]): Map<string, string[]> {
	const inside = (file: string) => folders.some((folder) => file.startsWith(folder));
	return new Map(
		[...edges]
			.filter(([file]) => inside(file))
			.map(([file, targets]) => [file, targets.filter(inside)]),
	);
}

/** Every file a file loads, directly or not, itself included. */
export function closure(edges: ImportGraph, file: string): string[] {
	const seen = new Set<string>();
	const visit = (next: string) => {
		if (seen.has(next)) return;
		seen.add(next);
		for (const target of edges.get(next) ?? []) visit(target);
	};
	visit(file);
	return [...seen].sort();
}

/**
 * Circles in a directed graph, each as its path from one node back to it (`a → b → a`): one for
 * every edge that closes a circle in a depth-first walk, so none found means the graph has none.
 */
export function cycles(edges: ImportGraph): string[] {
	const found: string[] = [];
	const done = new Set<string>();
	const trail: string[] = [];
	const visit = (node: string) => {
		const open = trail.indexOf(node);
		if (open >= 0) return void found.push([...trail.slice(open), node].join(' → '));
		if (done.has(node)) return;
		trail.push(node);
		for (const next of edges.get(node) ?? []) visit(next);
		trail.pop();
		done.add(node);
	};
	for (const node of [...edges.keys()].sort()) visit(node);
	return found;
}

/** The folders' imports: folder A → folder B when a file of A imports one of B and neither folder holds the other. */
export function folderGraph(files: ImportGraph): Map<string, string[]> {
	const holds = (outer: string, inner: string) => inner === outer || inner.startsWith(`${outer}/`);
	const folders = new Map<string, Set<string>>();
	for (const [file, targets] of files) {
		const from = path.posix.dirname(file);
		for (const to of targets.map((target) => path.posix.dirname(target))) {
			if (!holds(from, to) && !holds(to, from))
				folders.set(from, (folders.get(from) ?? new Set()).add(to));
		}
	}
	return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

/** One layer: the folders (ending in `/`) and files it holds, and why it sits where it does. */
export interface Layer {
	paths: readonly string[];
	reason: string;
}

/**
 * The index of the layer a file is in (0 the top), by the longest of the layers' paths that holds
 * it, or undefined when none does.
 */
export function layerOf(layers: readonly Layer[], file: string): number | undefined {
	let best: { index: number; length: number } | undefined;
	layers.forEach(({ paths }, index) => {
		for (const held of paths) {
			const holds = held.endsWith('/') ? file.startsWith(held) : file === held;
			if (holds && held.length > (best?.length ?? -1)) best = { index, length: held.length };
		}
	});
	return best?.index;
}

/** `importer → module (layer → layer)` for every import of a file into a layer above its own. */
export function upwardImports(edges: ImportGraph, layers: readonly Layer[]): string[] {
	const name = (index: number) => layers[index].paths.join(' ');
	return [...edges].flatMap(([file, targets]) => {
		const from = layerOf(layers, file);
		return targets.flatMap((target) => {
			const to = layerOf(layers, target);
			return from !== undefined && to !== undefined && to < from
				? [`${file} → ${target} (${name(from)} → ${name(to)})`]
				: [];
		});
	});
}

/** Lines of a file, as an editor numbers them (a final newline ends the last line, it starts none). */
export function lineCount(file: string): number {
	return fs.readFileSync(path.join(root, file), 'utf8').replace(/\n$/, '').split('\n').length;
}
