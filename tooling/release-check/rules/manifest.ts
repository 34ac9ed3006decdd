// package.json rules n8n's verification and the scanner apply to the published manifest.
import { isDeepStrictEqual } from 'node:util';

import { outcome, type JsonObject, type Rule } from '../model';

/** The install-time scripts n8n's no-forbidden-lifecycle-scripts rule bans. */
export const FORBIDDEN_LIFECYCLE_SCRIPTS = [
	'prepare',
	'preinstall',
	'install',
	'postinstall',
	'prepublish',
	'preprepare',
	'postprepare',
];

const MIT_LICENCE_TEXT = /^MIT License|Permission is hereby granted, free of charge/m;

function nonEmptyObject(value: unknown): boolean {
	return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

export const packageIdentity: Rule = {
	id: 'package-identity',
	title: 'Name n8n-nodes-*, keyword n8n-community-node-package, MIT licence with its text',
	check({ manifest, texts }) {
		const problems: string[] = [];
		const name = String(manifest.name ?? '');
		if (!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?n8n-nodes-[a-z0-9-._~]+$/.test(name)) {
			problems.push(`name "${name}" must be n8n-nodes-… or @scope/n8n-nodes-…`);
		}
		const keywords = manifest.keywords;
		if (!Array.isArray(keywords) || !keywords.includes('n8n-community-node-package')) {
			problems.push('keywords must include "n8n-community-node-package"');
		}
		if (manifest.license !== 'MIT')
			problems.push(`license is ${JSON.stringify(manifest.license)}, not "MIT"`);
		if (!MIT_LICENCE_TEXT.test(texts.LICENSE ?? ''))
			problems.push('the tarball has no LICENSE with the MIT text');
		return outcome(problems);
	},
};

export const noRuntimeDependencies: Rule = {
	id: 'no-runtime-dependencies',
	title: 'No runtime dependencies (dependencies, optional, bundled) and no overrides',
	check({ manifest }) {
		const fields = [
			'dependencies',
			'optionalDependencies',
			'bundleDependencies',
			'bundledDependencies',
			'overrides',
		];
		return outcome(
			fields
				.filter((field) => nonEmptyObject(manifest[field]))
				.map((field) => `${field}: ${Object.keys(manifest[field] as JsonObject).join(', ')}`),
		);
	},
};

export const peerDependencyOnly: Rule = {
	id: 'peer-n8n-workflow',
	title: 'peerDependencies exactly {"n8n-workflow": "*"}',
	check({ manifest }) {
		const peers = manifest.peerDependencies;
		return outcome(
			isDeepStrictEqual(peers, { 'n8n-workflow': '*' })
				? []
				: [`peerDependencies is ${JSON.stringify(peers ?? null)}`],
		);
	},
};

export const noLifecycleScripts: Rule = {
	id: 'no-lifecycle-scripts',
	title: 'No install lifecycle scripts',
	check({ manifest }) {
		const scripts = (manifest.scripts ?? {}) as JsonObject;
		return outcome(
			FORBIDDEN_LIFECYCLE_SCRIPTS.filter((script) => script in scripts).map(
				(script) => `scripts.${script} runs at install time: "${String(scripts[script])}"`,
			),
		);
	},
};

export const n8nBlockInDist: Rule = {
	id: 'n8n-block',
	title: 'n8n block: API version 1, every node/credential path in dist/, present and loadable',
	check({ manifest, files, loadErrors }) {
		const block = (manifest.n8n ?? {}) as JsonObject;
		const problems: string[] = [];
		if (block.n8nNodesApiVersion !== 1)
			problems.push(`n8n.n8nNodesApiVersion is ${JSON.stringify(block.n8nNodesApiVersion)}, not 1`);
		const nodes = Array.isArray(block.nodes) ? (block.nodes as string[]) : [];
		const credentials = Array.isArray(block.credentials) ? (block.credentials as string[]) : [];
		if (nodes.length === 0) problems.push('n8n.nodes lists no node');
		for (const entry of [...nodes, ...credentials]) {
			if (!entry.startsWith('dist/')) problems.push(`${entry} is not under dist/`);
			else if (!files.includes(entry)) problems.push(`${entry} is not in the tarball`);
		}
		problems.push(...loadErrors);
		return outcome(problems, [`${nodes.length} node(s), ${credentials.length} credential(s)`]);
	},
};
