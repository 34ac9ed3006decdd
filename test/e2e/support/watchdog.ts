// The trigger watchdog example (examples/trigger-watchdog.json, and the two sub-workflows it runs:
// trigger-watchdog-check.json lists the workflows and checks them, trigger-watchdog-republish.json
// re-publishes) in a real n8n: its n8n API credential (a public API key of the owner:
// tooling/lib/n8n-api-credential.ts, as npm start makes it), and a run of it with `n8n execute`, read
// node by node. The workflow list lives only in the check sub-workflow, which saves no execution
// data, so a run shows what Check Triggers returned, not the list. Import `watchdogWorkflows()` and
// `watchdogCredential()` with the instance's own, call `connectWatchdog` once it runs, then
// `runWatchdog`. `deletingWatchdog` makes more copies with Delete Orphaned Subscriptions on (e.g.
// listing only tagged workflows).
import type { OffsetClock } from '../../../sandbox/index';
import {
	accessTokenCredential,
	type CredentialImport,
} from '../../../tooling/lib/demo-credentials';
import { loadExamples, type WorkflowJson, type WorkflowNode } from '../../../tooling/lib/examples';
import {
	connectN8nApiCredentials,
	n8nApiCredential,
	n8nApiCredentialsOf,
} from '../../../tooling/lib/n8n-api-credential';
import { nodeOutput, ranSuccessfully, type ExecuteOutput } from '../../../tooling/lib/n8n-cli';
import { publishSubWorkflows, subWorkflowIdsOf } from '../../../tooling/lib/sub-workflows';
import { sandboxLogin, startInstance, type Instance } from './instance';
import { untilCounted } from './progress';
import type { TriggerWorkflowRef } from './runs';
import { eventually, type Delivery } from './sandboxClient';
import { timed } from './timings';
import { triggerWorkflow } from './workflows';

type Attempt = Delivery['attempts'][number];

export const WATCHDOG_EXAMPLE = 'eduTriggerWatch1';
/** The example with Delete Orphaned Subscriptions on. */
const WATCHDOG_DELETING_ORPHANS = 'eduTriggerWatchD';
/** The parent's nodes that run the sub-workflows: Check Triggers' items, and the re-published workflows. */
const CHECK_NODE = 'List and check';
const REPUBLISH_NODE = 'Re-publish';
/** The check sub-workflow's nodes. */
const LIST_NODE = 'All workflows';
const CHECK_TRIGGERS_NODE = 'Check triggers';

const examples = () => loadExamples().map(({ workflow }) => workflow);
const exampleById = (id: string) => examples().find((workflow) => workflow.id === id)!;
const nodeNamed = (workflow: WorkflowJson, name: string): WorkflowNode =>
	workflow.nodes.find((node) => node.name === name)!;
/** The ID of the sub-workflow a parent's Execute Workflow node runs. */
const calledBy = (parent: WorkflowJson, node: string) =>
	(nodeNamed(parent, node).parameters.workflowId as { value: string }).value;

/** The watchdog example: the parent first, then the check and the re-publish sub-workflows. */
function watchdogExample(): { parent: WorkflowJson; check: WorkflowJson; republish: WorkflowJson } {
	const parent = exampleById(WATCHDOG_EXAMPLE);
	return {
		parent,
		check: exampleById(calledBy(parent, CHECK_NODE)),
		republish: exampleById(calledBy(parent, REPUBLISH_NODE)),
	};
}
const watchdogCredentialRef = () => {
	const { parent, check, republish } = watchdogExample();
	return n8nApiCredentialsOf([parent, check, republish])[0];
};

/** A workflow tag as n8n's import:workflow takes it: with an ID, so several workflows of one import can share it. */
export interface WorkflowTag {
	id: string;
	name: string;
}

/** A copy of the watchdog: run it by `id` (its parent); import all its `workflows`; `checkId`: the workflow Check Triggers runs in. */
export interface WatchdogCopy {
	id: string;
	checkId: string;
	workflows: WorkflowJson[];
}

/**
 * A copy of the example with Delete Orphaned Subscriptions on, under `id`, with its own copies of
 * the two sub-workflows (`<id>C`, `<id>R`). `listTags`: All workflows lists
 * only the workflows with these tags (the n8n node's Get Many filter Tags, comma separated); `tags`:
 * the copy's own, on the parent and the sub-workflows (Check Triggers looks for the workflow it runs
 * in, the check sub-workflow, in the list).
 */
