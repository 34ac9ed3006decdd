// The trigger against the live sandbox (sandbox/index.ts), over real HTTP end to end:
// activation registers the subscription with the sandbox; events made with POST /sandbox/events
// are delivered, signed, by the sandbox's delivery engine to a local receiver that hands each raw
// request to the node's webhook() through n8n-core's WebhookContext; deactivation removes the
// subscription.
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { EducationPlatformTrigger } from '../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { RESOURCES } from '../../nodes/shared/resources/registry';
import { eventVocabulary } from '../../nodes/shared/resources/webhookEvents';
import {
	createTriggerWorkflow,
	startReceiver,
	type Receiver,
	type TriggerWorkflow,
} from '../harness/triggerHarness';
import { captureNodeLogs } from '../harness/triggerLogs';
import { apiClient } from '../sandbox/webhooks/helpers/api';

const TOKEN = 'demo-token';

interface EmittedEvent {
	id: string;
	type: string;
	created_at: string;
	data: Record<string, unknown>;
}

describe('Education Platform Trigger against the live sandbox', () => {
	let sandbox: RunningSandbox;
	let receiver: Receiver;
	let trigger: TriggerWorkflow;
	let logs: ReturnType<typeof captureNodeLogs>;

	let api: ReturnType<typeof apiClient>;
	const emit = async (type: string): Promise<EmittedEvent> => {
		const response = await api('POST', '/sandbox/events', { type });
		expect(response.status).toBe(201);
		return response.body.data[0].event as EmittedEvent;
	};
	const subscriptionsForReceiver = async () =>
		(await api('GET', `/v1/webhooks?filter[url]=${encodeURIComponent(receiver.url)}`)).body
			.data as Array<{
			id: string;
			url: string;
			events: string[];
		}>;

	beforeAll(async () => {
		logs = captureNodeLogs();
		sandbox = await startSandbox({
			port: 0,
			students: 50,
			webhookRetryScale: 0.0001,
			webhookTimeoutMs: 5000,
		});
		api = apiClient(sandbox.baseUrl, TOKEN);
		receiver = await startReceiver(() => trigger);
		trigger = createTriggerWorkflow({
			nodeType: new EducationPlatformTrigger(),
			parameters: { events: ['payment.*', 'exam_result.published'] },
			credentials: { educationPlatformApi: { baseUrl: sandbox.baseUrl, accessToken: TOKEN } },
			// n8n's webhook URL is the receiver's address, as WEBHOOK_URL would make it.
			instanceUrl: new URL(receiver.url).origin,
		});
		expect(trigger.webhookUrl).toBe(receiver.url);
	});

	afterAll(async () => {
		await sandbox?.close();
		await receiver?.close();
		logs?.restore();
	});

	it('activation registers the subscription and the sandbox lists it', async () => {
		await trigger.activate();

		const subscriptions = await subscriptionsForReceiver();
		expect(subscriptions).toHaveLength(1);
		expect(subscriptions[0]).toMatchObject({
			id: trigger.staticData().webhookId,
			url: receiver.url,
			events: ['exam_result.published', 'payment.failed', 'payment.refunded', 'payment.succeeded'],
		});
		expect(String(trigger.staticData().webhookSecret)).toMatch(/^whsec_/);
		await expect(trigger.runWebhookMethod('checkExists')).resolves.toBe(true);
	});

	it('emits exactly the selected events, each with the payload the sandbox sent', async () => {
		const emitted: EmittedEvent[] = [];
		for (const type of eventVocabulary(RESOURCES).types) emitted.push(await emit(type));
		await sandbox.state.webhooks!.idle();

		const selected = emitted.filter(
			(event) => event.type.startsWith('payment.') || event.type === 'exam_result.published',
		);
		expect(selected.map((event) => event.type)).toEqual([
			'payment.succeeded',
			'payment.failed',
			'payment.refunded',
			'exam_result.published',
		]);
		const byId = (a: { id?: unknown }, b: { id?: unknown }) =>
			String(a.id).localeCompare(String(b.id));
		expect([...receiver.emitted()].sort(byId)).toEqual([...selected].sort(byId));
		// Each delivery verified on the first attempt: the sandbox logged them as succeeded.
		expect(receiver.deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200]);
		const log = (
			await api('GET', `/v1/webhooks/${String(trigger.staticData().webhookId)}/deliveries`)
		).body.data as Array<{
			status: string;
			attempt_count: number;
		}>;
		expect(log).toHaveLength(4);
		expect(
			log.every((delivery) => delivery.status === 'succeeded' && delivery.attempt_count === 1),
		).toBe(true);
	});

	it('ignores (200, no run) a delivered type the node no longer selects', async () => {
		// The node's selection narrowed without re-registering: the sandbox still sends payments.
		trigger.setParameters({ events: ['payment.succeeded'] });
		try {
			const before = receiver.emitted().length;

			const refunded = await emit('payment.refunded');
			const succeeded = await emit('payment.succeeded');
			await sandbox.state.webhooks!.idle();

			expect(receiver.emitted().slice(before)).toEqual([succeeded]);
			const refundedDelivery = receiver.deliveries.find(
				(delivery) => delivery.headers['webhook-id'] === refunded.id,
			);
			expect(refundedDelivery?.status).toBe(200);
			expect(refundedDelivery?.items).toBeUndefined();
			expect(JSON.parse(refundedDelivery!.body).message).toContain('not selected');
		} finally {
			trigger.setParameters({ events: ['payment.*', 'exam_result.published'] });
		}
	});

	it('re-activation after a remote deletion registers again, and deliveries verify with the new secret', async () => {
		const oldId = String(trigger.staticData().webhookId);
		expect((await api('DELETE', `/v1/webhooks/${oldId}`)).status).toBe(204);

		await trigger.activate();
		const [subscription] = await subscriptionsForReceiver();
		expect(subscription.id).not.toBe(oldId);

		const event = await emit('payment.failed');
		await sandbox.state.webhooks!.idle();
		expect(receiver.emitted().at(-1)).toEqual(event);
	});

	it('after a crash that lost static data, re-activation reuses the subscription (no duplicate) with a rotated secret', async () => {
		const { webhookId, webhookSecret } = trigger.staticData();
		for (const key of Object.keys(trigger.staticData())) delete trigger.staticData()[key];

		await trigger.activate();

		const subscriptions = await subscriptionsForReceiver();
		expect(subscriptions.map((subscription) => subscription.id)).toEqual([webhookId]);
		expect(trigger.staticData().webhookId).toBe(webhookId);
		expect(trigger.staticData().webhookSecret).not.toBe(webhookSecret);

		const event = await emit('exam_result.published');
		await sandbox.state.webhooks!.idle();
		expect(receiver.emitted().at(-1)).toEqual(event);
	});

	it('deactivation removes the subscription from the sandbox', async () => {
		const id = String(trigger.staticData().webhookId);
		await expect(trigger.deactivate()).resolves.toBe(true);

		expect(await subscriptionsForReceiver()).toEqual([]);
		expect((await api('GET', `/v1/webhooks/${id}`)).status).toBe(404);
		expect(trigger.staticData()).toEqual({});

		const before = receiver.deliveries.length;
		await emit('payment.succeeded');
		await sandbox.state.webhooks!.idle();
		expect(receiver.deliveries).toHaveLength(before);
	});

	it('never logged the signing secret', () => {
		expect(logs.entries.length).toBeGreaterThan(0);
		for (const entry of logs.entries) expect(JSON.stringify(entry)).not.toMatch(/whsec_/);
	});
});
