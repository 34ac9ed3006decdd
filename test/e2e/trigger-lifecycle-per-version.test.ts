// The trigger's lifecycle where n8n's versions differ (support/target.ts), as read in n8n's code
// and proven here:
// - a save of an active workflow: n8n 1.x calls delete() then create(), so the subscription is
//   re-created at once; n8n 2.x (publication service on or off) saves a draft, and the
//   subscription changes only when the draft is published.
// - start-up: on the legacy path (1.x, or 2.x with N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false)
//   n8n calls checkExists(), so a subscription deleted on the platform while n8n was down comes
//   back; with the publication service a restart calls nothing, and re-publishing recovers.
import { randomUUID } from 'node:crypto';

import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import { nodeOutput } from '../../tooling/lib/n8n-cli';
import { startInstance, type Instance } from './support/instance';
import { executionsOf } from './support/runs';
import { eventually, type Subscription } from './support/sandboxClient';
import { sentinel, type Sentinel } from './support/sentinel';
import { e2eTarget } from './support/target';
import { timed } from './support/timings';
import { triggerWorkflow } from './support/workflows';

jest.setTimeout(300_000);

const WORKFLOW_ID = 'e2eLifecycleVer1';
const WEBHOOK_ID = randomUUID();
const FIRST_EVENTS = ['enrollment.created'];
const SAVED_EVENTS = ['enrollment.created', 'payment.failed'];

let n8n: Instance;
let credential: CredentialImport;
let publications: Sentinel;

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		credential = accessTokenCredential(
			{ baseUrl: sandbox.baseUrl, token: sandbox.config.demoToken },
			'e2eLifecycleTok1',
			'e2e lifecycle access token',
		);
		publications = sentinel(credential);
		return {
			credentials: [credential],
			workflows: [
				triggerWorkflow(WORKFLOW_ID, credential, FIRST_EVENTS, WEBHOOK_ID),
				publications.workflow,
			],
		};
	});
	await n8n.rest.activateWorkflow(WORKFLOW_ID);
	await onlySubscription('the first subscription', FIRST_EVENTS);
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

// The previous case's deliveries, retries and runs cannot enter this one's counts (support/quiet.ts).
beforeEach(() => n8n.quiet());

const webhookUrl = () => `${n8n.webhookBase}webhook/${WEBHOOK_ID}/webhook`;
const sorted = (events: string[]) => [...events].sort();

/** Waits until the platform holds exactly one subscription, for the workflow's URL with these events. */
async function onlySubscription(what: string, events: string[]): Promise<Subscription> {
	const [subscription] = await eventually(what, async () => {
		const found = await n8n.platform.subscriptions();
		return found.length === 1 && sorted(found[0].events).join() === sorted(events).join()
			? found
			: undefined;
	});
	expect(subscription.url).toBe(webhookUrl());
	expect(subscription.enabled).toBe(true);
	return subscription;
}

/** An event of `type` runs the workflow once more: the stored signing secret matches the subscription's. */
async function expectDeliveryRuns(type: string): Promise<void> {
	const before = (await n8n.rest.executions(WORKFLOW_ID)).length;
	const event = await n8n.platform.emit(type);
	const [latest] = await executionsOf(n8n, WORKFLOW_ID, before + 1, {
		keep: (execution) => execution.status === 'success',
		what: `an execution for ${type}`,
	});
	const run = { data: n8n.unflatten((await n8n.rest.execution(latest.id)).data) } as Parameters<
		typeof nodeOutput
	>[0];
	expect(nodeOutput(run, 'Education Platform Trigger')).toEqual([
		expect.objectContaining({ id: event.id, type }),
	]);
}

function withEvents(events: string[]) {
	return (nodes: Awaited<ReturnType<Instance['rest']['workflow']>>['nodes']) =>
		nodes.map((node) =>
			node.name === 'Education Platform Trigger'
				? { ...node, parameters: { ...node.parameters, events } }
				: node,
		);
}

describe(`the trigger's lifecycle on ${e2eTarget().label} (${e2eTarget().activation} activation)`, () => {
	it('uses the webhook URL variable of its n8n line', () => {
		expect(n8n.target.webhookUrlVariable).toBe(
			n8n.target.n8nMajor === 1 ? 'WEBHOOK_URL' : 'N8N_WEBHOOK_URL',
		);
	});

	it('saving the active workflow with other events: re-created at once on n8n 1.x, a draft until published on 2.x', async () => {
		const before = await onlySubscription('the current subscription', FIRST_EVENTS);
		await timed(`save an active workflow (${n8n.target.saveOfActiveWorkflow})`, () =>
			n8n.rest.saveWorkflow(WORKFLOW_ID, withEvents(SAVED_EVENTS)),
		);
		if (n8n.target.saveOfActiveWorkflow === 'recreates') {
			// delete() removed the old subscription, create() registered a new one with the saved events.
			const after = await onlySubscription('the re-created subscription', SAVED_EVENTS);
			expect(after.id).not.toBe(before.id);
		} else {
			await publications.settle(n8n);
			expect(await onlySubscription('the unchanged subscription', FIRST_EVENTS)).toEqual(before);
			await timed('publish the saved draft', () => n8n.rest.activateWorkflow(WORKFLOW_ID));
			await onlySubscription('the subscription after publishing', SAVED_EVENTS);
		}
		await expectDeliveryRuns('payment.failed');
	});

	it('a subscription deleted on the platform while n8n was down: registered again at start-up (checkExists) on the legacy path, not on the publication path', async () => {
		const [subscription] = await n8n.platform.subscriptions();
		await n8n.server.stop();
		await n8n.platform.deleteSubscription(subscription.id);
		await timed(`n8n start after the subscription was deleted (${n8n.target.activation})`, () =>
			n8n.server.start(),
		);
		if (n8n.target.activation === 'legacy') {
			const again = await onlySubscription('the subscription registered at start-up', SAVED_EVENTS);
			expect(again.id).not.toBe(subscription.id);
			await expectDeliveryRuns('enrollment.created');
		} else {
			await publications.settle(n8n);
			expect(await n8n.platform.subscriptions()).toEqual([]);
			// Recovery: publish again.
			await n8n.rest.deactivateWorkflow(WORKFLOW_ID);
			await n8n.rest.activateWorkflow(WORKFLOW_ID);
			await onlySubscription('the subscription after publishing again', SAVED_EVENTS);
		}
	});
});
