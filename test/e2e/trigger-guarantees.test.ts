// The trigger's guarantees in a real n8n, on the activation path the instance runs (n8n 2.x's
// publication service, or with EDU_E2E_PUBLICATION_SERVICE=false the legacy path 1.x takes):
// at least once with exactly-once effects through Remove Duplicates, no event lost while n8n is
// down, the lifecycle under edits, restarts and many publish/unpublish cycles, and the Manual
// secret kept out of workflow JSON. Own n8n instance: these tests stop and restart it.
import { randomBytes, randomUUID } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

import {
	accessTokenCredential,
	demoCredentials,
	type CredentialImport,
} from '../../tooling/lib/demo-credentials';
import { loadExamples, TRIGGER_NODE_TYPE, type WorkflowJson } from '../../tooling/lib/examples';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { e2eTarget } from './support/target';
import { eventually, type Subscription } from './support/sandboxClient';
import { itemsOf, runsOf as runsIn, type Run } from './support/runs';
import { sentinel, type Sentinel } from './support/sentinel';
import { timed } from './support/timings';
import { triggerWorkflow } from './support/workflows';

jest.setTimeout(300_000);

const PAYMENT_EXAMPLE = 'eduPaymentReact1';
const LIFECYCLE = 'e2eGuaranteeLife';
const LIFECYCLE_HOOK = randomUUID();
const MANUAL = 'e2eGuaranteeManu';
const MANUAL_HOOK = randomUUID();
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const SIGNING = { current: newSecret(), previous: newSecret() };
const PUBLICATION = e2eTarget().activation === 'publication';

let n8n: Instance;
let paymentExample: WorkflowJson;
let publications: Sentinel;
const signingCredential: CredentialImport = {
	id: 'e2eSigningSecre1',
	name: 'e2e webhook signing secret',
	type: 'educationPlatformWebhookSigningApi',
	data: { signingSecret: SIGNING.current, previousSigningSecret: SIGNING.previous },
};

function manualWorkflow(): WorkflowJson {
	const workflow = triggerWorkflow(MANUAL, signingCredential, ['payment.succeeded'], MANUAL_HOOK);
	workflow.name = 'e2e trigger, Manual registration';
	workflow.nodes[0].parameters = {
		registration: 'manual',
		events: ['payment.succeeded'],
		options: {},
	};
	return workflow;
}

