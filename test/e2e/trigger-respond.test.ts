// Respond (when the trigger acknowledges a delivery) in a real n8n, on the activation path the
// instance runs (2.x's publication service, or EDU_E2E_PUBLICATION_SERVICE=false, or 1.x):
// "When Last Node Finishes" answers only after the run has finished, a failed run answers non-2xx
// and the platform delivers the event again; "Immediately" (the default, and what a workflow saved
// before the option gets) answers on receipt, so a failed run is not delivered again.
import { randomUUID } from 'node:crypto';

import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import type { WorkflowJson } from '../../tooling/lib/examples';
import { sign } from '../../sandbox/webhooks/signing';
import { webhooksOf } from '../../sandbox/webhooks/plugin';
import type { Delivery } from '../../sandbox/webhooks/types';
import { EventCounter } from '../e2e-queue/support/counter';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { e2eTarget } from './support/target';
import { untilCounted } from './support/progress';
import { executionsOf } from './support/runs';
import { eventually } from './support/sandboxClient';
import { postEventId, triggerWorkflow } from './support/workflows';

jest.setTimeout(300_000);

/** How long the workflow's side effect takes: an answer on receipt comes well before it ends. */
const SIDE_EFFECT_MS = 3_000;
/** One event type per workflow, so that each event starts one of them. */
const FLOWS = {
	afterRun: {
		id: 'e2eRespondAfter1',
		hook: randomUUID(),
		path: '/after-run',
		event: 'payment.succeeded',
	},
	immediate: {
		id: 'e2eRespondImmed1',
		hook: randomUUID(),
		path: '/immediate',
		event: 'payment.failed',
	},
} as const;
type Flow = (typeof FLOWS)[keyof typeof FLOWS];

let n8n: Instance;
let counter: EventCounter;

/** Trigger → HTTP Request posting the event id to the counter (500 there fails the run). */
function respondWorkflow(
	flow: Flow,
	credential: CredentialImport,
	responseMode: 'lastNode' | undefined,
): WorkflowJson {
	const workflow = triggerWorkflow(flow.id, credential, [flow.event], flow.hook);
	workflow.name = `e2e Respond ${responseMode ?? 'as saved before the option'}`;
	// Without responseMode: a workflow saved before the Respond option existed.
	if (responseMode) workflow.nodes[0].parameters.responseMode = responseMode;
	workflow.nodes.push(
		postEventId('Side effect', counter.url(flow.path), '$json.id', { position: [240, 0] }),
	);
	workflow.connections = {
		[workflow.nodes[0].name]: { main: [[{ node: 'Side effect', type: 'main', index: 0 }]] },
	};
	return workflow;
}

beforeAll(async () => {
	process.stdout.write(`[e2e] Respond on ${e2eTarget().label}\n`);
	counter = await EventCounter.start();
	counter.delayMs = SIDE_EFFECT_MS;
	n8n = await startInstance((sandbox) => {
		const token = accessTokenCredential(
			sandboxLogin(sandbox),
			'e2eRespondToken1',
			'e2e Respond access token',
		);
		return {
			credentials: [token],
			workflows: [
				respondWorkflow(FLOWS.afterRun, token, 'lastNode'),
				respondWorkflow(FLOWS.immediate, token, undefined),
			],
		};
	});
	for (const flow of Object.values(FLOWS)) await n8n.rest.activateWorkflow(flow.id);
	// Publishing registers in the background on the publication path: events before that go nowhere.
	for (const flow of Object.values(FLOWS)) await subscriptionOf(flow);
}, 600_000);

afterAll(async () => {
	await n8n?.close();
	await counter?.close();
});

// The previous case's deliveries, retries and runs cannot enter this one's counts (support/quiet.ts).
beforeEach(() => n8n.quiet());

async function subscriptionOf(flow: Flow) {
	return eventually(`the subscription of ${flow.id}`, async () =>
		(await n8n.platform.subscriptions()).find((s) => s.url.includes(flow.hook)),
	);
}

/** The platform's delivery of `eventId` to `flow`, once it is no longer pending. */
async function settledDelivery(flow: Flow, eventId: string): Promise<Delivery> {
	const { id } = await subscriptionOf(flow);
	return untilCounted(`the delivery of ${eventId} settled`, async () => {
		const delivery = webhooksOf(n8n.sandbox.state)
			.deliveries(id)
			.find((d) => d.eventId === eventId);
		const settled = delivery && delivery.status !== 'pending' ? delivery : undefined;
		return { seen: settled ? 1 : 0, of: 1, done: settled, activity: delivery?.attempts.length };
	});
}

