// A package that passes every release rule; each test breaks one thing in a copy of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { NodeUnderCheck, PackageUnderCheck } from '../../../tooling/release-check/model';

const REPO = path.resolve(__dirname, '..', '..', '..');
export const repoFile = (file: string) => readFileSync(path.join(REPO, file), 'utf8');

const NAME = 'n8n-nodes-acme';
const DOCS = `https://www.npmjs.com/package/${NAME}`;
const README = `# ${NAME}\n\n${'An n8n community node for Acme. '.repeat(10)}\n\n## Credentials\n\n\`\`\`bash\n# not a heading\n\`\`\`\n\n## Acme node\n\n## Acme Trigger\n`;
const ICON = { light: 'file:../../icons/acme.svg', dark: 'file:../../icons/acme.dark.svg' };

function node(
	name: string,
	overrides: Partial<NodeUnderCheck['methods']>,
	description: Record<string, unknown>,
	anchor: string,
): NodeUnderCheck {
	const folder = name.charAt(0).toUpperCase() + name.slice(1);
	return {
		file: `dist/nodes/${folder}/${folder}.node.js`,
		description: {
			name,
			displayName: folder.replace(/([a-z])([A-Z])/g, '$1 $2'),
			icon: ICON,
			outputs: ['main'],
			...description,
		},
		methods: {
			execute: false,
			webhook: false,
			poll: false,
			trigger: false,
			webhookMethods: {},
			credentialTest: [],
			...overrides,
		},
		codex: {
			node: `${NAME}.${name}`,
			nodeVersion: '1.0',
			codexVersion: '1.0',
			categories: ['Productivity'],
			resources: {
				primaryDocumentation: [{ url: `${DOCS}#${anchor}` }],
				credentialDocumentation: [{ url: `${DOCS}#credentials` }],
			},
		},
	};
}

export function goodPackage(): PackageUnderCheck {
	const nodes = [
		node(
			'acme',
			{ execute: true },
			{ group: ['transform'], inputs: ['main'], usableAsTool: true },
			'acme-node',
		),
		node(
			'acmeTrigger',
			{ webhook: true, webhookMethods: { default: ['checkExists', 'create', 'delete'] } },
			{
				group: ['trigger'],
				inputs: [],
				webhooks: [{ name: 'default', httpMethod: 'POST', path: 'webhook' }],
			},
			'acme-trigger',
		),
	];
	const credentialFiles = [
		'dist/credentials/AcmeApi.credentials.js',
		'dist/credentials/AcmeOAuth2Api.credentials.js',
	];
	const js = Object.fromEntries(
		[...nodes.map((n) => n.file), ...credentialFiles].map((file) => [
			file,
			'"use strict";\nconst n8n_workflow_1 = require("n8n-workflow");\n',
		]),
	);
	return {
		manifest: {
			name: NAME,
			version: '1.2.3',
			license: 'MIT',
			keywords: ['n8n-community-node-package'],
			homepage: 'https://github.com/acme/n8n-nodes-acme#readme',
			repository: { type: 'git', url: 'git+https://github.com/acme/n8n-nodes-acme.git' },
			bugs: { url: 'https://github.com/acme/n8n-nodes-acme/issues' },
			author: { name: 'Acme Ltd', email: 'nodes@acme.com' },
			scripts: { build: 'tsc' },
			peerDependencies: { 'n8n-workflow': '*' },
			devDependencies: { typescript: '*' },
			n8n: {
				n8nNodesApiVersion: 1,
				strict: true,
				nodes: nodes.map((n) => n.file),
				credentials: credentialFiles,
			},
		},
		files: [
			'package.json',
			'README.md',
			'LICENSE',
			'dist/icons/acme.svg',
			'dist/icons/acme.dark.svg',
			...Object.keys(js),
			...nodes.map((n) => n.file.replace(/js$/, 'json')),
		],
		texts: {
			...js,
			'README.md': README,
			LICENSE:
				'MIT License\n\nCopyright (c) 2026 Acme\n\nPermission is hereby granted, free of charge, …',
			'dist/icons/acme.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
			'dist/icons/acme.dark.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
		},
		nodes,
		credentials: [
			{
				file: credentialFiles[0],
				className: 'AcmeApi',
				name: 'acmeApi',
				displayName: 'Acme API',
				extends: [],
				hasTest: true,
				documentationUrl: `${DOCS}#credentials`,
				icon: { light: 'file:../icons/acme.svg', dark: 'file:../icons/acme.dark.svg' },
				properties: [],
			},
			{
				file: credentialFiles[1],
				className: 'AcmeOAuth2Api',
				name: 'acmeOAuth2Api',
				displayName: 'Acme OAuth2 API',
				extends: ['oAuth2Api'],
				hasTest: false,
				documentationUrl: `${DOCS}#credentials`,
				icon: 'file:../icons/acme.svg',
				properties: [],
			},
		],
		loadErrors: [],
		scanner: { source: { passed: true }, tarball: { passed: true } },
		changelog:
			'# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2026-11-23\n\n### Added\n\n- Everything.\n',
		publishWorkflow: repoFile('.github/workflows/publish.yml'),
		repository: {
			files: ['README.md', 'docs/trigger.md', 'nodes/Acme/Acme.node.ts', 'examples/acme.json'],
			texts: {
				'README.md': `${README}\nSee [the trigger guide](docs/trigger.md#set-up) and [an example](examples/acme.json).\nIt stops with *"Acme refused request N"*.\n`,
				'docs/trigger.md':
					'# Acme Trigger\n\n## Set up\n\nBack to [Credentials](../README.md#credentials) or [set up](#set-up).\n',
				'nodes/Acme/Acme.node.ts': 'throw new Error(`Acme refused request ${index}`);\n',
			},
		},
	};
}