beforeAll(async () => {
	process.stdout.write(
		`[e2e] trigger guarantees on the ${PUBLICATION ? 'publication service' : 'legacy activation'} path\n`,
	);
	n8n = await startInstance((sandbox) => {
		const login = sandboxLogin(sandbox);
		const token = accessTokenCredential(login, 'e2eGuaranteeTok1', 'e2e guarantees access token');
		paymentExample = loadExamples().find(
			({ workflow }) => workflow.id === PAYMENT_EXAMPLE,
		)!.workflow;
		publications = sentinel(token);
		return {
			credentials: [token, signingCredential, ...demoCredentials(login)],
			workflows: [
				paymentExample,
				triggerWorkflow(LIFECYCLE, token, ['payment.succeeded'], LIFECYCLE_HOOK),
				manualWorkflow(),
				publications.workflow,
			],
		};
	});
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

// The previous case's deliveries, retries and runs cannot enter this one's counts (support/quiet.ts).
beforeEach(() => n8n.quiet());

const hookUrl = (webhookId: string) => `${n8n.webhookBase}webhook/${webhookId}/webhook`;
const runsOf = (workflowId: string, count: number) => runsIn(n8n, workflowId, count);

async function subscriptionsFor(url: string): Promise<Subscription[]> {
	return (await n8n.platform.subscriptions()).filter((subscription) => subscription.url === url);
}

/** Waits until the platform holds exactly one subscription for `url` that satisfies `check`. */
async function oneSubscriptionFor(
	url: string,
	check: (s: Subscription) => boolean = () => true,
): Promise<Subscription> {
	return await eventually(`one subscription for ${url}`, async () => {
		const found = await subscriptionsFor(url);
		return found.length === 1 && check(found[0]) ? found[0] : undefined;
	});
}

describe('Manual registration: the signing secret lives in a credential', () => {
	beforeAll(async () => {
		await n8n.rest.activateWorkflow(MANUAL);
		// Registered once an unsigned POST is refused (401) rather than unknown to n8n (404).
		await eventually('the Manual webhook to be registered', async () =>
			(await fetch(hookUrl(MANUAL_HOOK), { method: 'POST', body: '{}' })).status === 401
				? true
				: undefined,
		);
	});

	it('n8n export:workflow holds no whsec_ secret, only a reference to the credential', async () => {
		const exported = await timed('n8n export:workflow', () => n8n.cli.exportWorkflowText(MANUAL));
		expect(exported).toContain(signingCredential.id);
		expect(exported).not.toContain('whsec_');
		for (const secret of [SIGNING.current, SIGNING.previous])
			expect(exported).not.toContain(secret.slice(6, 30));
	});

	it('the credential test n8n runs on save accepts the secret', async () => {
		const result = await n8n.rest.testCredential({
			...signingCredential,
			data: signingCredential.data,
		});
		expect(result).toEqual({ status: 'OK', message: 'The signing secret can verify deliveries.' });
	});

	it("a delivery signed with the credential's secret (or, during a rotation, the previous one) runs; another secret gets 401", async () => {
		const send = async (secret: string) => {
			const event = {
				id: `evt_${randomBytes(8).toString('hex')}`,
				type: 'payment.succeeded',
				created_at: new Date().toISOString(),
				data: { id: 'pay_manual', amount: 100 },
			};
			const body = JSON.stringify(event);
			const signature = new Webhook(secret).sign(event.id, new Date(), body);
			const timestamp = String(Math.floor(Date.now() / 1000));
			const response = await fetch(hookUrl(MANUAL_HOOK), {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'webhook-id': event.id,
					'webhook-timestamp': timestamp,
					'webhook-signature': signature,
				},
				body,
			});
			return { status: response.status, event };
		};
		const current = await send(SIGNING.current);
		const previous = await send(SIGNING.previous);
		const forged = await send(newSecret());
		expect([current.status, previous.status, forged.status]).toEqual([200, 200, 401]);
		const runs = await runsOf(MANUAL, 2);
		expect(runs).toHaveLength(2);
		expect(
			runs
				.flatMap((run) => itemsOf(run, 'Education Platform Trigger'))
				.map((item) => item.id)
				.sort(),
		).toEqual([current.event.id, previous.event.id].sort());
	});
});

describe('Payment reaction example: at least once delivery, each payment acted on once', () => {
	const paymentHook = () =>
		paymentExample.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!.webhookId!;
	const receiptsFor = (runs: Run[], eventId: string) =>
		runs
			.filter((run) => itemsOf(run, 'Payment succeeded or failed')[0]?.id === eventId)
			.flatMap((run) => itemsOf(run, 'Receipt'));
	let subscription: Subscription;

	beforeAll(async () => {
		await n8n.rest.activateWorkflow(PAYMENT_EXAMPLE);
		subscription = await oneSubscriptionFor(hookUrl(paymentHook()));
	});

	it('a redelivered payment.succeeded runs the workflow again but the receipt branch once, also after a restart', async () => {
		const event = await n8n.platform.emit('payment.succeeded', { amount: 4200, currency: 'USD' });
		await runsOf(PAYMENT_EXAMPLE, 1);
		const delivery = await n8n.platform.deliveryWhen(
			'the delivery',
			subscription.id,
			event.id,
			() => true,
		);

		await n8n.platform.redeliver(subscription.id, delivery.id);
		await runsOf(PAYMENT_EXAMPLE, 2);
		await timed('n8n restart between redeliveries', () => n8n.server.restart());
		await n8n.platform.redeliver(subscription.id, delivery.id);
		const runs = await runsOf(PAYMENT_EXAMPLE, 3);

		// Every delivery of the event started a run (none was acknowledged without one) ...
		expect(
			runs.filter((run) => itemsOf(run, 'Payment succeeded or failed')[0]?.id === event.id),
		).toHaveLength(3);
		expect(runs.every((run) => run.status === 'success')).toBe(true);
		// ... and Remove Duplicates, in n8n's database, let the event through once.
		expect(receiptsFor(runs, event.id)).toEqual([
			expect.objectContaining({ outcome: 'succeeded', amount: '42.00 USD' }),
		]);
		const log = (await n8n.platform.deliveries(subscription.id)).filter(
			(d) => d.event_id === event.id,
		);
		expect(log.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
	});

	it("an event emitted while n8n is down arrives with the platform's retry: exactly one run, nothing lost", async () => {
		const before = (await n8n.rest.executions(PAYMENT_EXAMPLE)).length;
		await timed('n8n stop', () => n8n.server.stop());
		const event = await n8n.platform.emit('payment.failed');
		const refused = await n8n.platform.deliveryWhen(
			'a failed first attempt',
			subscription.id,
			event.id,
			(delivery) => delivery.attempts.length > 0,
		);
		expect(refused.attempts[0]).toMatchObject({
			response_status: null,
			error: 'connection_refused',
		});
		await timed('n8n start', () => n8n.server.start());

		const delivered = await n8n.platform.deliveryWhen(
			"the platform's retry to succeed",
			subscription.id,
			event.id,
			(delivery) => delivery.status === 'succeeded',
		);
		expect(delivered.attempts.length).toBeGreaterThan(1);
		const runs = await runsOf(PAYMENT_EXAMPLE, before + 1);
		const forEvent = runs.filter(
			(run) => itemsOf(run, 'Payment succeeded or failed')[0]?.id === event.id,
		);
		expect(forEvent).toHaveLength(1);
		expect(itemsOf(forEvent[0], 'Follow-up for finance')).toEqual([
			expect.objectContaining({ outcome: 'failed', invoice_id: event.data.invoice_id }),
		]);
	});
});

describe(`the lifecycle on the ${PUBLICATION ? 'publication service' : 'legacy'} path`, () => {
	const url = () => hookUrl(LIFECYCLE_HOOK);
	const AREAS = ['enrollment.created', 'payment.succeeded', 'exam_result.published'];
	const EDITED = ['enrollment.created', 'exam_result.published'];

	/**
	 * Emits one event per area and returns the event types that started a run of LIFECYCLE, once
	 * the platform has an answer for every delivery to the URL (a second subscription or an
	 * unselected event would show here) and the run of each accepted one exists.
	 */
	async function emitEachArea(): Promise<string[]> {
		const before = (await n8n.rest.executions(LIFECYCLE)).length;
		const emitted = [];
		for (const type of AREAS) emitted.push(await n8n.platform.emit(type));
		const deliveries = await n8n.platform.settledDeliveries(
			emitted.map((event) => event.id),
			url(),
		);
		const accepted = deliveries.filter((delivery) => delivery.status === 'succeeded');
		expect(accepted.map((delivery) => delivery.event_type).sort()).toEqual(EDITED);
		const runs = await runsOf(LIFECYCLE, before + accepted.length);
		expect(await n8n.rest.executions(LIFECYCLE)).toHaveLength(before + EDITED.length);
		const ids = new Set(emitted.map((event) => event.id));
		return runs
			.flatMap((run) => itemsOf(run, 'Education Platform Trigger'))
			.filter((item) => ids.has(String(item.id)))
			.map((item) => String(item.type))
			.sort();
	}

	it('publishing registers one subscription for the URL', async () => {
		await n8n.rest.activateWorkflow(LIFECYCLE);
		const subscription = await oneSubscriptionFor(url());
		expect(subscription).toMatchObject({ events: ['payment.succeeded'], enabled: true });
	});

	it('edit the events and publish: still one subscription, only the selected events run, deliveries verify', async () => {
		const workflow = await n8n.rest.workflow(LIFECYCLE);
		const nodes = workflow.nodes.map((node) =>
			node.type === TRIGGER_NODE_TYPE
				? { ...node, parameters: { ...node.parameters, events: EDITED } }
				: node,
		);
		await timed('save + publish the edited trigger', async () => {
			await n8n.rest.updateWorkflowNodes(LIFECYCLE, nodes);
			await n8n.rest.activateWorkflow(LIFECYCLE);
			await oneSubscriptionFor(url(), (s) => [...s.events].sort().join() === EDITED.join());
		});

		expect(await emitEachArea()).toEqual(EDITED);
		const [subscription] = await subscriptionsFor(url());
		const log = await n8n.platform.deliveries(subscription.id);
		expect(log.map((d) => d.event_type).sort()).toEqual(EDITED);
		expect(log.every((d) => d.status === 'succeeded')).toBe(true);
	});

	it('restart: deliveries still verify and run, with the same subscription', async () => {
		const [before] = await subscriptionsFor(url());
		await timed('n8n restart', () => n8n.server.restart());
		expect(await emitEachArea()).toEqual(EDITED);
		expect((await subscriptionsFor(url())).map((s) => s.id)).toEqual([before.id]);
	});

	it(
		PUBLICATION
			? 'publication path: deleted in the dashboard, a restart does not bring it back; unpublish + publish does'
			: 'legacy path: deleted in the dashboard, a restart registers it again (checkExists at start-up)',
		async () => {
			const [gone] = await subscriptionsFor(url());
			await n8n.platform.deleteSubscription(gone.id);
			await timed('n8n restart', () => n8n.server.restart());
			if (PUBLICATION) {
				await publications.settle(n8n);
				expect(await subscriptionsFor(url())).toEqual([]);
				await n8n.rest.deactivateWorkflow(LIFECYCLE);
				await n8n.rest.activateWorkflow(LIFECYCLE);
			}
			const again = await oneSubscriptionFor(url());
			expect(again.id).not.toBe(gone.id);
			expect(await emitEachArea()).toEqual(EDITED);
		},
	);

	it('50 publish/unpublish cycles through REST leave no subscription and no orphan', async () => {
		await timed('50 publish/unpublish cycles', async () => {
			for (let cycle = 0; cycle < 50; cycle++) {
				await n8n.rest.deactivateWorkflow(LIFECYCLE);
				await n8n.rest.activateWorkflow(LIFECYCLE);
			}
			await n8n.rest.deactivateWorkflow(LIFECYCLE);
			await eventually(
				'no subscription for the URL',
				async () => ((await subscriptionsFor(url())).length === 0 ? true : undefined),
				120_000,
			);
		});
		// Settled, not passing through zero: nothing registers late.
		await publications.settle(n8n);
		expect(await subscriptionsFor(url())).toEqual([]);
		expect((await n8n.rest.workflow(LIFECYCLE)).active).toBe(false);
		expect(n8n.server.log).not.toMatch(/Abandoned workflow publication/);
	});
});
