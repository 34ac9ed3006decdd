// The trigger watchdog example (examples/trigger-watchdog.json) in a real n8n, with n8n's own n8n
// node on an API key of the owner: a subscription deleted and one disabled in the platform's
// dashboard are repaired (re-published through n8n's API, re-enabled) and the next event runs each
// workflow once; a subscription to this n8n that no trigger owns is reported, and deleted only with
// the option and once the platform's delivery log shows n8n refusing it (404 to 3 attempts of one
// event); with the option on, a watchdog whose list leaves out a live workflow (a tag filter) or
// lists nothing (Always Output Data's empty item) deletes nothing, and one event still runs each
// workflow once; a healthy instance's run changes nothing and says so. One n8n for the file.
import { randomUUID } from 'node:crypto';

import { accessTokenCredential } from '../../tooling/lib/demo-credentials';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { runsOf } from './support/runs';
import { eventually, type Subscription } from './support/sandboxClient';
import { connectWatchdog, deletingWatchdog, refusedByN8n, runWatchdog, watchdogCredential, watchdogWorkflows, type WatchdogRun } from './support/watchdog';
import { triggerWorkflow } from './support/workflows';

jest.setTimeout(300_000);

/** Two trigger workflows: the dashboard deletes one's subscription and disables the other's. */
const DELETED = { id: 'wdDeleted0000001', webhookId: randomUUID(), events: ['payment.succeeded'] };
const DISABLED = { id: 'wdDisabled000001', webhookId: randomUUID(), events: ['enrollment.created'] };
/**
 * Two live triggers on one event type (no other trigger here has it), for the watchdogs that list
 * only some workflows: only TAGGED carries the tag the tag-filtered watchdog lists.
 */
// With an ID: import:workflow reads the stored tags once per import (TagRepository.setTags), so two
// workflows naming a new tag by name alone would each create it, and tag names are unique.
const TAG = { id: 'eduE2eWatchTag01', name: 'watchdog-e2e' };
const TAGGED = { id: 'wdTagged00000001', webhookId: randomUUID(), events: ['enrollment.completed'] };
const UNTAGGED = { id: 'wdUntagged000001', webhookId: randomUUID(), events: ['enrollment.completed'] };
const TRIGGERS = [DELETED, DISABLED, TAGGED, UNTAGGED];
/** Deleting copies: one lists the workflows with TAG (itself and TAGGED), one lists none (a tag no workflow has). */
const WATCHDOG_TAGGED = deletingWatchdog('eduTriggerWatchT', 'deleting orphans, lists one tag', { listTags: TAG.name, tags: [TAG] });
const WATCHDOG_LISTING_NONE = deletingWatchdog('eduTriggerWatch0', 'deleting orphans, lists nothing', { listTags: 'no-workflow-has-this' });

let n8n: Instance;
const urlOf = (webhookId: string) => `${n8n.webhookBase}webhook/${webhookId}/webhook`;
const subscriptionFor = async (webhookId: string) => (await n8n.platform.subscriptions()).filter((subscription) => subscription.url === urlOf(webhookId));
const snapshot = (subscriptions: Subscription[]) => subscriptions.map(({ id, url, events, enabled }) => ({ id, url, events: [...events].sort(), enabled })).sort((a, b) => a.id.localeCompare(b.id));

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		const credential = accessTokenCredential(sandboxLogin(sandbox));
		return {
			credentials: [credential, watchdogCredential()],
			workflows: [
				...TRIGGERS.map(({ id, events, webhookId }) => ({ ...triggerWorkflow(id, credential, events, webhookId), name: id, ...(id === TAGGED.id ? { tags: [TAG] } : {}) })),
				...watchdogWorkflows(),
				WATCHDOG_TAGGED,
				WATCHDOG_LISTING_NONE,
			],
		};
	});
	await connectWatchdog(n8n);
	for (const { id } of TRIGGERS) await n8n.rest.activateWorkflow(id);
	await eventually('the triggers\' subscriptions', async () => ((await n8n.platform.subscriptions()).length === TRIGGERS.length ? true : undefined));
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

// The previous case's deliveries, retries and runs cannot enter this one's counts (support/quiet.ts).
beforeEach(() => n8n.quiet());

