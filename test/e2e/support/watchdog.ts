// The trigger watchdog example (examples/trigger-watchdog.json) in a real n8n: its n8n API
// credential (a public API key of the owner: tooling/lib/n8n-api-credential.ts, as npm start makes
// it), and a run of it with `n8n execute`, read node by node. Import `watchdogWorkflows()` and
// `watchdogCredential()` with the instance's own, call `connectWatchdog` once it runs, then `runWatchdog`.
// `deletingWatchdog` makes more copies with Delete Orphaned Subscriptions on (e.g. listing only tagged workflows).
import type { CredentialImport } from '../../../tooling/lib/demo-credentials';
import { loadExamples, type WorkflowJson } from '../../../tooling/lib/examples';
import { connectN8nApiCredentials, n8nApiCredential, n8nApiCredentialsOf } from '../../../tooling/lib/n8n-api-credential';
import { nodeOutput } from '../../../tooling/lib/n8n-cli';
import type { Instance } from './instance';
import { untilCounted } from './progress';
import type { Delivery } from './sandboxClient';
import { timed } from './timings';

type Attempt = Delivery['attempts'][number];

export const WATCHDOG_EXAMPLE = 'eduTriggerWatch1';
/** The example with Delete Orphaned Subscriptions on. */
const WATCHDOG_DELETING_ORPHANS = 'eduTriggerWatchD';
const LIST_NODE = 'All workflows';
const CHECK_NODE = 'Check triggers';
const PUBLISH_NODE = 'Publish workflow';

const watchdogExample = () => loadExamples().find(({ workflow }) => workflow.id === WATCHDOG_EXAMPLE)!.workflow;
const watchdogCredentialRef = () => n8nApiCredentialsOf([watchdogExample()])[0];

/** A workflow tag as n8n's import:workflow takes it: with an ID, so several workflows of one import can share it. */
export interface WorkflowTag {
	id: string;
	name: string;
}

/**
 * A copy of the example with Delete Orphaned Subscriptions on, under `id`. `listTags`: All workflows
 * lists only the workflows with these tags (the n8n node's Get Many filter Tags, comma separated);
 * `tags`: the copy's own.
 */
export function deletingWatchdog(id: string, label: string, { listTags, tags }: { listTags?: string; tags?: WorkflowTag[] } = {}): WorkflowJson {
	const example = watchdogExample();
	const copy = structuredClone(example);
	copy.id = id;
	copy.name = `${example.name} (${label})`;
	copy.nodes.find((node) => node.name === CHECK_NODE)!.parameters.deleteOrphaned = true;
	if (listTags !== undefined) copy.nodes.find((node) => node.name === LIST_NODE)!.parameters.filters = { tags: listTags };
	if (tags !== undefined) copy.tags = tags;
	return copy;
}

/** The watchdog example as it is, and a copy with Delete Orphaned Subscriptions on. */
export function watchdogWorkflows(): WorkflowJson[] {
	return [watchdogExample(), deletingWatchdog(WATCHDOG_DELETING_ORPHANS, 'deleting orphans')];
}

/** The example's n8n API credential as the example names it, without a key until `connectWatchdog`. */
export function watchdogCredential(): CredentialImport {
	return n8nApiCredential(watchdogCredentialRef());
}

/** Fills in the n8n API credential: a new API key of the owner and this n8n's API address. */
export async function connectWatchdog(n8n: Instance): Promise<void> {
	await connectN8nApiCredentials(n8n.rest, [watchdogCredentialRef()], n8n.server.url);
}

export interface WatchdogRun {
	/** The workflows the n8n node listed with the n8n API credential. */
	workflows: Array<Record<string, unknown>>;
	/** Check Triggers' items: one per trigger and orphan, then the summary. */
	checked: Array<Record<string, unknown>>;
	summary: Record<string, unknown>;
	/** The workflows the run unpublished and published again (the n8n node's answers). */
	republished: Array<Record<string, unknown>>;
}

