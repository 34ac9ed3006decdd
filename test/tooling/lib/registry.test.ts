import { createHash } from 'node:crypto';
import path from 'node:path';

import {
	NEXT_VERSION_MARKER_FIELD,
	nextTestVersion,
	nextVersionPatches,
	publishBody,
	registryInstallDir,
	replaceOnce,
	verdaccioConfig,
} from '../../../tooling/lib/registry';

describe('the local npm registry', () => {
	it('is installed beside the n8n runtimes (N8N_RUNTIME_DIR names the 2.x one)', () => {
		expect(registryInstallDir({ N8N_RUNTIME_DIR: '/cache/edu/n8n-runtime' })).toBe(
			path.join('/cache/edu', 'test-registry'),
		);
	});

	it('has no uplinks, so a name it does not hold is never fetched from elsewhere, and anyone may publish', () => {
		const config = verdaccioConfig('/tmp/x/storage');
		expect(config).toContain('storage: "/tmp/x/storage"');
		expect(config).toContain('uplinks: {}');
		expect(config).not.toMatch(/proxy:/);
		expect(config).toMatch(/publish: \$all/);
	});

	it('publishes the next version as the next patch with a pre-release tag, which sorts after the packed one', () => {
		expect(nextTestVersion('0.1.0')).toBe('0.1.1-e2e.next');
		expect(nextTestVersion('1.9.9-beta.1')).toBe('1.9.10-e2e.next');
		expect(() => nextTestVersion('latest')).toThrow('Not a semver version: "latest"');
	});

	it('marks the output builders of both triggers and of the action node with the version, and fails loudly when an anchor is gone or ambiguous', () => {
		const patches = nextVersionPatches('0.1.1-e2e.next');
		expect(patches.map((patch) => patch.file)).toEqual([
			'dist/nodes/EducationPlatformTrigger/webhook/delivery.js',
			'dist/nodes/EducationPlatformPollingTrigger/poll/pollResource.js',
			'dist/nodes/EducationPlatform/actions/router.js',
		]);
		const action = patches[2];
		expect(
			replaceOnce(
				'push(...f(this.helpers.returnJsonArray(results), { itemData }))',
				action.anchor,
				action.replacement,
				action.file,
			),
		).toBe(
			`push(...f(this.helpers.returnJsonArray(results.map((result) => ({ ...result, ${NEXT_VERSION_MARKER_FIELD}: "0.1.1-e2e.next" }))), { itemData }))`,
		);
		const poll = patches[1];
		expect(
			replaceOnce(
				'return { json: { event: e, event_kind: kind, ...data } };',
				poll.anchor,
				poll.replacement,
				poll.file,
			),
		).toBe(
			`return { json: { event: e, event_kind: kind, ${NEXT_VERSION_MARKER_FIELD}: "0.1.1-e2e.next", ...data } };`,
		);
		expect(() => replaceOnce('nothing here', poll.anchor, poll.replacement, poll.file)).toThrow(
			/exactly once \(not found\)/,
		);
		expect(() => replaceOnce('a a', 'a', 'b', 'x.js')).toThrow(/exactly once \(more than once\)/);
	});

	it("builds npm publish's body: the manifest with its dist and the tarball as an attachment", () => {
		const tarball = Buffer.from('tarball bytes');
		const body = publishBody(
			'http://127.0.0.1:4873',
			{ name: 'n8n-nodes-x', version: '1.0.0', description: 'd' },
			tarball,
			'next',
		);
		expect(body['dist-tags']).toEqual({ next: '1.0.0' });
		expect((body.versions as Record<string, { dist: unknown }>)['1.0.0'].dist).toEqual({
			shasum: createHash('sha1').update(tarball).digest('hex'),
			integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
			tarball: 'http://127.0.0.1:4873/n8n-nodes-x/-/n8n-nodes-x-1.0.0.tgz',
		});
		expect(body._attachments).toEqual({
			'n8n-nodes-x-1.0.0.tgz': {
				content_type: 'application/octet-stream',
				data: tarball.toString('base64'),
				length: tarball.length,
			},
		});
	});
});