/**
 * Emits one event of the workflows' type; resolves once it was delivered to each and their runs
 * finished, with each workflow's new runs.
 */
async function deliverOne(...workflows: Array<typeof DELETED>): Promise<number[]> {
	const before = await Promise.all(workflows.map(async (workflow) => (await n8n.rest.executions(workflow.id)).length));
	const event = await n8n.platform.emit(workflows[0].events[0]);
	for (const workflow of workflows) {
		const deliveries = await n8n.platform.settledDeliveries([event.id], urlOf(workflow.webhookId));
		expect(deliveries.map((delivery) => delivery.status)).toEqual(['succeeded']);
	}
	await Promise.all(workflows.map((workflow, index) => runsOf(n8n, workflow.id, before[index] + 1)));
	return await Promise.all(workflows.map(async (workflow, index) => (await n8n.rest.executions(workflow.id)).length - before[index]));
}

/** The orphan items of a run, by subscription ID. */
const orphanItemsOf = (run: WatchdogRun) => Object.fromEntries(run.checked.filter((item) => item.check === 'orphan').map((item) => [item.webhook_subscription_id, item]));

it('a subscription deleted and one disabled in the dashboard: the watchdog re-publishes and re-enables, and the next event runs each workflow once; an orphan is reported and kept', async () => {
	const [deleted] = await subscriptionFor(DELETED.webhookId);
	const [disabled] = await subscriptionFor(DISABLED.webhookId);
	await n8n.platform.deleteSubscription(deleted.id);
	await n8n.platform.setSubscriptionEnabled(disabled.id, false);
	// Another integration's subscription, and one to this n8n's trigger URL of a node no workflow has.
	await n8n.platform.createSubscription('https://elsewhere.example/hook', ['payment.succeeded']);
	const orphan = await n8n.platform.createSubscription(urlOf(randomUUID()), ['payment.failed']);

	const run = await runWatchdog(n8n);
	const byWorkflow = Object.fromEntries(run.checked.filter((item) => item.check === 'trigger').map((item) => [item.workflow_id, item]));
	expect(byWorkflow[DELETED.id]).toMatchObject({ state: 'missing', action: 'republish', republish: true });
	expect(byWorkflow[DISABLED.id]).toMatchObject({ state: 'disabled', action: 're-enabled', republish: false, webhook_subscription_ids: [disabled.id] });
	expect(run.checked.filter((item) => item.check === 'orphan')).toEqual([expect.objectContaining({ webhook_subscription_id: orphan.id, action: 'none' })]);
	expect(run.summary).toMatchObject({ healthy: false, changed: true, re_enabled: 1, workflows_to_republish: 1, orphans: 1, deleted_orphans: 0 });
	expect(run.republished.map((workflow) => [workflow.id, workflow.active])).toEqual([[DELETED.id, true]]);

	// n8n 2.x publishes through its publication service after answering: the trigger's create() follows.
	const [registered] = await eventually('the re-published trigger\'s new subscription', async () => {
		const found = await subscriptionFor(DELETED.webhookId);
		return found.length === 1 ? found : undefined;
	});
	expect(registered).toMatchObject({ enabled: true, events: DELETED.events });
	expect(await subscriptionFor(DISABLED.webhookId)).toEqual([expect.objectContaining({ id: disabled.id, enabled: true })]);
	expect(await deliverOne(DELETED)).toEqual([1]);
	expect(await deliverOne(DISABLED)).toEqual([1]);
	expect((await n8n.platform.subscriptions()).map((subscription) => subscription.id)).toContain(orphan.id);
});

it('Delete Orphaned Subscriptions: once n8n has refused an event for it, the orphan goes, with the proof; the triggers\' and the other integration\'s subscriptions stay', async () => {
	const before = await n8n.platform.subscriptions();
	const orphan = before.find((subscription) => subscription.events.includes('payment.failed'))!;
	await refusedByN8n(n8n, orphan.id, 'payment.failed', DISABLED.events[0]);

	const run = await runWatchdog(n8n, { deleteOrphaned: true });
	expect(run.checked.filter((item) => item.check === 'orphan')).toEqual([
		expect.objectContaining({ webhook_subscription_id: orphan.id, action: 'deleted', proof: expect.stringMatching(/^n8n answered 404 /) }),
	]);
	expect(run.summary).toMatchObject({ unhealthy_triggers: 0, orphans: 1, deleted_orphans: 1 });
	expect(snapshot(await n8n.platform.subscriptions())).toEqual(snapshot(before.filter((subscription) => subscription.id !== orphan.id)));
});

