// Which n8n the e2e suite runs against: one cell of the support matrix, chosen by environment
// variables so `npm test` (tooling/test-matrix.ts) can run the same files on every cell.
//   EDU_E2E_N8N                  `2` (n8n 2.41.1, default), `1` (latest 1.123.x), `floor` (oldest supported)
//   EDU_E2E_PUBLICATION_SERVICE  `true` (default) or `false`: n8n 2.x gets N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false
// Which files run on which cell: test/e2e/cells.ts.
import { RUNTIMES, runtimeById, type RuntimeSpec } from '../../../tooling/n8n-runtime/runtime';
import { webhookUrlVariable } from '../../../tooling/lib/n8n-env';

export interface E2eTarget {
	/** For test titles and timing tables, e.g. "n8n 2.x, publication service off". */
	label: string;
	runtime: RuntimeSpec;
	n8nMajor: 1 | 2;
	/** n8n 2.x's workflow publication service; n8n 1.x has none. */
	publicationService: boolean;
	/**
	 * How activation runs the trigger's lifecycle. `publication`: publishing goes through the
	 * service's queue and calls delete() then create(); a restart calls nothing. `legacy` (1.x, or
	 * 2.x with the service off): activation runs in the request, and start-up calls checkExists().
	 */
	activation: 'publication' | 'legacy';
	/**
	 * What saving an active workflow does to its trigger. n8n 1.x re-activates it: delete() then
	 * create(). n8n 2.x (service on or off, read in 2.41's WorkflowService.update) saves a draft;
	 * only publishing it runs the lifecycle.
	 */
	saveOfActiveWorkflow: 'recreates' | 'draft';
	/** The variable this n8n reads its public webhook base URL from. */
	webhookUrlVariable: 'N8N_WEBHOOK_URL' | 'WEBHOOK_URL';
	/** Extra environment for every n8n process of this target. */
	n8nEnv: NodeJS.ProcessEnv;
}

function booleanSetting(raw: string | undefined, name: string): boolean {
	if (raw === undefined || raw.trim() === '') return true;
	const value = raw.trim().toLowerCase();
	if (value === 'true') return true;
	if (value === 'false') return false;
	throw new Error(`${name} must be "true" or "false"; got "${raw}".`);
}

export function e2eTarget(env: NodeJS.ProcessEnv = process.env): E2eTarget {
	const runtime = runtimeById(env.EDU_E2E_N8N || RUNTIMES['2'].id, 'EDU_E2E_N8N');
	const wanted = booleanSetting(env.EDU_E2E_PUBLICATION_SERVICE, 'EDU_E2E_PUBLICATION_SERVICE');
	if (runtime.n8nMajor === 1 && !wanted) {
		throw new Error(
			'EDU_E2E_PUBLICATION_SERVICE=false only applies to n8n 2.x: n8n 1.x has no publication service.',
		);
	}
	const publicationService = runtime.n8nMajor === 2 && wanted;
	const line = runtime.id === 'floor' ? 'the floor' : `n8n ${runtime.n8nMajor}.x`;
	return {
		label:
			runtime.n8nMajor === 2
				? `${line}, publication service ${publicationService ? 'on' : 'off'}`
				: line,
		runtime,
		n8nMajor: runtime.n8nMajor,
		publicationService,
		activation: publicationService ? 'publication' : 'legacy',
		saveOfActiveWorkflow: runtime.n8nMajor === 1 ? 'recreates' : 'draft',
		webhookUrlVariable: webhookUrlVariable(runtime.n8nMajor),
		n8nEnv:
			runtime.n8nMajor === 2
				? { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: String(publicationService) }
				: {},
	};
}
