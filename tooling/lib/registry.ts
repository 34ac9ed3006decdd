// A local npm registry on loopback (verdaccio, no uplinks) that serves this package the way
// npmjs.com would, so tests can drive n8n's own Community Nodes panel: install, update, uninstall
// (POST/PATCH/DELETE /rest/community-packages with N8N_COMMUNITY_PACKAGES_REGISTRY pointing here).
//
// verdaccio is not a devDependency of the package: every verdaccio depends on verdaccio-audit,
// which asks for `node-fetch@cjs` (a dist-tag the npm mirror here lacks), and the fix needs
// `overrides`, which n8n's scanner forbids in the published package.json. So it has its own pinned
// package.json + lockfile in tooling/registry/ and is installed on first use into a cache folder
// beside the n8n runtimes (`npm ci --ignore-scripts`, ~10 s, ~65 MB), checked by hash like them.
// verdaccio 6 needs Node >= 22: run it with the Node that runs n8n 2.x (`registryNodeBinary`).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureRuntime } from '../n8n-runtime/install';
import { acquireInstallLock } from './installLock';
import { REPO_ROOT, RUNTIMES, cleanNpmEnv, runtimeDir, specHash } from '../n8n-runtime/runtime';
import type { PackedPackage } from './community-package';
import { getFreePort } from './ports';
import { runOrThrow, stopGroup, track } from './processes';

/** verdaccio's pinned package.json + lockfile (committed). */
export const REGISTRY_SPEC_DIR = path.join(REPO_ROOT, 'tooling', 'registry');

/** The cache folder verdaccio is installed into: beside the n8n runtimes (N8N_RUNTIME_DIR's parent). */
export function registryInstallDir(env: NodeJS.ProcessEnv = process.env): string {
	return path.join(path.dirname(runtimeDir(env)), 'test-registry');
}

/** Installs verdaccio from tooling/registry's lockfile unless the cache already holds that install; returns its CLI entry. */
export async function ensureRegistryInstalled(
	dir = registryInstallDir(),
	log: (line: string) => void = () => {},
): Promise<string> {
	const entry = path.join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
	const stampFile = path.join(dir, '.installed.json');
	const hash = specHash(REGISTRY_SPEC_DIR);
	const installed = () =>
		existsSync(entry) &&
		existsSync(stampFile) &&
		(JSON.parse(readFileSync(stampFile, 'utf8')) as { hash?: string }).hash === hash;
	if (installed()) return entry;
	// Beside the folder, which the install empties: the test matrix's two lanes may both get here.
	mkdirSync(path.dirname(dir), { recursive: true });
	const release = await acquireInstallLock(`${dir}.install.lock`, { what: 'local registry', log });
	try {
		if (installed()) return entry;
		log(`local registry: installing verdaccio into ${dir}`);
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		for (const file of ['package.json', 'package-lock.json'])
			writeFileSync(path.join(dir, file), readFileSync(path.join(REGISTRY_SPEC_DIR, file)));
		await runOrThrow(
			'npm',
			['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--engine-strict=false'],
			{ cwd: dir, env: cleanNpmEnv(process.env) },
		);
		writeFileSync(
			stampFile,
			`${JSON.stringify({ hash, installedAt: new Date().toISOString() }, null, 2)}\n`,
		);
		return entry;
	} finally {
		release();
	}
}

/** The Node 24 that runs n8n 2.x (installed with its runtime; a hash check when it is). */
export async function registryNodeBinary(): Promise<string> {
	return (await ensureRuntime({ spec: RUNTIMES['2'], log: () => {} })).nodeBinary;
}

/**
 * verdaccio's config. Pure. No uplinks: a name it does not hold is a 404, never a fetch from the
 * internet. Anyone may read and publish (loopback only, throwaway storage).
 */
export function verdaccioConfig(storage: string): string {
	return [
		`storage: ${JSON.stringify(storage)}`,
		'uplinks: {}',
		'packages:',
		"  '**':",
		'    access: $all',
		'    publish: $all',
		'    unpublish: $all',
		'server:',
		'  keepAliveTimeout: 60',
		'log: { type: stdout, format: pretty, level: warn }',
		'',
	].join('\n');
}

