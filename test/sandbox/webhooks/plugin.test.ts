// The subscription API over real HTTP (contract §8.1, §8.7, §8.8).
import {
	ManualClock,
	startSandbox,
	type RunningSandbox,
	type SandboxConfig,
} from '../../../sandbox';
import { call } from '../helpers';
import { apiClient } from './helpers/api';
import { answer, startReceiver, type Receiver } from './helpers/receiver';

/** A sandbox with two narrower tokens: `reader` (webhooks:read) and `students-only`. */
const startWithNarrowTokens = (options: Partial<SandboxConfig> = {}) =>
	startSandbox({
		port: 0,
		students: 20,
		tokens: [
			{ token: 'reader', scopes: ['webhooks:read'] },
			{ token: 'students-only', scopes: ['students:read'] },
		],
		...options,
	});

describe('webhook subscriptions API', () => {
	let sandbox: RunningSandbox;
	let api: ReturnType<typeof apiClient>;

	beforeAll(async () => {
		sandbox = await startWithNarrowTokens();
		api = apiClient(sandbox.baseUrl);
	});

	afterAll(() => sandbox.close());

	afterEach(async () => {
		for (const subscription of sandbox.state.webhooks!.subscriptions.list())
			sandbox.state.webhooks!.remove(subscription.id);
	});

	const create = (body: Record<string, unknown> = {}) =>
		api('POST', '/v1/webhooks', {
			url: 'https://n8n.school.example/webhook/abc',
			events: ['payment.succeeded'],
			...body,
		});

	it('creates a subscription and returns its whsec_ secret that one time only', async () => {
		const created = await create({
			description: 'n8n workflow 42',
			events: ['payment.succeeded', 'payment.failed'],
		});
		expect(created.status).toBe(201);
		expect(created.body.data).toEqual({
			id: expect.stringMatching(/^wh_/),
			url: 'https://n8n.school.example/webhook/abc',
			events: ['payment.succeeded', 'payment.failed'],
			description: 'n8n workflow 42',
			enabled: true,
			created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
			updated_at: created.body.data.created_at,
			secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
		});
		expect(Buffer.from(created.body.data.secret.slice(6), 'base64')).toHaveLength(32);

		const { id } = created.body.data;
		const fetched = await api('GET', `/v1/webhooks/${id}`);
		expect(fetched.status).toBe(200);
		expect(fetched.body.data).not.toHaveProperty('secret');
		expect(fetched.body.data.id).toBe(id);

		const listed = await api('GET', '/v1/webhooks');
		expect(listed.body.data[0]).not.toHaveProperty('secret');
		const patched = await api('PATCH', `/v1/webhooks/${id}`, { enabled: false });
		expect(patched.body.data).not.toHaveProperty('secret');
	});

	it('serves the same subscriptions under /api/v1', async () => {
		const created = await create();
		const viaApi = await api('GET', `/api/v1/webhooks/${created.body.data.id}`);
		expect(viaApi.status).toBe(200);
		expect(viaApi.body.data.url).toBe('https://n8n.school.example/webhook/abc');
	});

	it('lists subscriptions in the paginated envelope, filtered by exact url', async () => {
		await create({ url: 'https://a.example/hook' });
		await create({ url: 'https://b.example/hook' });
		await create({ url: 'https://a.example/hook' });

		const all = await api('GET', '/v1/webhooks?per_page=2');
		expect(all.status).toBe(200);
		expect(all.body.data).toHaveLength(2);
		expect(all.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2, current_page: 1 });
		expect(all.body.links.next).toBe(`${sandbox.baseUrl}/v1/webhooks?per_page=2&page=2`);

		const filtered = await api(
			'GET',
			`/v1/webhooks?filter[url]=${encodeURIComponent('https://a.example/hook')}`,
		);
		expect(filtered.body.data.map((w: { url: string }) => w.url)).toEqual([
			'https://a.example/hook',
			'https://a.example/hook',
		]);
		expect(filtered.body.meta.total).toBe(2);

		expect((await api('GET', '/v1/webhooks?per_page=101')).status).toBe(422);
	});

	it('updates events, url, description and enabled', async () => {
		const { id, created_at } = (await create()).body.data;
		const patched = await api('PATCH', `/v1/webhooks/${id}`, {
			events: ['exam_result.published'],
			url: 'http://127.0.0.1:5678/webhook/x',
			description: 'marks',
			enabled: false,
		});
		expect(patched.status).toBe(200);
		expect(patched.body.data).toMatchObject({
			id,
			events: ['exam_result.published'],
			url: 'http://127.0.0.1:5678/webhook/x',
			description: 'marks',
			enabled: false,
			created_at,
		});
		expect((await api('GET', `/v1/webhooks/${id}`)).body.data.enabled).toBe(false);
		const cleared = await api('PATCH', `/v1/webhooks/${id}`, { description: null });
		expect(cleared.body.data).toMatchObject({
			description: null,
			events: ['exam_result.published'],
		});
	});

	it('deletes with 204 and an empty body, then answers 404', async () => {
		const { id } = (await create()).body.data;
		const deleted = await api('DELETE', `/v1/webhooks/${id}`);
		expect(deleted.status).toBe(204);
		expect(deleted.body).toBeUndefined();
		for (const [method, path] of [
			['GET', `/v1/webhooks/${id}`],
			['DELETE', `/v1/webhooks/${id}`],
			['PATCH', `/v1/webhooks/${id}`],
			['POST', `/v1/webhooks/${id}/rotate-secret`],
			['GET', `/v1/webhooks/${id}/deliveries`],
		]) {
			const response = await api(method, path, method === 'PATCH' ? { enabled: true } : undefined);
			expect(response.status).toBe(404);
			expect(response.body).toMatchObject({
				code: 'not_found',
				message: `No webhook with ID ${id}.`,
			});
		}
	});

	it('rotates the secret: a new one, returned once', async () => {
		const { id, secret } = (await create()).body.data;
		const rotated = await api('POST', `/v1/webhooks/${id}/rotate-secret`, {
			grace_period_seconds: 3600,
		});
		expect(rotated.status).toBe(200);
		expect(rotated.body.data.secret).toMatch(/^whsec_/);
		expect(rotated.body.data.secret).not.toBe(secret);
		expect((await api('GET', `/v1/webhooks/${id}`)).body.data).not.toHaveProperty('secret');

		const bad = await api('POST', `/v1/webhooks/${id}/rotate-secret`, {
			grace_period_seconds: 604_801,
		});
		expect(bad.status).toBe(422);
		expect(bad.body.errors).toHaveProperty('grace_period_seconds');
	});

	it.each([
		[{ url: 'ftp://files.example/hook' }, 'url'],
		[{ url: '/webhook/relative' }, 'url'],
		[{ url: `https://n8n.example/${'x'.repeat(2048)}` }, 'url'],
		[{ url: undefined }, 'url'],
		[{ events: [] }, 'events'],
		[{ events: 'payment.succeeded' }, 'events'],
		[{ events: ['payment.*'] }, 'events.0'],
		[{ events: ['payment.succeeded', 'student.created'] }, 'events.1'],
		[{ events: ['payment.failed', 'payment.failed'] }, 'events'],
		[{ description: 'd'.repeat(256) }, 'description'],
		[{ enabled: 'yes' }, 'enabled'],
	])('rejects %j with 422 on %s', async (body, field) => {
		const response = await create(body);
		expect(response.status).toBe(422);
		expect(response.body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
		expect(Object.keys(response.body.errors)).toContain(field);
		expect(response.body.errors[field][0]).toEqual(expect.any(String));
	});

	it('names the valid event types when an event is unknown', async () => {
		const response = await create({ events: ['student.created'] });
		expect(response.body.errors['events.0'][0]).toContain('enrollment.created');
		expect(response.body.errors['events.0'][0]).toContain('exam_result.updated');
	});

	it('validates PATCH bodies the same way', async () => {
		const { id } = (await create()).body.data;
		const response = await api('PATCH', `/v1/webhooks/${id}`, { url: 'not a url', events: [] });
		expect(response.status).toBe(422);
		expect(Object.keys(response.body.errors).sort()).toEqual(['events', 'url']);
	});

	it('allows the same url twice but not more than 100 subscriptions', async () => {
		for (let i = 0; i < 100; i++) expect((await create()).status).toBe(201);
		const over = await create();
		expect(over.status).toBe(422);
		expect(over.body.errors.url[0]).toMatch(/at most 100/);
	});

	it('needs webhooks:read to read and webhooks:write to change', async () => {
		const { id } = (await create()).body.data;
		const reader = apiClient(sandbox.baseUrl, 'reader');
		expect((await reader('GET', '/v1/webhooks')).status).toBe(200);
		expect((await reader('GET', `/v1/webhooks/${id}/deliveries`)).status).toBe(200);
		const denied = await reader('POST', '/v1/webhooks', {
			url: 'https://x.example',
			events: ['payment.failed'],
		});
		expect(denied.status).toBe(403);
		expect(denied.body).toMatchObject({
			code: 'insufficient_scope',
			required_scopes: ['webhooks:write'],
		});
		expect((await reader('DELETE', `/v1/webhooks/${id}`)).status).toBe(403);

		const studentsOnly = apiClient(sandbox.baseUrl, 'students-only');
		expect((await studentsOnly('GET', '/v1/webhooks')).body).toMatchObject({
			code: 'insufficient_scope',
			required_scopes: ['webhooks:read'],
		});
		expect((await apiClient(sandbox.baseUrl, 'nope')('GET', '/v1/webhooks')).status).toBe(401);
	});
});

