// GitHub Actions workflow checks: the JSON schema GitHub's own editor uses (SchemaStore's
// github-workflow, via @action-validator/core) plus what n8n's provenance requirement needs.
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import { parse } from 'yaml';

import type { JsonObject } from './model';

function describe(error: ValidationError): string[] {
	const nested =
		'states' in error && error.states
			? error.states.flatMap((state) => state.errors.flatMap(describe))
			: [];
	if (nested.length) return nested;
	const where =
		'path' in error
			? error.path
			: 'location' in error && error.location
				? `line ${error.location.line}`
				: '';
	return [`${where} ${error.title}${error.detail ? `: ${error.detail}` : ''}`.trim()];
}

/** Schema violations of a workflow file's text; empty when GitHub would accept it. */
export function workflowSchemaErrors(text: string): string[] {
	return validateWorkflow(text).errors.flatMap(describe);
}

interface Step {
	run?: string;
	uses?: string;
	if?: string;
	with?: JsonObject;
}
interface Job {
	permissions?: JsonObject | string;
	steps?: Step[];
}

function parsed(text: string): { on: JsonObject; jobs: Job[] } {
	const workflow = (parse(text) ?? {}) as JsonObject;
	const on = workflow.on;
	const triggers =
		typeof on === 'string'
			? { [on]: null }
			: Array.isArray(on)
				? Object.fromEntries(on.map((e) => [e, null]))
				: ((on ?? {}) as JsonObject);
	return { on: triggers, jobs: Object.values((workflow.jobs ?? {}) as Record<string, Job>) };
}

const runs = (jobs: Job[], pattern: RegExp) =>
	jobs.some((job) => job.steps?.some((step) => pattern.test(step.run ?? '')));

/** What a tag-triggered publish with npm provenance needs (n8n verification since 1 May 2026). */
export function publishWorkflowProblems(text: string): string[] {
	const problems = workflowSchemaErrors(text);
	const { on, jobs } = parsed(text);
	const push = on.push as JsonObject | null | undefined;
	if (!push || !Array.isArray(push.tags) || push.tags.length === 0)
		problems.push('publish must run on push of version tags (on.push.tags)');
	const publishing = jobs.filter((job) =>
		job.steps?.some((step) => /\bnpm publish\b/.test(step.run ?? '')),
	);
	if (publishing.length === 0) problems.push('no step runs npm publish');
	for (const job of publishing) {
		const permissions = typeof job.permissions === 'object' ? job.permissions : {};
		if (permissions['id-token'] !== 'write')
			problems.push('the publishing job needs permissions: id-token: write');
		if (!runs([job], /\bnpm publish\b(?=.*--provenance)(?=.*--access public)/)) {
			problems.push('npm publish must pass --provenance --access public');
		}
		if (!runs([job], /npm run release:check -- --strict/))
			problems.push('the publishing job must run npm run release:check -- --strict first');
		const setupNode = job.steps?.find((step) => step.uses?.startsWith('actions/setup-node'));
		if (setupNode?.with?.['registry-url'] !== 'https://registry.npmjs.org')
			problems.push('setup-node needs registry-url: https://registry.npmjs.org');
	}
	return problems;
}

/** CI runs on pull requests and runs the repository's CI entry point, .ci/run. */
export function ciWorkflowProblems(text: string): string[] {
	const problems = workflowSchemaErrors(text);
	const { on, jobs } = parsed(text);
	if (!('pull_request' in on)) problems.push('CI must run on pull_request');
	if (!runs(jobs, /(^|\s)bash \.ci\/run\s*$/m))
		problems.push('CI must run `bash .ci/run`, the same checks as local CI');
	// A failed run's evidence (each n8n's log, each lane's log, browser screenshots) is in test-artifacts/.
	const keepsArtifacts = jobs.some((job) =>
		job.steps?.some(
			(step) =>
				step.uses?.startsWith('actions/upload-artifact') &&
				step.if === 'always()' &&
				String(step.with?.path ?? '').includes('test-artifacts'),
		),
	);
	if (!keepsArtifacts)
		problems.push('CI must upload test-artifacts/ (if: always()) so a failed run keeps its logs');
	return problems;
}
