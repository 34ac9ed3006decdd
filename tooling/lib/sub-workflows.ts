// Sub-workflows: workflows started by an Execute Workflow Trigger, which another workflow runs by its
// ID (the trigger watchdog example's two). n8n 2.x runs a sub-workflow for a parent that runs outside
// the editor (its schedule, `n8n execute`) only in its published version ("Workflow is not active
// and cannot be executed" otherwise: workflow-execute-additional-data.js, getPublishedWorkflowData),
// so `npm start` and the e2e suite publish them there. n8n 1.x runs the saved version and cannot
// publish a workflow whose only trigger is the Execute Workflow Trigger (it has no trigger, poll or
// webhook method there), so they stay unpublished.
import type { WorkflowJson } from './examples';
import type { N8nRestClient } from './n8n-rest';

export const EXECUTE_WORKFLOW_TRIGGER_TYPE = 'n8n-nodes-base.executeWorkflowTrigger';

/** Whether another workflow runs `workflow` (it starts with an enabled Execute Workflow Trigger). */
export function isSubWorkflow(workflow: Pick<WorkflowJson, 'nodes'>): boolean {
	return workflow.nodes.some(
		(node) => node.type === EXECUTE_WORKFLOW_TRIGGER_TYPE && node.disabled !== true,
	);
}

/** The IDs of the sub-workflows among `workflows`, in their order. */
export function subWorkflowIdsOf(workflows: Array<Pick<WorkflowJson, 'id' | 'nodes'>>): string[] {
	return workflows.filter(isSubWorkflow).map(({ id }) => id);
}

/** Publishes the sub-workflows `ids` on n8n 2.x (see above); on 1.x nothing. Returns the IDs it published. */
export async function publishSubWorkflows(rest: N8nRestClient, ids: string[]): Promise<string[]> {
	if (rest.n8nMajor === 1) return [];
	for (const id of ids) await rest.activateWorkflow(id);
	return ids;
}

export const EXECUTE_WORKFLOW_TYPE = 'n8n-nodes-base.executeWorkflow';

/** The workflows among `workflows` whose Execute Workflow node runs the workflow `id` from the database. */
export function callersOf<W extends Pick<WorkflowJson, 'nodes'>>(id: string, workflows: W[]): W[] {
	return workflows.filter(({ nodes }) =>
		nodes.some(
			(node) =>
				node.type === EXECUTE_WORKFLOW_TYPE &&
				(node.parameters.workflowId as { value?: unknown } | undefined)?.value === id,
		),
	);
}
