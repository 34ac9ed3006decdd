// The package code is linted with the same rule set as n8n's community-package scanner
// (@n8n/scan-community-package's buildScanConfig): the community-nodes recommended rules plus
// eslint-plugin-n8n-nodes-base's community, credentials and nodes rule sets.
// Dev tooling (sandbox/, test/, tooling/, bench/) is not published and is only parsed.
import { defineConfig } from 'eslint/config';
import tsParser from '@typescript-eslint/parser';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesPlugin from 'eslint-plugin-n8n-nodes-base';

const packageFiles = ['package.json', 'nodes/**/*.ts', 'credentials/**/*.ts'];

export default defineConfig(
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'.cache/**',
			'coverage/**',
			'**/*.js',
			'**/*.mjs',
			'**/*.cjs',
		],
	},
	{ files: ['**/*.ts', 'package.json'], languageOptions: { parser: tsParser } },
	{ ...n8nCommunityNodesPlugin.configs.recommended, files: packageFiles },
	{ files: packageFiles, rules: { 'no-console': 'error' } },
	// The scanner lints with allowInlineConfig: false, so an eslint-disable comment would pass here
	// and fail verification: ignore them here too.
	{ files: packageFiles, linterOptions: { noInlineConfig: true } },
	{ plugins: { 'n8n-nodes-base': n8nNodesPlugin } },
	{ files: ['package.json'], rules: { ...n8nNodesPlugin.configs.community.rules } },
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesPlugin.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesPlugin.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
);
