// The subscription API over real HTTP (contract §8.1).
import { startSandbox, type RunningSandbox } from '../../../sandbox';
import { apiClient } from './helpers/api';

describe('webhook subscriptions API', () => {
	let sandbox: RunningSandbox;
	let api: ReturnType<typeof apiClient>;

	beforeAll(async () => {
		sandbox = await startSandbox({
			port: 0,
			students: 20,
			tokens: [
				{ token: 'reader', scopes: ['webhooks:read'] },
				{ token: 'students-only', scopes: ['students:read'] },
			],
		});
		api = apiClient(sandbox.baseUrl);
	});

	afterAll(() => sandbox.close());

	afterEach(async () => {
		for (const subscription of sandbox.state.webhooks!.subscriptions.list()) sandbox.state.webhooks!.remove(subscription.id);
	});

	const create = (body: Record<string, unknown> = {}) =>
		api('POST', '/v1/webhooks', { url: 'https://n8n.school.example/webhook/abc', events: ['payment.succeeded'], ...body });

	it('creates a subscription and returns its whsec_ secret that one time only', async () => {
		const created = await create({ description: 'n8n workflow 42', events: ['payment.succeeded', 'payment.failed'] });
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

		const filtered = await api('GET', `/v1/webhooks?filter[url]=${encodeURIComponent('https://a.example/hook')}`);
		expect(filtered.body.data.map((w: { url: string }) => w.url)).toEqual(['https://a.example/hook', 'https://a.example/hook']);
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
		expect(cleared.body.data).toMatchObject({ description: null, events: ['exam_result.published'] });
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
			expect(response.body).toMatchObject({ code: 'not_found', message: `No webhook with ID ${id}.` });
		}
	});

	it('rotates the secret: a new one, returned once', async () => {
		const { id, secret } = (await create()).body.data;
		const rotated = await api('POST', `/v1/webhooks/${id}/rotate-secret`, { grace_period_seconds: 3600 });
		expect(rotated.status).toBe(200);
		expect(rotated.body.data.secret).toMatch(/^whsec_/);
		expect(rotated.body.data.secret).not.toBe(secret);
		expect((await api('GET', `/v1/webhooks/${id}`)).body.data).not.toHaveProperty('secret');

		const bad = await api('POST', `/v1/webhooks/${id}/rotate-secret`, { grace_period_seconds: 604_801 });
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
		const denied = await reader('POST', '/v1/webhooks', { url: 'https://x.example', events: ['payment.failed'] });
		expect(denied.status).toBe(403);
		expect(denied.body).toMatchObject({ code: 'insufficient_scope', required_scopes: ['webhooks:write'] });
		expect((await reader('DELETE', `/v1/webhooks/${id}`)).status).toBe(403);

		const studentsOnly = apiClient(sandbox.baseUrl, 'students-only');
		expect((await studentsOnly('GET', '/v1/webhooks')).body).toMatchObject({ code: 'insufficient_scope', required_scopes: ['webhooks:read'] });
		expect((await apiClient(sandbox.baseUrl, 'nope')('GET', '/v1/webhooks')).status).toBe(401);
	});
});