export function deletingWatchdog(
	id: string,
	label: string,
	{ listTags, tags }: { listTags?: string; tags?: WorkflowTag[] } = {},
): WatchdogCopy {
	const example = watchdogExample();
	const [parent, check, republish] = [example.parent, example.check, example.republish].map(
		(workflow) => structuredClone(workflow),
	);
	parent.id = id;
	check.id = `${id}C`;
	republish.id = `${id}R`;
	nodeNamed(parent, CHECK_NODE).parameters.workflowId = {
		...(nodeNamed(parent, CHECK_NODE).parameters.workflowId as object),
		value: check.id,
	};
	nodeNamed(parent, REPUBLISH_NODE).parameters.workflowId = {
		...(nodeNamed(parent, REPUBLISH_NODE).parameters.workflowId as object),
		value: republish.id,
	};
	nodeNamed(check, CHECK_TRIGGERS_NODE).parameters.deleteOrphaned = true;
	if (listTags !== undefined) nodeNamed(check, LIST_NODE).parameters.filters = { tags: listTags };
	for (const [workflow, original] of [
		[parent, example.parent],
		[check, example.check],
		[republish, example.republish],
	] as const) {
		workflow.name = `${original.name} (${label})`;
		if (tags !== undefined) workflow.tags = tags;
	}
	return { id, checkId: check.id, workflows: [parent, check, republish] };
}

/** The watchdog example as it is (the parent and its sub-workflows), and a copy with Delete Orphaned Subscriptions on. */
export function watchdogWorkflows(): WorkflowJson[] {
	const { parent, check, republish } = watchdogExample();
	return [
		parent,
		check,
		republish,
		...deletingWatchdog(WATCHDOG_DELETING_ORPHANS, 'deleting orphans').workflows,
	];
}

/** The example's n8n API credential as the example names it, without a key until `connectWatchdog`. */
export function watchdogCredential(): CredentialImport {
	return n8nApiCredential(watchdogCredentialRef());
}

/**
 * Fills in the n8n API credential (a new API key of the owner and this n8n's API address) and, on
 * n8n 2.x, publishes the sub-workflows n8n has (the watchdog's and its copies'), as npm start does:
 * a parent run outside the editor runs a sub-workflow's published version only.
 */
export async function connectWatchdog(
	n8n: Pick<Instance, 'rest'> & { server: Pick<Instance['server'], 'url'> },
): Promise<void> {
	await connectN8nApiCredentials(n8n.rest, [watchdogCredentialRef()], n8n.server.url);
	const stored = await Promise.all(
		(await n8n.rest.workflows()).map(
			async ({ id }) => (await n8n.rest.workflow(id)) as unknown as WorkflowJson,
		),
	);
	await publishSubWorkflows(n8n.rest, subWorkflowIdsOf(stored));
}

export interface WatchdogRun {
	/** Check Triggers' items (what the check sub-workflow returned): one per trigger and orphan, then the summary. */
	checked: Array<Record<string, unknown>>;
	summary: Record<string, unknown>;
	/** The workflows the run unpublished and published again (the re-publish sub-workflow's items: id, name, active, activeVersionId). */
	republished: Array<Record<string, unknown>>;
}

/** The ID of the watchdog copy to run: `workflowId`, the copy with Delete Orphaned Subscriptions on, or the example. */
const watchdogId = ({
	deleteOrphaned = false,
	workflowId,
}: {
	deleteOrphaned?: boolean;
	workflowId?: string;
}) => workflowId ?? (deleteOrphaned ? WATCHDOG_DELETING_ORPHANS : WATCHDOG_EXAMPLE);

/**
 * One run of the watchdog (`n8n execute` of its parent); `deleteOrphaned`: the copy with Delete
 * Orphaned Subscriptions on; `workflowId`: another copy (deletingWatchdog's).
 */