/**
 * The version the "next release" is published as: the next patch with a `-e2e.next` pre-release
 * tag, so it sorts after the packed version and nobody mistakes it for a real release. Pure.
 */
export function nextTestVersion(version: string): string {
	const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
	if (!match) throw new Error(`Not a semver version: "${version}"`);
	return `${match[1]}.${match[2]}.${Number(match[3]) + 1}-e2e.next`;
}

/**
 * The output field only the repacked next version emits: its own version, in every item of the
 * Education Platform Trigger, of the Polling Trigger and of the action node (what a queue-mode
 * worker runs). An item that carries it was built by the updated code; the shipped code has no such field.
 */
export const NEXT_VERSION_MARKER_FIELD = 'package_version';

/** Each compiled file patched, the text it must contain exactly once, and what that text becomes. Pure. */
export function nextVersionPatches(
	version: string,
): Array<{ file: string; anchor: string; replacement: string }> {
	const field = `${NEXT_VERSION_MARKER_FIELD}: ${JSON.stringify(version)}`;
	return [
		{
			// eventOutput(): every delivery's item.
			file: 'dist/nodes/EducationPlatformTrigger/webhook/delivery.js',
			anchor: '    return json;\n}',
			replacement: `    json.${NEXT_VERSION_MARKER_FIELD} = ${JSON.stringify(version)};\n    return json;\n}`,
		},
		{
			// toItem(): every polled change's item.
			file: 'dist/nodes/EducationPlatformPollingTrigger/poll/pollResource.js',
			anchor: 'event_kind: kind, ',
			replacement: `event_kind: kind, ${field}, `,
		},
		{
			// router(): every item of the action node, the code a queue-mode worker runs.
			file: 'dist/nodes/EducationPlatform/actions/router.js',
			anchor: 'this.helpers.returnJsonArray(results)',
			replacement: `this.helpers.returnJsonArray(results.map((result) => ({ ...result, ${field} })))`,
		},
	];
}

/** `text` with `anchor` replaced; throws unless the anchor occurs exactly once (a refactor must fail loudly, not silently drop the marker). Pure. */
export function replaceOnce(
	text: string,
	anchor: string,
	replacement: string,
	where: string,
): string {
	const first = text.indexOf(anchor);
	if (first === -1 || text.indexOf(anchor, first + 1) !== -1) {
		throw new Error(
			`${where}: expected ${JSON.stringify(anchor)} exactly once (${first === -1 ? 'not found' : 'more than once'}); update nextVersionPatches().`,
		);
	}
	return text.slice(0, first) + replacement + text.slice(first + anchor.length);
}

/**
 * The packed tarball repacked as the next version: package.json's version set to
 * `nextTestVersion()`, and the two output builders patched to add NEXT_VERSION_MARKER_FIELD.
 * Nothing in the source tree changes: the marker exists only in this tarball.
 */