/** The delivery's body signed afresh and sent by us, to read n8n's answer: nothing of the workflow's data. */
async function sendAgain(
	flow: Flow,
	delivery: Delivery,
): Promise<{ status: number; body: string }> {
	const subscription = webhooksOf(n8n.sandbox.state).subscriptions.get(
		(await subscriptionOf(flow)).id,
	)!;
	const timestamp = Math.floor(Date.now() / 1000);
	const response = await fetch(subscription.url, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			'webhook-id': delivery.eventId,
			'webhook-timestamp': String(timestamp),
			'webhook-signature': sign(subscription.secret, delivery.eventId, timestamp, delivery.body),
		},
		body: delivery.body,
	});
	return { status: response.status, body: await response.text() };
}

const statuses = (delivery: Delivery) =>
	delivery.attempts.map((attempt) => attempt.responseStatus ?? attempt.error);
const answeredAt = (delivery: Delivery, index: number) =>
	delivery.attempts[index].startedAt.getTime() + delivery.attempts[index].durationMs;

/** The workflow's finished executions' statuses, sorted, once there are `count`. */
async function finishedRuns(flow: Flow, count: number): Promise<string[]> {
	return (
		await executionsOf(n8n, flow.id, count, { what: `${count} finished run(s) of ${flow.id}` })
	)
		.map((execution) => execution.status)
		.sort();
}

describe('Respond: When Last Node Finishes', () => {
	it('answers 200, with no body, only after the last node has finished', async () => {
		const event = await n8n.platform.emit(FLOWS.afterRun.event);
		const delivery = await settledDelivery(FLOWS.afterRun, event.id);
		expect(statuses(delivery)).toEqual([200]);
		const sideEffectDone = counter.answeredAt(FLOWS.afterRun.path).get(event.id);
		expect(sideEffectDone).toBeDefined();
		expect(answeredAt(delivery, 0)).toBeGreaterThanOrEqual(sideEffectDone!);
		expect(await finishedRuns(FLOWS.afterRun, 1)).toEqual(['success']);

		expect(await sendAgain(FLOWS.afterRun, delivery)).toEqual({ status: 200, body: '' });
	});

	it('a run that fails answers non-2xx, the platform delivers the event again, and the retry runs', async () => {
		const before = (await n8n.rest.executions(FLOWS.afterRun.id)).length;
		counter.failNext(FLOWS.afterRun.path);
		const event = await n8n.platform.emit(FLOWS.afterRun.event);
		const delivery = await settledDelivery(FLOWS.afterRun, event.id);
		expect(delivery.status).toBe('succeeded');
		expect(statuses(delivery)).toEqual([500, 200]);
		expect(counter.of(FLOWS.afterRun.path).get(event.id)).toBe(2);
		const runs = await finishedRuns(FLOWS.afterRun, before + 2);
		expect(runs.filter((status) => status === 'error')).toHaveLength(1);
	});
});

describe('Respond: Immediately (the default; a workflow saved before the option)', () => {
	it('answers 200, with no body, on receipt, before the last node has finished', async () => {
		const event = await n8n.platform.emit(FLOWS.immediate.event);
		const delivery = await settledDelivery(FLOWS.immediate, event.id);
		expect(statuses(delivery)).toEqual([200]);
		const sideEffectDone = await untilCounted('the side effect', async () => {
			const done = counter.answeredAt(FLOWS.immediate.path).get(event.id);
			return { seen: done === undefined ? 0 : 1, of: 1, done };
		});
		expect(answeredAt(delivery, 0)).toBeLessThan(sideEffectDone);
		expect(await sendAgain(FLOWS.immediate, delivery)).toEqual({ status: 200, body: '' });
		// That second run finishes before the next test fails the next side effect.
		expect(await finishedRuns(FLOWS.immediate, 2)).toEqual(['success', 'success']);
	});

	it('a run that fails after the answer is not delivered again', async () => {
		const before = (await n8n.rest.executions(FLOWS.immediate.id)).length;
		counter.failNext(FLOWS.immediate.path);
		const event = await n8n.platform.emit(FLOWS.immediate.event);
		// The failed run is what would reveal a retry's absence: by then the delivery has settled.
		const runs = await finishedRuns(FLOWS.immediate, before + 1);
		expect(runs.filter((status) => status === 'error')).toHaveLength(1);
		const delivery = await settledDelivery(FLOWS.immediate, event.id);
		expect(delivery.status).toBe('succeeded');
		expect(statuses(delivery)).toEqual([200]);
		expect(counter.of(FLOWS.immediate.path).get(event.id)).toBe(1);
	});
});