describe('delivery endpoints: one delivery, redelivery, scopes, rate limit and faults', () => {
	const clock = new ManualClock(Date.now());
	let sandbox: RunningSandbox;
	let api: ReturnType<typeof apiClient>;
	let receiver: Receiver;

	beforeAll(async () => {
		sandbox = await startWithNarrowTokens({ clock, webhookRetryScale: 0.00001, rateLimit: 30 });
		api = apiClient(sandbox.baseUrl);
	});

	afterAll(() => sandbox.close());

	beforeEach(async () => {
		receiver = await startReceiver();
		clock.advance(60_000); // a fresh rate-limit window for every test
	});

	afterEach(async () => {
		await sandbox.state.webhooks!.idle();
		for (const subscription of sandbox.state.webhooks!.subscriptions.list())
			sandbox.state.webhooks!.remove(subscription.id);
		await call(sandbox, '/sandbox/faults', { method: 'DELETE', token: null });
		await receiver.close();
	});

	/** A subscription to payment.succeeded with one settled delivery of one event. */
	const deliveredOnce = async () => {
		const { id } = (
			await api('POST', '/v1/webhooks', { url: receiver.url, events: ['payment.succeeded'] })
		).body.data;
		const [{ event }] = (await api('POST', '/sandbox/events', { type: 'payment.succeeded' })).body
			.data;
		await sandbox.state.webhooks!.idle();
		const [delivery] = (await api('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
		return { webhookId: id as string, eventId: event.id as string, delivery };
	};
	const redeliver = (webhookId: string, deliveryId: string, client = api) =>
		client('POST', `/v1/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`);

	it('serves one delivery as the log lists it, under /v1 and /api/v1', async () => {
		const { webhookId, eventId, delivery } = await deliveredOnce();
		for (const prefix of ['/v1', '/api/v1']) {
			const one = await api('GET', `${prefix}/webhooks/${webhookId}/deliveries/${delivery.id}`);
			expect(one.status).toBe(200);
			expect(one.body).toEqual({ data: delivery });
		}
		expect(delivery).toMatchObject({
			webhook_id: webhookId,
			event_id: eventId,
			status: 'succeeded',
			attempt_count: 1,
		});
	});

	it("answers 404 for an unknown delivery, another subscription's delivery and an unknown subscription", async () => {
		const { webhookId, delivery } = await deliveredOnce();
		const other = (
			await api('POST', '/v1/webhooks', { url: receiver.url, events: ['payment.failed'] })
		).body.data.id;
		for (const method of ['GET', 'POST']) {
			const suffix = method === 'POST' ? '/redeliver' : '';
			const unknown = await api(
				method,
				`/v1/webhooks/${webhookId}/deliveries/dlv_unknown${suffix}`,
			);
			expect(unknown.status).toBe(404);
			expect(unknown.body).toMatchObject({
				code: 'not_found',
				message: `Webhook ${webhookId} has no delivery with ID dlv_unknown.`,
			});
			const elsewhere = await api(
				method,
				`/v1/webhooks/${other}/deliveries/${delivery.id}${suffix}`,
			);
			expect(elsewhere.body).toMatchObject({
				code: 'not_found',
				message: `Webhook ${other} has no delivery with ID ${delivery.id}.`,
			});
			const gone = await api(method, `/v1/webhooks/wh_missing/deliveries/${delivery.id}${suffix}`);
			expect(gone.body).toMatchObject({
				code: 'not_found',
				message: 'No webhook with ID wh_missing.',
			});
		}
		expect(receiver.received).toHaveLength(1);
	});

	it('needs webhooks:read to read deliveries and webhooks:write to redeliver', async () => {
		const { webhookId, delivery } = await deliveredOnce();
		const reader = apiClient(sandbox.baseUrl, 'reader');
		expect(
			(await reader('GET', `/v1/webhooks/${webhookId}/deliveries?filter[status]=succeeded`)).status,
		).toBe(200);
		expect(
			(await reader('GET', `/v1/webhooks/${webhookId}/deliveries/${delivery.id}`)).status,
		).toBe(200);
		const denied = await redeliver(webhookId, delivery.id, reader);
		expect(denied.status).toBe(403);
		expect(denied.body).toMatchObject({
			code: 'insufficient_scope',
			required_scopes: ['webhooks:write'],
		});

		const studentsOnly = apiClient(sandbox.baseUrl, 'students-only');
		for (const path of [
			`/v1/webhooks/${webhookId}/deliveries`,
			`/v1/webhooks/${webhookId}/deliveries/${delivery.id}`,
		]) {
			expect((await studentsOnly('GET', path)).body).toMatchObject({
				code: 'insufficient_scope',
				required_scopes: ['webhooks:read'],
			});
		}
		await sandbox.state.webhooks!.idle();
		expect(receiver.received).toHaveLength(1);
		expect((await api('GET', `/v1/webhooks/${webhookId}/deliveries`)).body.meta.total).toBe(1);
	});

	it('redelivers a failed delivery as a new one with the same event id; the failed one stays as it was', async () => {
		receiver.respondWith(answer(500));
		const { webhookId, eventId, delivery: failed } = await deliveredOnce();
		expect(failed).toMatchObject({ status: 'failed', attempt_count: 8 });
		receiver.respondWith(answer(200));

		const response = await redeliver(webhookId, failed.id);
		expect(response.status).toBe(202);
		expect(response.body.data).toMatchObject({
			webhook_id: webhookId,
			event_id: eventId,
			status: 'pending',
			attempt_count: 0,
			attempts: [],
		});
		expect(response.body.data.id).not.toBe(failed.id);
		await sandbox.state.webhooks!.idle();

		const ofEvent = (
			await api('GET', `/v1/webhooks/${webhookId}/deliveries?filter[event_id]=${eventId}`)
		).body.data;
		expect(ofEvent.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
			[response.body.data.id, 'succeeded'],
			[failed.id, 'failed'],
		]);
		expect(ofEvent[1]).toEqual(failed);
		expect(receiver.received).toHaveLength(9);
		expect(receiver.received[8].headers['webhook-id']).toBe(eventId);
	});

	it('redelivers a delivery that already succeeded: the platform allows it, the receiver gets the event again', async () => {
		const { webhookId, eventId, delivery: succeeded } = await deliveredOnce();
		const response = await redeliver(webhookId, succeeded.id);
		expect(response.status).toBe(202);
		expect(response.body.data).toMatchObject({ event_id: eventId, status: 'pending' });
		await sandbox.state.webhooks!.idle();

		expect(receiver.received.map((d) => d.headers['webhook-id'])).toEqual([eventId, eventId]);
		expect(receiver.received[1].body).toBe(receiver.received[0].body);
		const one = (await api('GET', `/v1/webhooks/${webhookId}/deliveries/${succeeded.id}`)).body
			.data;
		expect(one).toEqual(succeeded);
		expect(
			(await api('GET', `/v1/webhooks/${webhookId}/deliveries/${response.body.data.id}`)).body.data
				.status,
		).toBe('succeeded');
	});

	it('counts the delivery endpoints against the same per-token budget as every other endpoint', async () => {
		const { webhookId, delivery } = await deliveredOnce();
		clock.advance(60_000);
		const budget = sandbox.config.rateLimit;
		for (let i = 0; i < budget - 3; i++)
			expect((await call(sandbox, '/v1/students?per_page=1')).status).toBe(200);
		const listed = await api('GET', `/v1/webhooks/${webhookId}/deliveries`);
		expect(listed.headers.get('x-ratelimit-remaining')).toBe('2');
		expect(
			(await api('GET', `/v1/webhooks/${webhookId}/deliveries/${delivery.id}`)).headers.get(
				'x-ratelimit-remaining',
			),
		).toBe('1');
		const redelivered = await redeliver(webhookId, delivery.id);
		expect([redelivered.status, redelivered.headers.get('x-ratelimit-remaining')]).toEqual([
			202,
			'0',
		]);

		const limited = await redeliver(webhookId, delivery.id);
		expect(limited.status).toBe(429);
		expect(limited.body).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		expect((await call(sandbox, '/v1/students?per_page=1')).status).toBe(429);
		expect((await api('GET', `/v1/webhooks/${webhookId}/deliveries/${delivery.id}`)).status).toBe(
			429,
		);

		await sandbox.state.webhooks!.idle();
		expect(receiver.received).toHaveLength(2);
		clock.advance(60_000);
		expect((await api('GET', `/v1/webhooks/${webhookId}/deliveries`)).body.meta.total).toBe(2);
	});

	it('takes the same injected faults as every other endpoint', async () => {
		const { webhookId, delivery } = await deliveredOnce();
		const rule = {
			path: '/v1/webhooks/*/deliveries*',
			nth: [1, 3],
			fault: { type: 'status', status: 503, retry_after: 2 },
		};
		expect(
			(await call(sandbox, '/sandbox/faults', { method: 'POST', token: null, body: rule })).status,
		).toBe(201);

		const faulted = await api(
			'GET',
			`/v1/webhooks/${webhookId}/deliveries?filter[status]=succeeded`,
		);
		expect([faulted.status, faulted.headers.get('retry-after'), faulted.body.code]).toEqual([
			503,
			'2',
			'service_unavailable',
		]);
		expect((await api('GET', `/v1/webhooks/${webhookId}/deliveries/${delivery.id}`)).status).toBe(
			200,
		);
		const redelivery = await redeliver(webhookId, delivery.id);
		expect(redelivery.status).toBe(503);
		await sandbox.state.webhooks!.idle();
		expect(receiver.received).toHaveLength(1);
		expect((await redeliver(webhookId, delivery.id)).status).toBe(202);
	});
});
