// The webhook service (subscriptions, delivery engine and log) end to end over real HTTP: signed
// deliveries, retries and the delivery log. Events are made with
// POST /sandbox/events and land on a local receiver; signatures are checked with the reference
// `standardwebhooks` package (contract §8.3–8.6).
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { ManualClock, startSandbox, type RunningSandbox } from '../../../sandbox';
import { EVENT_DATA_SCHEMAS } from '../../../sandbox/schemas/eventPayloads';
import { EVENT_TYPES, type EventType } from '../../../sandbox/schemas/events';
import { apiClient } from './helpers/api';
import {
	answer,
	CONTROL_PATH,
	failingExceptControlRetry,
	startReceiver,
	type Receiver,
} from './helpers/receiver';

const asHeaders = (headers: Record<string, unknown>) => headers as Record<string, string>;

describe('webhook deliveries', () => {
	let sandbox: RunningSandbox;
	let receiver: Receiver;
	let clock: ManualClock;
	let api: ReturnType<typeof apiClient>;

	beforeAll(async () => {
		// The clock starts at real time so the reference library's 5-minute tolerance holds.
		clock = new ManualClock(Date.now());
		sandbox = await startSandbox({
			port: 0,
			students: 50,
			clock,
			webhookRetryScale: 0.00001,
			webhookTimeoutMs: 300,
		});
		api = apiClient(sandbox.baseUrl);
	});

	afterAll(() => sandbox.close());

	beforeEach(async () => {
		receiver = await startReceiver();
	});

	afterEach(async () => {
		await sandbox.state.webhooks!.idle();
		for (const subscription of sandbox.state.webhooks!.subscriptions.list())
			await api('DELETE', `/v1/webhooks/${subscription.id}`);
		await receiver.close();
	});

	const subscribe = async (events: readonly string[] = EVENT_TYPES) => {
		const response = await api('POST', '/v1/webhooks', { url: receiver.url, events });
		expect(response.status).toBe(201);
		return response.body.data as { id: string; secret: string };
	};
	const emit = async (type: string, data?: Record<string, unknown>, count?: number) => {
		const response = await api('POST', '/sandbox/events', { type, data, count });
		expect(response.status).toBe(201);
		return response.body.data as Array<{
			event: { id: string; type: string; data: any };
			queued_for: string[];
		}>;
	};
	const deliveryLog = async (webhookId: string) =>
		(await api('GET', `/v1/webhooks/${webhookId}/deliveries`)).body;

	it.each(EVENT_TYPES)('delivers %s signed so that standardwebhooks verifies it', async (type) => {
		const { id: webhookId, secret } = await subscribe();
		const [emitted] = await emit(type);
		expect(emitted.queued_for).toEqual([webhookId]);
		const [delivery] = await receiver.waitFor(1);

		expect(delivery.headers['content-type']).toBe('application/json');
		expect(delivery.headers['user-agent']).toBe('EducationPlatform-Webhooks/1.0');
		expect(delivery.headers['webhook-id']).toBe(emitted.event.id);
		const payload = new Webhook(secret).verify(
			delivery.body,
			asHeaders(delivery.headers),
		) as typeof emitted.event;
		expect(payload).toEqual(emitted.event);
		expect(payload.type).toBe(type);
		expect(EVENT_DATA_SCHEMAS[type as EventType].safeParse(payload.data).success).toBe(true);

		const tampered = delivery.body.replace(
			/"student_id":(\d+)/,
			(_m, id) => `"student_id":${Number(id) + 1}`,
		);
		expect(tampered).not.toBe(delivery.body);
		expect(() => new Webhook(secret).verify(tampered, asHeaders(delivery.headers))).toThrow(
			WebhookVerificationError,
		);
	});

	it('sends every event to each subscriber that wants it, and only those', async () => {
		const payments = await subscribe(['payment.succeeded', 'payment.failed']);
		const everything = await subscribe();
		const [emitted] = await emit('payment.failed');
		expect(emitted.queued_for.sort()).toEqual([payments.id, everything.id].sort());
		const [exam] = await emit('exam_result.published');
		expect(exam.queued_for).toEqual([everything.id]);
		await sandbox.state.webhooks!.idle();
		expect(receiver.received.map((d) => d.headers['webhook-id'])).toEqual(
			expect.arrayContaining([emitted.event.id, emitted.event.id, exam.event.id]),
		);
		expect(receiver.received).toHaveLength(3);
	});

	it('carries both signatures during a rotation grace period, each verifying with its own secret', async () => {
		const { id, secret: oldSecret } = await subscribe(['payment.refunded']);
		const rotated = await api('POST', `/v1/webhooks/${id}/rotate-secret`, {});
		const newSecret = rotated.body.data.secret as string;
		await emit('payment.refunded');
		const [delivery] = await receiver.waitFor(1);

		const signatures = String(delivery.headers['webhook-signature']).split(' ');
		expect(signatures).toHaveLength(2);
		expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
		for (const [secret, signature] of [
			[newSecret, signatures[0]],
			[oldSecret, signatures[1]],
		]) {
			const headers = { ...asHeaders(delivery.headers), 'webhook-signature': signature };
			expect(() => new Webhook(secret).verify(delivery.body, headers)).not.toThrow();
		}
		expect(() =>
			new Webhook(newSecret).verify(delivery.body, {
				...asHeaders(delivery.headers),
				'webhook-signature': signatures[1],
			}),
		).toThrow();
	});

	it('drops the old signature once the grace period is over (or at once with grace 0)', async () => {
		const { id } = await subscribe(['payment.succeeded']);
		const newSecret = (
			await api('POST', `/v1/webhooks/${id}/rotate-secret`, { grace_period_seconds: 0 })
		).body.data.secret;
		await emit('payment.succeeded');
		const [delivery] = await receiver.waitFor(1);
		expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(1);
		expect(() =>
			new Webhook(newSecret).verify(delivery.body, asHeaders(delivery.headers)),
		).not.toThrow();
	});

	it('retries a 500 with the same webhook-id and body, a fresh timestamp and signature, and logs each attempt', async () => {
		// Each attempt moves the sandbox clock on 7 s, as the real schedule's waits would.
		receiver.respondWith((_delivery, index, response) => {
			clock.advance(7000);
			response.writeHead(index < 2 ? 500 : 200).end();
		});
		const { id, secret } = await subscribe(['enrollment.completed']);
		const [emitted] = await emit('enrollment.completed');
		await sandbox.state.webhooks!.idle();

		const attempts = receiver.received;
		expect(attempts).toHaveLength(3);
		expect(attempts.map((d) => d.headers['webhook-id'])).toEqual([
			emitted.event.id,
			emitted.event.id,
			emitted.event.id,
		]);
		expect(new Set(attempts.map((d) => d.body)).size).toBe(1);
		expect(new Set(attempts.map((d) => d.headers['webhook-timestamp'])).size).toBe(3);
		expect(new Set(attempts.map((d) => d.headers['webhook-signature'])).size).toBe(3);
		for (const attempt of attempts)
			expect(() =>
				new Webhook(secret).verify(attempt.body, asHeaders(attempt.headers)),
			).not.toThrow();

		const log = await deliveryLog(id);
		expect(log.meta.total).toBe(1);
		const [entry] = log.data;
		expect(entry).toMatchObject({
			webhook_id: id,
			event_id: emitted.event.id,
			event_type: 'enrollment.completed',
			status: 'succeeded',
			attempt_count: 3,
			next_attempt_at: null,
		});
		expect(entry.id).toMatch(/^dlv_/);
		expect(entry.attempts.map((a: any) => [a.attempt, a.response_status, a.error])).toEqual([
			[1, 500, null],
			[2, 500, null],
			[3, 200, null],
		]);
		for (const attempt of entry.attempts) {
			expect(attempt.duration_ms).toEqual(expect.any(Number));
			expect(attempt.started_at).toMatch(/\.\d{6}Z$/);
		}
		expect(new Set(entry.attempts.map((a: any) => a.started_at)).size).toBe(3);
	});

	it('redelivers a past delivery: same webhook-id and body, fresh timestamp and signature, a new log entry', async () => {
		const { id, secret } = await subscribe(['payment.succeeded']);
		const [emitted] = await emit('payment.succeeded');
		const [first] = await receiver.waitFor(1);
		await sandbox.state.webhooks!.idle();
		const [past] = (await deliveryLog(id)).data;
		clock.advance(3_000); // a later second: the timestamp (and so the signature) must differ

		const response = await api('POST', `/v1/webhooks/${id}/deliveries/${past.id}/redeliver`);
		expect(response.status).toBe(202);
		expect(response.body.data).toMatchObject({
			webhook_id: id,
			event_id: emitted.event.id,
			event_type: 'payment.succeeded',
		});
		expect(response.body.data.id).not.toBe(past.id);
		const [, again] = await receiver.waitFor(2);

		expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
		expect(again.body).toBe(first.body);
		expect(Number(again.headers['webhook-timestamp'])).toBeGreaterThan(
			Number(first.headers['webhook-timestamp']),
		);
		expect(again.headers['webhook-signature']).not.toBe(first.headers['webhook-signature']);
		expect(() => new Webhook(secret).verify(again.body, asHeaders(again.headers))).not.toThrow();
		await sandbox.state.webhooks!.idle();
		const log = (await deliveryLog(id)).data;
		expect(log.map((d: any) => [d.id, d.event_id, d.status])).toEqual([
			[response.body.data.id, emitted.event.id, 'succeeded'],
			[past.id, emitted.event.id, 'succeeded'],
		]);
	});

	it('answers 404 for a delivery the subscription does not have', async () => {
		const { id } = await subscribe(['payment.succeeded']);
		const response = await api('POST', `/v1/webhooks/${id}/deliveries/dlv_unknown/redeliver`);
		expect(response.status).toBe(404);
		expect(response.body.message).toContain('no delivery with ID dlv_unknown');
	});

	it('retries after a timeout with the same webhook-id and records the timeout', async () => {
		receiver.respondWith((_delivery, index, response) => {
			if (index > 0) response.writeHead(204).end(); // the first one never answers
		});
		const { id } = await subscribe(['exam_result.updated']);
		const [emitted] = await emit('exam_result.updated');
		await sandbox.state.webhooks!.idle();

		expect(receiver.received.map((d) => d.headers['webhook-id'])).toEqual([
			emitted.event.id,
			emitted.event.id,
		]);
		const [entry] = (await deliveryLog(id)).data;
		expect(entry).toMatchObject({ status: 'succeeded', attempt_count: 2 });
		expect(entry.attempts[0]).toMatchObject({ response_status: null, error: 'timeout' });
		expect(entry.attempts[0].duration_ms).toBeGreaterThanOrEqual(290);
		expect(entry.attempts[1]).toMatchObject({ response_status: 204, error: null });
	});

	it('marks a delivery failed after 8 attempts', async () => {
		receiver.respondWith(answer(503));
		const { id } = await subscribe(['payment.failed']);
		await emit('payment.failed');
		await sandbox.state.webhooks!.idle();
		const [entry] = (await deliveryLog(id)).data;
		expect(entry).toMatchObject({ status: 'failed', attempt_count: 8, next_attempt_at: null });
		expect(entry.attempts.every((a: any) => a.response_status === 503)).toBe(true);
		expect(receiver.received).toHaveLength(8);
	});

	it('lists deliveries newest first, paginated', async () => {
		const { id } = await subscribe(['enrollment.created']);
		const emitted = await emit('enrollment.created', undefined, 3);
		await sandbox.state.webhooks!.idle();
		const page1 = (await api('GET', `/v1/webhooks/${id}/deliveries?per_page=2`)).body;
		const page2 = (await api('GET', `/v1/webhooks/${id}/deliveries?per_page=2&page=2`)).body;
		expect([...page1.data, ...page2.data].map((d: any) => d.event_id)).toEqual(
			emitted.map((e) => e.event.id).reverse(),
		);
		expect(page1.meta).toMatchObject({ total: 3, last_page: 2 });
	});

	it('sends nothing to a disabled subscription, and does not queue events for it', async () => {
		const { id } = await subscribe(['enrollment.cancelled']);
		await api('PATCH', `/v1/webhooks/${id}`, { enabled: false });
		const [emitted] = await emit('enrollment.cancelled');
		expect(emitted.queued_for).toEqual([]);
		await sandbox.state.webhooks!.idle();
		expect(receiver.received).toHaveLength(0);
		expect((await deliveryLog(id)).data).toEqual([]);

		await api('PATCH', `/v1/webhooks/${id}`, { enabled: true });
		await emit('enrollment.cancelled');
		await receiver.waitFor(1);
	});
});

