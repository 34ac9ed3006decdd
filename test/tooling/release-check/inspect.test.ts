// inspectPackage loads whatever the n8n block lists, the way n8n does, from an extracted package.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { inspectPackage } from '../../../tooling/release-check/inspect';

const files: Record<string, string> = {
	'package.json': JSON.stringify({
		name: 'n8n-nodes-fixture',
		n8n: {
			nodes: [
				'dist/nodes/Poller/Poller.node.js',
				'dist/nodes/Hooked/Hooked.node.js',
				'dist/nodes/Broken/Broken.node.js',
			],
			credentials: ['dist/credentials/FixtureApi.credentials.js'],
		},
	}),
	'README.md': '# Fixture\n',
	'dist/nodes/Poller/Poller.node.js': `exports.Poller = class {
		description = { name: 'pollerTrigger', polling: true, inputs: [] };
		async poll() { return null; }
	};`,
	'dist/nodes/Poller/Poller.node.json': '{"node": "n8n-nodes-fixture.pollerTrigger"}',
	'dist/nodes/Hooked/Hooked.node.js': `exports.Hooked = class {
		description = { name: 'hookedTrigger', credentials: [{ name: 'fixtureApi', testedBy: 'probe' }] };
		webhookMethods = { default: { checkExists: async () => true, create: async () => true, note: 'not a method' } };
		methods = { credentialTest: { probe: async () => ({ status: 'OK' }) } };
		async webhook() { return {}; }
	};`,
	'dist/nodes/Broken/Broken.node.js': 'exports.SomethingElse = class {};',
	'dist/credentials/FixtureApi.credentials.js': `exports.FixtureApi = class {
		name = 'fixtureApi'; displayName = 'Fixture API'; documentationUrl = 'https://x#y'; icon = 'file:a.svg';
		properties = [{ name: 'token' }];
	};`,
	'dist/icons/a.svg': '<svg/>',
	'dist/icons/a.png': 'binary',
};

describe('reading an extracted package', () => {
	let dir: string;
	beforeAll(() => {
		dir = mkdtempSync(path.join(tmpdir(), 'release-inspect-'));
		for (const [file, text] of Object.entries(files)) {
			mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
			writeFileSync(path.join(dir, file), text);
		}
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('instantiates every node and credential the n8n block lists and records what they implement', () => {
		const pkg = inspectPackage(dir);
		expect(pkg.files.sort()).toEqual(Object.keys(files).sort());
		expect(Object.keys(pkg.texts)).not.toContain('dist/icons/a.png');
		expect(pkg.nodes.map((node) => [node.description.name, node.methods])).toEqual([
			[
				'pollerTrigger',
				{
					execute: false,
					webhook: false,
					poll: true,
					trigger: false,
					webhookMethods: {},
					credentialTest: [],
				},
			],
			[
				'hookedTrigger',
				{
					execute: false,
					webhook: true,
					poll: false,
					trigger: false,
					webhookMethods: { default: ['checkExists', 'create'] },
					credentialTest: ['probe'],
				},
			],
		]);
		expect(pkg.nodes[0].codex).toEqual({ node: 'n8n-nodes-fixture.pollerTrigger' });
		expect(pkg.nodes[1].codex).toBeUndefined();
		expect(pkg.credentials).toEqual([
			{
				file: 'dist/credentials/FixtureApi.credentials.js',
				className: 'FixtureApi',
				name: 'fixtureApi',
				displayName: 'Fixture API',
				extends: [],
				hasTest: false,
				documentationUrl: 'https://x#y',
				icon: 'file:a.svg',
				properties: [{ name: 'token' }],
			},
		]);
		expect(pkg.loadErrors).toEqual([
			'dist/nodes/Broken/Broken.node.js: does not export class Broken',
		]);
	});
});