it('Delete Orphaned Subscriptions, with a watchdog given only one of two live trigger workflows (a tag filter): the other\'s subscription is kept, as the platform shows n8n serving it; both stay and one event runs both workflows', async () => {
	// Each log shows a success, so neither has the refusal proof.
	expect(await deliverOne(TAGGED, UNTAGGED)).toEqual([1, 1]);
	const before = await n8n.platform.subscriptions();
	const leftOut = await Promise.all([DELETED, DISABLED, UNTAGGED].map(async ({ webhookId }) => (await subscriptionFor(webhookId))[0].id));

	const run = await runWatchdog(n8n, { workflowId: WATCHDOG_TAGGED.id });
	// The list is what the tag filter leaves: this watchdog and TAGGED, so Check Triggers trusts it
	// as far as the input goes (it lists the watchdog itself); only the delivery log keeps UNTAGGED.
	expect(run.workflows.map((workflow) => workflow.id).sort()).toEqual([WATCHDOG_TAGGED.id, TAGGED.id].sort());
	expect(run.checked.filter((item) => item.check === 'trigger')).toEqual([expect.objectContaining({ workflow_id: TAGGED.id, state: 'healthy', action: 'none' })]);
	// UNTAGGED's subscription, and those of the other left-out triggers (DELETED, DISABLED), whose logs show successes too.
	const orphans = orphanItemsOf(run);
	expect(Object.keys(orphans).sort()).toEqual([...leftOut].sort());
	for (const id of leftOut) {
		expect(orphans[id]).toMatchObject({ action: 'kept', proof: null, note: expect.stringMatching(/the platform's delivery log does not show n8n refusing it/) });
	}
	expect(run.summary).toMatchObject({ orphans: leftOut.length, deleted_orphans: 0 });

	expect(snapshot(await n8n.platform.subscriptions())).toEqual(snapshot(before));
	expect(await deliverOne(TAGGED, UNTAGGED)).toEqual([1, 1]);
});

it('Delete Orphaned Subscriptions, with a watchdog whose list is empty (Always Output Data\'s empty item): every subscription is kept, as the input does not list the watchdog itself; both stay and one event runs both workflows', async () => {
	const before = await n8n.platform.subscriptions();
	const run = await runWatchdog(n8n, { workflowId: WATCHDOG_LISTING_NONE.id });
	expect(run.workflows).toEqual([{}]);
	const orphans = Object.values(orphanItemsOf(run));
	expect(orphans).toHaveLength(TRIGGERS.length);
	for (const item of orphans) {
		expect(item).toMatchObject({ action: 'kept', proof: null, note: expect.stringContaining(`the input does not list this workflow itself (ID "${WATCHDOG_LISTING_NONE.id}")`) });
	}
	expect(run.summary).toMatchObject({ triggers: 0, orphans: TRIGGERS.length, deleted_orphans: 0 });

	expect(snapshot(await n8n.platform.subscriptions())).toEqual(snapshot(before));
	expect(await deliverOne(TAGGED, UNTAGGED)).toEqual([1, 1]);
});

it('a healthy instance: the run changes nothing and says so', async () => {
	const before = snapshot(await n8n.platform.subscriptions());
	const run = await runWatchdog(n8n);
	expect(run.summary).toMatchObject({ healthy: true, changed: false, triggers: TRIGGERS.length, message: expect.stringMatching(/Nothing was changed/) });
	expect(run.checked.filter((item) => item.check === 'trigger').map((item) => [item.state, item.action])).toEqual(TRIGGERS.map(() => ['healthy', 'none']));
	// Its only write that lands after the run, a re-publish, was not asked for (no item reached it);
	// re-enabling and deleting happen within the run. So the platform is as it was.
	expect(run.republished).toEqual([]);
	expect(snapshot(await n8n.platform.subscriptions())).toEqual(before);
});