/**
 * One run of the watchdog (`n8n execute`); `deleteOrphaned`: the copy with Delete Orphaned
 * Subscriptions on; `workflowId`: another copy (deletingWatchdog's).
 */
export async function runWatchdog(n8n: Pick<Instance, 'cli'>, { deleteOrphaned = false, workflowId }: { deleteOrphaned?: boolean; workflowId?: string } = {}): Promise<WatchdogRun> {
	const id = workflowId ?? (deleteOrphaned ? WATCHDOG_DELETING_ORPHANS : WATCHDOG_EXAMPLE);
	const { result, output } = await timed('n8n execute (trigger watchdog)', () => n8n.cli.execute(id));
	// The run's own status: n8n 1.123's CLI has been seen to end on a signal after printing a finished, successful run.
	if (output?.status !== 'success') {
		throw new Error(`n8n execute --id=${id} did not succeed (${result.signal ?? `exit code ${String(result.code)}`}):\n${result.stdout}\n${result.stderr}`);
	}
	const checked = nodeOutput(output, CHECK_NODE);
	// n8n runs no node that gets no item: nothing to re-publish, no Publish workflow in the run data.
	const republished = output.data.resultData.runData[PUBLISH_NODE] ? nodeOutput(output, PUBLISH_NODE) : [];
	return { workflows: nodeOutput(output, LIST_NODE), checked, summary: checked[checked.length - 1], republished };
}

/**
 * Makes the proof Check Triggers deletes an orphan on: emits one `orphanEvent` event and waits until
 * n8n has answered 404 to its attempts 1 to 3 to `subscriptionId`, and, meanwhile, emits one
 * `liveEvent` event that a live trigger of this n8n receives (2xx), then waits for a refusal after
 * that answer. The e2e sandbox retries in milliseconds and seconds, not 5 s and 5 min.
 */
export async function refusedByN8n(n8n: Pick<Instance, 'platform'>, subscriptionId: string, orphanEvent: string, liveEvent: string): Promise<void> {
	const refused = await n8n.platform.emit(orphanEvent);
	const attemptsTo = async (eventId: string, subscriptionIds: string[]) =>
		(await Promise.all(subscriptionIds.map(async (id) => await n8n.platform.deliveries(id))))
			.flat()
			.filter((delivery) => delivery.event_id === eventId)
			.flatMap((delivery) => delivery.attempts);
	const refusals = (attempts: Attempt[], after = 0) => attempts.filter((attempt) => attempt.response_status === 404 && Date.parse(attempt.started_at) > after);
	// Each wait follows the attempts (support/progress.ts): the e2e sandbox's retries come in seconds.
	await untilCounted(`n8n to refuse event ${refused.id} to ${subscriptionId}`, async () => {
		const attempts = await attemptsTo(refused.id, [subscriptionId]);
		return { seen: refusals(attempts).length, of: 1, done: refusals(attempts).length > 0 ? true : undefined, activity: attempts.length };
	});
	const live = await n8n.platform.emit(liveEvent);
	const answered = await untilCounted(`a live trigger to answer event ${live.id}`, async () => {
		const attempts = await attemptsTo(live.id, (await n8n.platform.subscriptions()).map(({ id }) => id));
		const answer = attempts.find((attempt) => attempt.response_status !== null && attempt.response_status >= 200 && attempt.response_status < 300);
		return { seen: answer ? 1 : 0, of: 1, done: answer, activity: attempts.length };
	});
	await untilCounted(`n8n to refuse attempts 1 to 3 of event ${refused.id}, one after ${answered.started_at}`, async () => {
		const attempts = await attemptsTo(refused.id, [subscriptionId]);
		const done = refusals(attempts).length >= 3 && refusals(attempts, Date.parse(answered.started_at)).length > 0;
		return { seen: refusals(attempts).length, of: 3, done: done ? true : undefined, activity: attempts.length };
	});
}