export async function repackAsNextVersion(
	packed: PackedPackage,
	outDir: string,
): Promise<PackedPackage> {
	const version = nextTestVersion(packed.version);
	const work = mkdtempSync(path.join(tmpdir(), 'edu-next-version-'));
	try {
		await runOrThrow('tar', ['-xzf', packed.tarball, '-C', work]);
		const root = path.join(work, 'package');
		const manifestFile = path.join(root, 'package.json');
		const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
		writeFileSync(manifestFile, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
		for (const patch of nextVersionPatches(version)) {
			const file = path.join(root, patch.file);
			writeFileSync(
				file,
				replaceOnce(readFileSync(file, 'utf8'), patch.anchor, patch.replacement, patch.file),
			);
		}
		mkdirSync(outDir, { recursive: true });
		const tarball = path.join(outDir, `${packed.name}-${version}.tgz`);
		await runOrThrow('tar', ['-czf', tarball, '-C', work, 'package']);
		return { name: packed.name, version, tarball };
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

/**
 * The body of `npm publish`'s PUT /<name> for one tarball: the version's manifest with its dist
 * (sha1 shasum, sha512 integrity, tarball URL) and the tarball as a base64 attachment. Pure.
 */
export function publishBody(
	registryUrl: string,
	manifest: Record<string, unknown>,
	tarball: Buffer,
	tag: string,
): Record<string, unknown> {
	const name = String(manifest.name);
	const version = String(manifest.version);
	const filename = `${name}-${version}.tgz`;
	return {
		_id: name,
		name,
		description: manifest.description,
		'dist-tags': { [tag]: version },
		versions: {
			[version]: {
				...manifest,
				_id: `${name}@${version}`,
				dist: {
					shasum: createHash('sha1').update(tarball).digest('hex'),
					integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
					tarball: `${registryUrl}/${name}/-/${filename}`,
				},
			},
		},
		_attachments: {
			[filename]: {
				content_type: 'application/octet-stream',
				data: tarball.toString('base64'),
				length: tarball.length,
			},
		},
	};
}

export interface LocalRegistry {
	/** `http://127.0.0.1:<port>` (no trailing slash), for N8N_COMMUNITY_PACKAGES_REGISTRY. */
	url: string;
	/** Publishes a packed tarball under a dist-tag (default `latest`), as `npm publish` would. */
	publish(packed: PackedPackage, tag?: string): Promise<void>;
	/** The dist-tags the registry holds for a package (`{}` when it holds none). */
	distTags(name: string): Promise<Record<string, string>>;
	stop(): Promise<void>;
}

export interface StartRegistryOptions {
	/** Default: `registryNodeBinary()`. */
	nodeBinary?: string;
	log?: (line: string) => void;
	readyTimeoutMs?: number;
}

/** Starts verdaccio on a free loopback port with throwaway storage; resolves once it answers /-/ping. */
export async function startRegistry(options: StartRegistryOptions = {}): Promise<LocalRegistry> {
	const entry = await ensureRegistryInstalled(undefined, options.log);
	const nodeBinary = options.nodeBinary ?? (await registryNodeBinary());
	const dir = mkdtempSync(path.join(tmpdir(), 'edu-registry-'));
	const configFile = path.join(dir, 'config.yaml');
	writeFileSync(configFile, verdaccioConfig(path.join(dir, 'storage')));
	const port = await getFreePort();
	const url = `http://127.0.0.1:${port}`;
	let output = '';
	const child: ChildProcess = track(
		spawn(nodeBinary, [entry, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
			cwd: dir,
			env: cleanNpmEnv(process.env),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		}),
	);
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const stop = async () => {
		await stopGroup(child, 5_000);
		rmSync(dir, { recursive: true, force: true });
	};

	const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null)
			throw new Error(`verdaccio exited during start-up:\n${output}`);
		const ping = await fetch(`${url}/-/ping`, { signal: AbortSignal.timeout(2_000) }).catch(
			() => undefined,
		);
		if (ping?.ok) break;
		if (Date.now() > deadline) {
			await stop();
			throw new Error(
				`verdaccio did not answer ${url}/-/ping within ${(options.readyTimeoutMs ?? 30_000) / 1000} s:\n${output}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}

	return {
		url,
		async publish(packed, tag = 'latest') {
			const work = mkdtempSync(path.join(tmpdir(), 'edu-publish-'));
			try {
				await runOrThrow('tar', ['-xzf', packed.tarball, '-C', work, 'package/package.json']);
				const manifest = JSON.parse(
					readFileSync(path.join(work, 'package', 'package.json'), 'utf8'),
				) as Record<string, unknown>;
				const body = publishBody(url, manifest, readFileSync(packed.tarball), tag);
				const response = await fetch(`${url}/${encodeURIComponent(packed.name)}`, {
					method: 'PUT',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				});
				if (!response.ok)
					throw new Error(
						`publishing ${packed.name}@${packed.version} to ${url} → ${response.status}: ${await response.text()}`,
					);
			} finally {
				rmSync(work, { recursive: true, force: true });
			}
		},
		async distTags(name) {
			const response = await fetch(`${url}/-/package/${encodeURIComponent(name)}/dist-tags`);
			return response.ok ? ((await response.json()) as Record<string, string>) : {};
		},
		stop,
	};
}
