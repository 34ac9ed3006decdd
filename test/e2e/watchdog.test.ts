// The trigger watchdog example (examples/trigger-watchdog.json) in a real n8n, with n8n's own n8n
// node on an API key of the owner: a subscription deleted and one disabled in the platform's
// dashboard are repaired (re-published through n8n's API, re-enabled) and the next event runs each
// workflow once; a subscription to this n8n that no trigger owns is reported, and deleted only
// with the option; a healthy instance's run changes nothing and says so. One n8n for the file.
import { randomUUID } from 'node:crypto';

import { accessTokenCredential } from '../../tooling/lib/demo-credentials';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { runsOf } from './support/runs';
import { eventually, type Subscription } from './support/sandboxClient';
import { connectWatchdog, runWatchdog, watchdogCredential, watchdogWorkflows } from './support/watchdog';
import { triggerWorkflow } from './support/workflows';

jest.setTimeout(300_000);

/** Two trigger workflows: the dashboard deletes one's subscription and disables the other's. */
const DELETED = { id: 'wdDeleted0000001', webhookId: randomUUID(), events: ['payment.succeeded'] };
const DISABLED = { id: 'wdDisabled000001', webhookId: randomUUID(), events: ['enrollment.created'] };

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
				...[DELETED, DISABLED].map(({ id, events, webhookId }) => ({ ...triggerWorkflow(id, credential, events, webhookId), name: id })),
				...watchdogWorkflows(),
			],
		};
	});
	await connectWatchdog(n8n);
	for (const { id } of [DELETED, DISABLED]) await n8n.rest.activateWorkflow(id);
	await eventually('both triggers\' subscriptions', async () => ((await n8n.platform.subscriptions()).length === 2 ? true : undefined));
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

/** Emits an event of the workflow's type; resolves once it was delivered and its run finished, with the workflow's runs. */
async function deliverOne(workflow: typeof DELETED): Promise<number> {
	const before = (await n8n.rest.executions(workflow.id)).length;
	const event = await n8n.platform.emit(workflow.events[0]);
	const deliveries = await n8n.platform.settledDeliveries([event.id], urlOf(workflow.webhookId));
	expect(deliveries.map((delivery) => delivery.status)).toEqual(['succeeded']);
	await runsOf(n8n, workflow.id, before + 1);
	return (await n8n.rest.executions(workflow.id)).length - before;
}

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
	expect(await deliverOne(DELETED)).toBe(1);
	expect(await deliverOne(DISABLED)).toBe(1);
	expect((await n8n.platform.subscriptions()).map((subscription) => subscription.id)).toContain(orphan.id);
});

it('Delete Orphaned Subscriptions: the orphan goes, the triggers\' and the other integration\'s subscriptions stay', async () => {
	const before = await n8n.platform.subscriptions();
	const orphan = before.find((subscription) => subscription.events.includes('payment.failed'))!;
	const run = await runWatchdog(n8n, { deleteOrphaned: true });
	expect(run.checked.filter((item) => item.check === 'orphan')).toEqual([expect.objectContaining({ webhook_subscription_id: orphan.id, action: 'deleted' })]);
	expect(run.summary).toMatchObject({ unhealthy_triggers: 0, orphans: 1, deleted_orphans: 1 });
	expect(snapshot(await n8n.platform.subscriptions())).toEqual(snapshot(before.filter((subscription) => subscription.id !== orphan.id)));
});

it('a healthy instance: the run changes nothing and says so', async () => {
	const before = snapshot(await n8n.platform.subscriptions());
	const run = await runWatchdog(n8n);
	expect(run.summary).toMatchObject({ healthy: true, changed: false, triggers: 2, message: expect.stringMatching(/Nothing was changed/) });
	expect(run.checked.filter((item) => item.check === 'trigger').map((item) => [item.state, item.action])).toEqual([
		['healthy', 'none'],
		['healthy', 'none'],
	]);
	// Its only write that lands after the run, a re-publish, was not asked for (no item reached it);
	// re-enabling and deleting happen within the run. So the platform is as it was.
	expect(run.republished).toEqual([]);
	expect(snapshot(await n8n.platform.subscriptions())).toEqual(before);
});
