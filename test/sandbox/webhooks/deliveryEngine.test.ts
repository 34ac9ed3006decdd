// The delivery engine on its own: real HTTP to a local receiver, scaled-down retry schedule.
import { Webhook } from 'standardwebhooks';
import { WebhookService } from '../../../sandbox/webhooks/service';
import type { PlatformEvent } from '../../../sandbox/schemas/events';
import {
	answer,
	CONTROL_PATH,
	failingExceptControlRetry,
	startReceiver,
	type Receiver,
} from './helpers/receiver';

const event = (id: string): PlatformEvent => ({
	id,
	type: 'payment.succeeded',
	created_at: '2026-11-21T09:15:02.000000Z',
	data: { id: 'pay_1', amount: 125000, currency: 'USD' },
});

// 5 s, 5 min, 30 min … become 0.05 ms, 3 ms, 18 ms, 72 ms, 180 ms, 360 ms, 360 ms.
const RETRY_SCALE = 0.00001;

describe('webhook delivery engine', () => {
	let receiver: Receiver;
	let service: WebhookService;

	beforeEach(async () => {
		receiver = await startReceiver();
		service = new WebhookService({
			now: () => Date.now(),
			retryScale: RETRY_SCALE,
			timeoutMs: 300,
		});
	});

	afterEach(async () => {
		await service.close();
		await receiver.close();
	});

	it('posts the event as JSON with the contract headers and logs one successful attempt', async () => {
		const subscription = service.subscriptions.create({
			url: receiver.url,
			events: ['payment.succeeded'],
		});
		expect(service.dispatch(event('evt_A'))).toEqual([subscription.id]);
		await service.idle();

		const [delivery] = receiver.received;
		expect(delivery.headers['content-type']).toBe('application/json');
		expect(delivery.headers['user-agent']).toBe('EducationPlatform-Webhooks/1.0');
		expect(delivery.headers['webhook-id']).toBe('evt_A');
		expect(
			new Webhook(subscription.secret).verify(
				delivery.body,
				delivery.headers as Record<string, string>,
			),
		).toEqual(event('evt_A'));

		const [log] = service.deliveries(subscription.id);
		expect(log).toMatchObject({ eventId: 'evt_A', status: 'succeeded', nextAttemptAt: null });
		expect(log.attempts).toEqual([
			expect.objectContaining({ attempt: 1, responseStatus: 200, error: null }),
		]);
	});

	it('retries a 500 with the same id and body and a fresh timestamp, then succeeds', async () => {
		receiver.respondWith((_d, index, response) => response.writeHead(index < 2 ? 500 : 204).end());
		const subscription = service.subscriptions.create({
			url: receiver.url,
			events: ['payment.succeeded'],
		});
		service.dispatch(event('evt_B'));
		await service.idle();

		expect(receiver.received).toHaveLength(3);
		expect(new Set(receiver.received.map((d) => d.headers['webhook-id']))).toEqual(
			new Set(['evt_B']),
		);
		expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1);
		const [log] = service.deliveries(subscription.id);
		expect(log.status).toBe('succeeded');
		expect(log.attempts.map((a) => a.responseStatus)).toEqual([500, 500, 204]);
	});

	it('gives up after 8 attempts and marks the delivery failed', async () => {
		receiver.respondWith(answer(503));
		const subscription = service.subscriptions.create({
			url: receiver.url,
			events: ['payment.succeeded'],
		});
		service.dispatch(event('evt_C'));
		await service.idle();

		expect(receiver.received).toHaveLength(8);
		const [log] = service.deliveries(subscription.id);
		expect(log).toMatchObject({ status: 'failed', nextAttemptAt: null });
		expect(log.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
	});

	it('counts a redirect as a failure and does not follow it', async () => {
		receiver.respondWith((_d, index, response) =>
			index === 0
				? response.writeHead(302, { location: '/elsewhere' }).end()
				: response.writeHead(200).end(),
		);
		const subscription = service.subscriptions.create({
			url: receiver.url,
			events: ['payment.succeeded'],
		});
		service.dispatch(event('evt_D'));
		await service.idle();

		expect(receiver.received.map((d) => d.path)).toEqual(['/hook', '/hook']);
		expect(service.deliveries(subscription.id)[0].attempts[0]).toMatchObject({
			responseStatus: 302,
			error: 'redirect_not_followed',
		});
	});

	it('records a timeout, then retries', async () => {
		receiver.respondWith((_d, index, response) => {
			if (index > 0) response.writeHead(200).end();
		});
		const subscription = service.subscriptions.create({
			url: receiver.url,
			events: ['payment.succeeded'],
		});
		service.dispatch(event('evt_E'));
		await service.idle();

		const [first, second] = service.deliveries(subscription.id)[0].attempts;
		expect(first).toMatchObject({ responseStatus: null, error: 'timeout' });
		expect(first.durationMs).toBeGreaterThanOrEqual(290);
		expect(second).toMatchObject({ responseStatus: 200, error: null });
	});

	it('records a refused connection', async () => {
		const subscription = service.subscriptions.create({
			url: 'http://127.0.0.1:1/hook',
			events: ['payment.succeeded'],
		});
		service.dispatch(event('evt_F'));
		await service.idle({ withinMs: 1 });
		expect(service.deliveries(subscription.id)[0].attempts[0]).toMatchObject({
			responseStatus: null,
			error: 'connection_refused',
		});
	});

	it('sends nothing to disabled subscriptions or to ones that did not ask for the type', async () => {
		service.subscriptions.create({
			url: receiver.url,
			events: ['payment.succeeded'],
			enabled: false,
		});
		service.subscriptions.create({ url: receiver.url, events: ['payment.failed'] });
		expect(service.dispatch(event('evt_G'))).toEqual([]);
		await service.idle();
		expect(receiver.received).toHaveLength(0);
	});

	it('stops retrying once a subscription is disabled or deleted', async () => {
		receiver.respondWith(failingExceptControlRetry(500));
		// The first retry would come 500 ms after the first attempt.
		const slow = new WebhookService({ now: () => Date.now(), retryScale: 0.1, timeoutMs: 300 });
		try {
			const disabled = slow.subscriptions.create({
				url: receiver.url,
				events: ['payment.succeeded'],
			});
			const deleted = slow.subscriptions.create({
				url: receiver.url,
				events: ['payment.succeeded'],
			});
			slow.dispatch(event('evt_H'));
			await receiver.waitFor(2);
			slow.subscriptions.update(disabled.id, { enabled: false });
			slow.remove(deleted.id);
			const control = slow.subscriptions.create({
				url: `${receiver.url}${CONTROL_PATH}`,
				events: ['payment.succeeded'],
			});
			slow.dispatch(event('evt_H2'));
			await slow.idle();
			expect(slow.deliveries(control.id)[0].attempts.map((a) => a.responseStatus)).toEqual([
				500, 200,
			]);
			expect(receiver.received.map((d) => d.path)).toEqual([
				'/hook',
				'/hook',
				`/hook${CONTROL_PATH}`,
				`/hook${CONTROL_PATH}`,
			]);
			expect(slow.deliveries(disabled.id)[0]).toMatchObject({
				status: 'failed',
				nextAttemptAt: null,
			});
			expect(slow.deliveries(deleted.id)).toEqual([]);
		} finally {
			await slow.close();
		}
	});

	it('reports pending deliveries with their next attempt time while retries wait', async () => {
		receiver.respondWith(answer(500));
		const slow = new WebhookService({ now: () => Date.now(), retryScale: 1, timeoutMs: 300 });
		try {
			const subscription = slow.subscriptions.create({
				url: receiver.url,
				events: ['payment.succeeded'],
			});
			slow.dispatch(event('evt_I'));
			await slow.idle({ withinMs: 1000 });
			const [log] = slow.deliveries(subscription.id);
			expect(log.status).toBe('pending');
			expect(log.attempts).toHaveLength(1);
			expect(
				log.nextAttemptAt!.getTime() - log.attempts[0].startedAt.getTime(),
			).toBeGreaterThanOrEqual(5000);
		} finally {
			await slow.close();
		}
	});

	it('signs with both secrets during a rotation grace period, and only the new one after it', async () => {
		let clock = Date.now();
		const rotating = new WebhookService({ now: () => clock, retryScale: RETRY_SCALE });
		try {
			const subscription = rotating.subscriptions.create({
				url: receiver.url,
				events: ['payment.succeeded'],
			});
			const oldSecret = subscription.secret;
			rotating.subscriptions.rotateSecret(subscription.id, 60);
			rotating.dispatch(event('evt_J'));
			await rotating.idle();
			clock += 61_000;
			rotating.dispatch(event('evt_K'));
			await rotating.idle();

			const [during, after] = receiver.received;
			expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
			expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
			expect(after.headers['webhook-timestamp']).toBe(String(Math.floor(clock / 1000)));
			expect(oldSecret).not.toBe(subscription.secret);
		} finally {
			await rotating.close();
		}
	});
});
