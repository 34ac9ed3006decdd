// A workflow's finished runs in a real n8n, read through its REST API, and what each node emitted.
import type { Instance } from './instance';
import { eventually } from './sandboxClient';

export interface Run {
	id: string;
	status: string;
	runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;
}

/** A workflow's finished executions with their run data, once there are at least `count`. */
export async function runsOf(n8n: Instance, workflowId: string, count: number, timeoutMs = 60_000): Promise<Run[]> {
	const finished = await eventually(
		`${count} finished execution(s) of ${workflowId}`,
		async () => {
			const found = (await n8n.rest.executions(workflowId)).filter((e) => e.status !== 'running' && e.status !== 'new');
			return found.length >= count ? found : undefined;
		},
		timeoutMs,
	);
	const runs: Run[] = [];
	for (const execution of finished) {
		const data = n8n.unflatten((await n8n.rest.execution(execution.id)).data) as { resultData: { runData: Run['runData'] } };
		runs.push({ id: execution.id, status: execution.status, runData: data.resultData.runData });
	}
	return runs;
}

/** The items a node emitted in a run (none when it did not run or emitted nothing). */
export function itemsOf(run: Run, node: string): Array<Record<string, unknown>> {
	return (run.runData[node] ?? []).flatMap((task) => (task.data?.main[0] ?? []).map((item) => item.json));
}

/** A trigger workflow of a test: its ID, the webhook ID of its trigger node and the events it selects. */
export interface TriggerWorkflowRef {
	id: string;
	webhookId: string;
	events: string[];
}

/**
 * Emits one event of the workflows' (first) type; resolves once it was delivered to each (`urlOf`
 * gives a trigger's production URL) and their runs finished, with each workflow's new runs.
 */
export async function deliverOne(n8n: Instance, urlOf: (webhookId: string) => string, ...workflows: TriggerWorkflowRef[]): Promise<number[]> {
	const before = await Promise.all(workflows.map(async (workflow) => (await n8n.rest.executions(workflow.id)).length));
	const event = await n8n.platform.emit(workflows[0].events[0]);
	for (const workflow of workflows) {
		const deliveries = await n8n.platform.settledDeliveries([event.id], urlOf(workflow.webhookId));
		// Exactly one delivery, answered 2xx: a second subscription would deliver it twice.
		if (deliveries.length !== 1 || deliveries[0].status !== 'succeeded') throw new Error(`Event ${event.id} was not delivered once to ${workflow.id}: ${JSON.stringify(deliveries)}`);
	}
	await Promise.all(workflows.map((workflow, index) => runsOf(n8n, workflow.id, before[index] + 1)));
	return await Promise.all(workflows.map(async (workflow, index) => (await n8n.rest.executions(workflow.id)).length - before[index]));
}
