import { nodesFolder, panelManifest } from '../../../tooling/lib/community-package';

describe('installing like the Community Nodes panel', () => {
	it('drops dev, peer and optional dependencies from the manifest, as n8n does before npm install', () => {
		expect(
			panelManifest({
				name: 'n8n-nodes-education-platform',
				version: '0.1.0',
				n8n: { nodes: ['dist/x.js'] },
				devDependencies: { jest: '*' },
				peerDependencies: { 'n8n-workflow': '*' },
				optionalDependencies: { fsevents: '*' },
			}),
		).toEqual({
			name: 'n8n-nodes-education-platform',
			version: '0.1.0',
			n8n: { nodes: ['dist/x.js'] },
		});
	});

	it('installs into $N8N_USER_FOLDER/.n8n/nodes', () => {
		expect(nodesFolder('/data/n8n')).toBe('/data/n8n/.n8n/nodes');
	});
});