export async function runWatchdog(
	n8n: Pick<Instance, 'cli'>,
	options: { deleteOrphaned?: boolean; workflowId?: string } = {},
): Promise<WatchdogRun> {
	const id = watchdogId(options);
	const { result, output } = await timed('n8n execute (trigger watchdog)', () =>
		n8n.cli.execute(id),
	);
	if (!output || !ranSuccessfully(result, output)) {
		throw new Error(
			`n8n execute --id=${id} did not succeed (${result.signal ?? `exit code ${String(result.code)}`}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	const checked = nodeOutput(output, CHECK_NODE);
	// n8n runs no node that gets no item: nothing to re-publish, no Re-publish in the run data.
	const republished = output.data.resultData.runData[REPUBLISH_NODE]
		? nodeOutput(output, REPUBLISH_NODE)
		: [];
	return { checked, summary: checked[checked.length - 1], republished };
}

/** A run of the watchdog that failed: the error n8n recorded for it (the failing node of the parent, and its message). */
export async function failedWatchdogRun(
	n8n: Pick<Instance, 'cli'>,
	options: { deleteOrphaned?: boolean; workflowId?: string } = {},
): Promise<{
	output: ExecuteOutput;
	node: string | undefined;
	message: string;
	description: string | undefined;
}> {
	const id = watchdogId(options);
	const { result, output } = await timed('n8n execute (trigger watchdog, failing)', () =>
		n8n.cli.execute(id),
	);
	const error = output?.data.resultData.error;
	if (output?.status !== 'error' || error?.message === undefined) {
		throw new Error(
			`n8n execute --id=${id} did not fail with an error (${result.signal ?? `exit code ${String(result.code)}`}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	return {
		output,
		node: output.data.resultData.lastNodeExecuted,
		message: error.message,
		description: error.description,
	};
}

/**
 * Makes the proof Check Triggers deletes an orphan on: emits one `orphanEvent` event and waits until
 * n8n has answered 404 to its attempts 1 to 3 to `subscriptionId`, and, meanwhile, emits one
 * `liveEvent` event that a live trigger of this n8n receives (2xx), then waits for a refusal 5
 * minutes after the first. The e2e sandbox retries in milliseconds and seconds, not 5 s and 5
 * min, so its clock (support/instance.ts: an OffsetClock) moves 6 minutes on for that refusal, the
 * minutes the real schedule would take; nothing else is delivered meanwhile.
 */
export async function refusedByN8n(
	n8n: Pick<Instance, 'platform' | 'sandbox'>,
	subscriptionId: string,
	orphanEvent: string,
	liveEvent: string,
): Promise<void> {
	const refused = await n8n.platform.emit(orphanEvent);
	const attemptsTo = async (eventId: string, subscriptionIds: string[]) =>
		(await Promise.all(subscriptionIds.map(async (id) => await n8n.platform.deliveries(id))))
			.flat()
			.filter((delivery) => delivery.event_id === eventId)
			.flatMap((delivery) => delivery.attempts);
	const refusals = (attempts: Attempt[], after = 0) =>
		attempts.filter(
			(attempt) => attempt.response_status === 404 && Date.parse(attempt.started_at) > after,
		);
	// Each wait follows the attempts (support/progress.ts): the e2e sandbox's retries come in seconds.
	const first = await untilCounted(
		`n8n to refuse attempts 1 to 3 of event ${refused.id} to ${subscriptionId}`,
		async () => {
			const attempts = await attemptsTo(refused.id, [subscriptionId]);
			const found = refusals(attempts).sort(
				(a, b) => Date.parse(a.started_at) - Date.parse(b.started_at),
			);
			return {
				seen: found.length,
				of: 3,
				done: found.length >= 3 ? found[0] : undefined,
				activity: attempts.length,
			};
		},
	);
	const live = await n8n.platform.emit(liveEvent);
	await untilCounted(`a live trigger to answer event ${live.id}`, async () => {
		const attempts = await attemptsTo(
			live.id,
			(await n8n.platform.subscriptions()).map(({ id }) => id),
		);
		const answer = attempts.find(
			(attempt) =>
				attempt.response_status !== null &&
				attempt.response_status >= 200 &&
				attempt.response_status < 300,
		);
		return { seen: answer ? 1 : 0, of: 1, done: answer, activity: attempts.length };
	});
	const clock = n8n.sandbox.config.clock as OffsetClock;
	clock.offsetMs = 6 * 60_000;
	try {
		const later = Date.parse(first.started_at) + 5 * 60_000;
		await untilCounted(
			`n8n to refuse a retry of event ${refused.id} 5 minutes of the platform's time after its first attempt`,
			async () => {
				const attempts = await attemptsTo(refused.id, [subscriptionId]);
				return {
					seen: refusals(attempts, later).length,
					of: 1,
					done: refusals(attempts, later).length > 0 ? true : undefined,
					activity: attempts.length,
				};
			},
		);
	} finally {
		clock.offsetMs = 0;
	}
}

/**
 * One n8n for a watchdog test file: trigger workflows (named by their IDs; `tagged` ones carry
 * `tag`), the watchdog example and `copies` (deletingWatchdog's), its n8n API credential connected
 * and the triggers published, once each has its subscription.
 */
export async function startWatchdogInstance(
	triggers: readonly TriggerWorkflowRef[],
	{
		tag,
		tagged = [],
		copies = [],
	}: {
		tag?: WorkflowTag;
		tagged?: readonly TriggerWorkflowRef[];
		copies?: readonly WatchdogCopy[];
	} = {},
): Promise<Instance> {
	const n8n = await startInstance((sandbox) => {
		const credential = accessTokenCredential(sandboxLogin(sandbox));
		return {
			credentials: [credential, watchdogCredential()],
			workflows: [
				...triggers.map(({ id, events, webhookId }) => ({
					...triggerWorkflow(id, credential, events, webhookId),
					name: id,
					...(tag && tagged.some((each) => each.id === id) ? { tags: [tag] } : {}),
				})),
				...watchdogWorkflows(),
				...copies.flatMap((copy) => copy.workflows),
			],
		};
	});
	await connectWatchdog(n8n);
	for (const { id } of triggers) await n8n.rest.activateWorkflow(id);
	await eventually("the triggers' subscriptions", async () =>
		(await n8n.platform.subscriptions()).length === triggers.length ? true : undefined,
	);
	return n8n;
}
