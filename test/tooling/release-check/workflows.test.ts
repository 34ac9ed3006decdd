// The GitHub workflows are validated against the GitHub workflow JSON schema (SchemaStore's, via
// @action-validator/core) and against what n8n's provenance verification needs.
import { readdirSync } from 'node:fs';
import path from 'node:path';

import {
	ciWorkflowProblems,
	publishWorkflowProblems,
	workflowSchemaErrors,
} from '../../../tooling/release-check/workflows';
import { repoFile } from './fixtures';

const WORKFLOWS = '.github/workflows';
const publish = repoFile(`${WORKFLOWS}/publish.yml`);
const ci = repoFile(`${WORKFLOWS}/ci.yml`);

describe('GitHub workflows', () => {
	it.each(readdirSync(path.resolve(__dirname, '../../..', WORKFLOWS)))(
		'%s is a valid workflow',
		(file) => {
			expect(workflowSchemaErrors(repoFile(`${WORKFLOWS}/${file}`))).toEqual([]);
		},
	);

	it('publish.yml publishes on version tags with provenance, after the strict release check', () => {
		expect(publishWorkflowProblems(publish)).toEqual([]);
	});

	it('ci.yml runs .ci/run on pull requests', () => {
		expect(ciWorkflowProblems(ci)).toEqual([]);
	});

	it('the validator rejects what GitHub would reject', () => {
		expect(
			workflowSchemaErrors(ci.replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest')),
		).toEqual(expect.arrayContaining([expect.stringContaining('/jobs/ci/runs-on')]));
		expect(workflowSchemaErrors('name: x\non: [pull_request\n')).not.toEqual([]);
	});

	it.each([
		['id-token: write', 'id-token: read', 'permissions: id-token: write'],
		["      - '*.*.*'", '', 'on.push.tags'],
		[
			'npm run release:check -- --strict',
			'npm run release:check',
			'release:check -- --strict first',
		],
		["registry-url: 'https://registry.npmjs.org'", '', 'registry-url'],
		[
			'npm publish --provenance --access public',
			'npm publish --access public',
			'--provenance --access public',
		],
	])('publish.yml without %j is refused', (from, to, problem) => {
		expect(publishWorkflowProblems(publish.replace(from, to)).join('\n')).toContain(problem);
	});

	it.each([
		['  pull_request:\n', '', 'pull_request'],
		['bash .ci/run', 'npm test', 'bash .ci/run'],
		['        if: always()\n', '', 'upload test-artifacts/'],
		['path: test-artifacts/', 'path: dist/', 'upload test-artifacts/'],
	])('ci.yml without %j is refused', (from, to, problem) => {
		expect(ciWorkflowProblems(ci.replace(from, to)).join('\n')).toContain(problem);
	});
});
