// A workflow's finished runs in a real n8n, read through its REST API, and what each node emitted.
import type { Instance } from './instance';
import { untilCounted, type ProgressOptions } from './progress';
import { TRIGGER_NODE } from './workflows';

export interface Run {
	id: string;
	status: string;
	runData: Record<
		string,
		Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> } }>
	>;
}

export type Execution = Awaited<ReturnType<Instance['rest']['executions']>>[number];

/** What reading runs needs of an n8n: its REST API and its run-data format (an Instance, or a queue-mode main). */
export type RunSource = Pick<Instance, 'rest' | 'unflatten'>;

/** Whether n8n has finished an execution, whatever its outcome. */
export const isFinished = (execution: Execution): boolean =>
	!['new', 'running', 'waiting'].includes(execution.status);

export interface ExecutionsWait extends ProgressOptions {
	/** Which executions count (default: the finished ones). */
	keep?: (execution: Execution) => boolean;
	/** Also wait until none of the workflow's executions is still running. */
	allFinished?: boolean;
	/** What the failure names (default: "<count> finished execution(s) of <workflow>"). */
	what?: string;
}

/**
 * A workflow's executions that `keep` accepts, newest first, once there are at least `count`. The
 * wait follows progress (support/progress.ts): any execution of the workflow starting or finishing
 * counts as movement, so a slow but busy n8n is waited for and a stuck one fails with the count.
 */
export async function executionsOf(
	n8n: RunSource,
	workflowId: string,
	count: number,
	wait: ExecutionsWait = {},
): Promise<Execution[]> {
	const {
		keep = isFinished,
		allFinished = false,
		what = `${count} finished execution(s) of ${workflowId}`,
		...progress
	} = wait;
	return untilCounted(
		what,
		async () => {
			const all = await n8n.rest.executions(workflowId);
			const kept = all.filter(keep);
			const complete = kept.length >= count && (!allFinished || all.every(isFinished));
			return {
				seen: kept.length,
				of: count,
				done: complete ? kept : undefined,
				activity: all.map((execution) => `${execution.id}:${execution.status}`),
			};
		},
		progress,
	);
}

/** A finished run's data never changes: read once per n8n and execution. */
const runCache = new WeakMap<RunSource, Map<string, Run>>();

/** The run data of finished executions (each read from n8n once). */
export async function runsFor(n8n: RunSource, executions: readonly Execution[]): Promise<Run[]> {
	const cache = runCache.get(n8n) ?? new Map<string, Run>();
	runCache.set(n8n, cache);
	const runs: Run[] = [];
	for (const execution of executions) {
		let run = cache.get(execution.id);
		if (!run) {
			const data = n8n.unflatten((await n8n.rest.execution(execution.id)).data) as {
				resultData: { runData: Run['runData'] };
			};
			run = { id: execution.id, status: execution.status, runData: data.resultData.runData };
			if (isFinished(execution)) cache.set(execution.id, run);
		}
		runs.push(run);
	}
	return runs;
}

/** A workflow's finished executions with their run data, once there are at least `count`. */
export async function runsOf(
	n8n: RunSource,
	workflowId: string,
	count: number,
	wait: ExecutionsWait = {},
): Promise<Run[]> {
	return runsFor(n8n, await executionsOf(n8n, workflowId, count, wait));
}

/** The items a node emitted in a run (none when it did not run or emitted nothing). */
export function itemsOf(run: Run, node: string): Array<Record<string, unknown>> {
	return (run.runData[node] ?? []).flatMap((task) =>
		(task.data?.main[0] ?? []).map((item) => item.json),
	);
}

/** A trigger workflow of a test: its ID, the webhook ID of its trigger node and the events it selects. */
export interface TriggerWorkflowRef {
	id: string;
	webhookId: string;
	events: string[];
}

/**
 * Emits one event of the workflows' (first) type; resolves once it was delivered to each (`urlOf`
 * gives a trigger's production URL) and their runs finished, with how many runs of that event each
 * workflow made. Runs are matched by the event's ID: a retry of an earlier event answered meanwhile
 * (a trigger published again receives the retries it refused) runs too, and is not this event's.
 */
export async function deliverOne(
	n8n: Instance,
	urlOf: (webhookId: string) => string,
	...workflows: TriggerWorkflowRef[]
): Promise<number[]> {
	const before = await Promise.all(
		workflows.map(
			async (workflow) =>
				new Set((await n8n.rest.executions(workflow.id)).map((execution) => execution.id)),
		),
	);
	const event = await n8n.platform.emit(workflows[0].events[0]);
	for (const workflow of workflows) {
		const deliveries = await n8n.platform.settledDeliveries([event.id], urlOf(workflow.webhookId));
		// Exactly one delivery, answered 2xx: a second subscription would deliver it twice.
		if (deliveries.length !== 1 || deliveries[0].status !== 'succeeded')
			throw new Error(
				`Event ${event.id} was not delivered once to ${workflow.id}: ${JSON.stringify(deliveries)}`,
			);
	}
	const runsOfEvent = async (workflow: TriggerWorkflowRef, earlier: Set<string>) =>
		await untilCounted(`a finished run of event ${event.id} in ${workflow.id}`, async () => {
			const since = (await n8n.rest.executions(workflow.id)).filter(
				(execution) => !earlier.has(execution.id),
			);
			const ofEvent = (await runsFor(n8n, since.filter(isFinished))).filter(
				(run) => itemsOf(run, TRIGGER_NODE)[0]?.id === event.id,
			);
			return {
				seen: ofEvent.length,
				of: 1,
				done: ofEvent.length > 0 && since.every(isFinished) ? ofEvent.length : undefined,
				activity: since.map((execution) => `${execution.id}:${execution.status}`),
			};
		});
	return await Promise.all(
		workflows.map(async (workflow, index) => await runsOfEvent(workflow, before[index])),
	);
}