describe('webhook deliveries after a subscription is deleted', () => {
	it('stops: no retries of queued deliveries, and new events are not queued', async () => {
		const receiver = await startReceiver(failingExceptControlRetry(500));
		// The first retry would come 500 ms after the first attempt: time to delete in between.
		const sandbox = await startSandbox({ port: 0, students: 10, webhookRetryScale: 0.1 });
		try {
			const api = apiClient(sandbox.baseUrl);
			const { id } = (
				await api('POST', '/v1/webhooks', { url: receiver.url, events: ['payment.succeeded'] })
			).body.data;
			await api('POST', '/sandbox/events', { type: 'payment.succeeded' });
			await receiver.waitFor(1);
			expect((await api('DELETE', `/v1/webhooks/${id}`)).status).toBe(204);
			const after = await api('POST', '/sandbox/events', { type: 'payment.succeeded' });
			expect(after.body.data[0].queued_for).toEqual([]);
			const control = (
				await api('POST', '/v1/webhooks', {
					url: `${receiver.url}${CONTROL_PATH}`,
					events: ['payment.refunded'],
				})
			).body.data;
			await api('POST', '/sandbox/events', { type: 'payment.refunded' });
			await sandbox.state.webhooks!.idle();
			expect((await api('GET', `/v1/webhooks/${control.id}/deliveries`)).body.data[0].status).toBe(
				'succeeded',
			);
			expect(receiver.received.map((d) => d.path)).toEqual([
				'/hook',
				`/hook${CONTROL_PATH}`,
				`/hook${CONTROL_PATH}`,
			]);
		} finally {
			await sandbox.close();
			await receiver.close();
		}
	});

	it('close() cancels pending retries so the process can exit', async () => {
		const receiver = await startReceiver(answer(500));
		const sandbox = await startSandbox({ port: 0, students: 10 });
		/** Whether `idle()` (nothing in flight, nothing scheduled) holds right now: it resolves at once only then. */
		const idleNow = async () =>
			await Promise.race([
				sandbox.state.webhooks!.idle().then(() => true),
				new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
			]);
		try {
			const api = apiClient(sandbox.baseUrl);
			const { id } = (
				await api('POST', '/v1/webhooks', { url: receiver.url, events: ['payment.succeeded'] })
			).body.data;
			await api('POST', '/sandbox/events', { type: 'payment.succeeded' });
			await receiver.waitFor(1);
			// The first attempt got its 500; the retry is scheduled 5 s later.
			await sandbox.state.webhooks!.idle({ withinMs: 1000 });
			const [delivery] = sandbox.state.webhooks!.deliveries(id);
			expect([delivery.status, delivery.attempts.length]).toEqual(['pending', 1]);
			expect(await idleNow()).toBe(false);

			await sandbox.close();

			expect(await idleNow()).toBe(true);
			expect(sandbox.state.webhooks!.deliveries(id)[0].attempts).toHaveLength(1);
			expect(receiver.received).toHaveLength(1);
		} finally {
			await sandbox.close();
			await receiver.close();
		}
	});
});
