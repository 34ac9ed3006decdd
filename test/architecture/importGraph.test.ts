// The architecture the import graph must keep (issue 38), read with TypeScript's own resolution
// (importGraph.ts): a credential loads a handful of files, not the nodes; no circle among files or
// folders; nodes/ and sandbox/ import only down their layers (layers.ts); no shipped file is long.
import {
	closure,
	cycles,
	folderGraph,
	importGraph,
	layerOf,
	lineCount,
	upwardImports,
	within,
	type Layer,
} from './importGraph';
import { NODE_LAYERS, SANDBOX_LAYERS } from './layers';

/** What n8n loads from the package, and what `npm run build` puts in dist/. */
const SHIPPED = ['nodes/', 'credentials/'];
/** Files a credential may load, itself included: n8n loads every credential type when it starts. */
const MAX_CREDENTIAL_CLOSURE = 5;
const MAX_SHIPPED_LINES = 300;

const graph = importGraph();
const filesIn = (folders: readonly string[]) => [...within(graph, folders).keys()];

describe('imports of the repository', () => {
	it('let each credential load at most 5 repository files, itself included', () => {
		const credentials = filesIn(['credentials/']);
		expect(credentials.length).toBe(4);
		const tooMany = credentials.flatMap((file) => {
			const loaded = closure(graph, file);
			return loaded.length > MAX_CREDENTIAL_CLOSURE
				? [`${file} loads ${loaded.length} files: ${loaded.join(', ')}`]
				: [];
		});
		expect(tooMany).toEqual([]);
	});

	it('form no circle among files', () => {
		expect(graph.size).toBeGreaterThan(300);
		expect(cycles(graph)).toEqual([]);
	});

	it('form no circle among the folders of nodes/, credentials/ and sandbox/', () => {
		expect(cycles(folderGraph(within(graph, ['nodes/', 'credentials/', 'sandbox/'])))).toEqual([]);
	});

	it.each([
		['nodes/', NODE_LAYERS],
		['sandbox/', SANDBOX_LAYERS],
	])(
		'run only down the layers of %s, each file in a layer',
		(folder: string, layers: readonly Layer[]) => {
			const files = filesIn([folder]);
			expect(files.length).toBeGreaterThan(40);
			expect(files.filter((file) => layerOf(layers, file) === undefined)).toEqual([]);
			expect(upwardImports(within(graph, [folder]), layers)).toEqual([]);
		},
	);

	it("keep the action node's operation folders apart: none imports another, only helpers/ below them", () => {
		const ACTIONS = 'nodes/EducationPlatform/actions/';
		const folderOf = (file: string) =>
			file.startsWith(ACTIONS) ? file.slice(ACTIONS.length).split('/').slice(0, -1)[0] : undefined;
		const operationFolder = (file: string) => {
			const folder = folderOf(file);
			return folder === undefined || folder === 'helpers' ? undefined : folder;
		};
		const files = filesIn([ACTIONS]);
		expect(new Set(files.map(operationFolder).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
		const across = files.flatMap((file) =>
			(graph.get(file) ?? [])
				.filter((target) => {
					const from = operationFolder(file);
					const to = operationFolder(target);
					return from !== undefined && to !== undefined && from !== to;
				})
				.map((target) => `${file} imports ${target}`),
		);
		expect(across).toEqual([]);
	});

	it('keep every shipped file at 300 lines or fewer', () => {
		const long = filesIn(SHIPPED)
			.map((file) => ({ file, lines: lineCount(file) }))
			.filter(({ lines }) => lines > MAX_SHIPPED_LINES);
		expect(long.map(({ file, lines }) => `${file}: ${lines} lines`)).toEqual([]);
	});
});

describe('the import-graph checks themselves', () => {
	it("resolve imports as TypeScript does: a folder's index, type-only imports, and ./x.js naming x.ts", () => {
		expect(graph.get('nodes/EducationPlatformPollingTrigger/poll/pollResource.ts')).toContain(
			'nodes/shared/transport/index.ts',
		);
		expect(graph.get('nodes/shared/resources/simplify.ts')).toContain(
			'nodes/shared/resources/descriptor.ts',
		);
		expect(graph.get('bench/list.ts')).toContain(
			'nodes/EducationPlatform/EducationPlatform.node.ts',
		);
		expect(
			graph.get('nodes/shared/errors.ts')?.every((file) => !file.includes('node_modules')),
		).toBe(true);
	});

	it('find every circle, each as its path, and a circle of folders that no file circle shows', () => {
		const edges = new Map([
			['a', ['b']],
			['b', ['c', 'a']],
			['c', ['c']],
			['d', ['a']],
		]);
		expect(cycles(edges)).toEqual(['c → c', 'a → b → a']);
		expect(
			cycles(
				new Map([
					['a', ['b']],
					['b', []],
				]),
			),
		).toEqual([]);
		const files = new Map([
			['x/registry.ts', ['y/get.ts']],
			['y/get.ts', ['x/types.ts']],
			['x/types.ts', []],
			['x/sub/item.ts', ['x/types.ts', 'y/get.ts']],
		]);
		expect(cycles(files)).toEqual([]);
		expect(folderGraph(files)).toEqual(
			new Map([
				['x', ['y']],
				['y', ['x']],
				['x/sub', ['y']],
			]),
		);
		expect(cycles(folderGraph(files))).toEqual(['x → y → x']);
	});

	it('count what a file loads, itself included, once each', () => {
		const edges = new Map([
			['a', ['b', 'c']],
			['b', ['c']],
			['c', ['a']],
			['d', []],
		]);
		expect(closure(edges, 'a')).toEqual(['a', 'b', 'c']);
		expect(closure(edges, 'd')).toEqual(['d']);
	});

	it('place a file by the longest layer path that holds it, and name every import that climbs', () => {
		const layers: Layer[] = [
			{ paths: ['app/'], reason: 'top' },
			{ paths: ['lib/registry.ts'], reason: 'above the rest of lib/' },
			{ paths: ['lib/', 'util.ts'], reason: 'bottom' },
		];
		expect(layerOf(layers, 'app/main.ts')).toBe(0);
		expect(layerOf(layers, 'lib/registry.ts')).toBe(1);
		expect(layerOf(layers, 'lib/list.ts')).toBe(2);
		expect(layerOf(layers, 'util.ts')).toBe(2);
		expect(layerOf(layers, 'util.tsx')).toBeUndefined();
		const edges = new Map([
			['app/main.ts', ['lib/registry.ts', 'util.ts']],
			['lib/list.ts', ['util.ts', 'lib/registry.ts']],
			['util.ts', ['app/main.ts']],
		]);
		expect(upwardImports(edges, layers)).toEqual([
			'lib/list.ts → lib/registry.ts (lib/ util.ts → lib/registry.ts)',
			'util.ts → app/main.ts (lib/ util.ts → app/)',
		]);
	});
});
