// The filters and sorts of the delivery log and the subscription list over real HTTP
// (docs/api-contract.md §8.8): each filter, their combination, paging with filters, the order of
// deliveries made in the same millisecond, and the 422s of §3.4.
import { ManualClock, startSandbox, type RunningSandbox } from '../../../sandbox';
import { apiClient } from './helpers/api';
import { startReceiver, type Receiver } from './helpers/receiver';

const T0 = Date.parse('2026-11-20T09:00:00Z');
const HOUR = 3_600_000;

interface DeliveryRow {
	id: string;
	event_id: string;
	event_type: string;
	status: string;
	created_at: string;
}

describe('delivery log filters and sort', () => {
	let sandbox: RunningSandbox;
	let receiver: Receiver;
	let api: ReturnType<typeof apiClient>;
	let webhookId: string;
	let otherWebhookId: string;
	/** Event ids by name, as emitted: two payments at T0, a failing one at T0+1h, an enrollment at T0+2h, an exam result (still in flight) at T0+3h. */
	const events: Record<'paid1' | 'paid2' | 'declined' | 'enrolled' | 'published', string> =
		{} as never;

	const emit = async (type: string, count = 1): Promise<string[]> => {
		const response = await api('POST', '/sandbox/events', { type, count });
		expect(response.status).toBe(201);
		return response.body.data.map((emitted: { event: { id: string } }) => emitted.event.id);
	};
	const list = async (query: string, id = webhookId) => {
		const response = await api('GET', `/v1/webhooks/${id}/deliveries${query}`);
		expect(response.status).toBe(200);
		return response.body as {
			data: DeliveryRow[];
			meta: { total: number; last_page: number };
			links: { next: string | null };
		};
	};
	const eventsOf = (rows: DeliveryRow[]) => rows.map((row) => row.event_id);

	beforeAll(async () => {
		// payment.failed always gets a 503 (failed after 8 quick attempts); exam results never get an
		// answer (pending while the attempt waits); everything else a 200.
		receiver = await startReceiver((delivery, _index, response) => {
			const { type } = JSON.parse(delivery.body) as { type: string };
			if (type === 'payment.failed') response.writeHead(503).end();
			else if (type !== 'exam_result.published') response.writeHead(200).end();
		});
		const clock = new ManualClock(T0);
		sandbox = await startSandbox({
			port: 0,
			students: 20,
			clock,
			webhookRetryScale: 0.00001,
			webhookTimeoutMs: 60_000,
		});
		api = apiClient(sandbox.baseUrl);
		const subscribe = async (events: string[]) =>
			(await api('POST', '/v1/webhooks', { url: receiver.url, events })).body.data.id as string;
		webhookId = await subscribe([
			'payment.succeeded',
			'payment.failed',
			'enrollment.created',
			'exam_result.published',
		]);
		otherWebhookId = await subscribe(['payment.succeeded']);

		[events.paid1, events.paid2] = await emit('payment.succeeded', 2);
		clock.advance(HOUR);
		[events.declined] = await emit('payment.failed');
		clock.advance(HOUR);
		[events.enrolled] = await emit('enrollment.created');
		await sandbox.state.webhooks!.idle();
		clock.advance(HOUR);
		const before = receiver.received.length;
		[events.published] = await emit('exam_result.published');
		await receiver.waitFor(before + 1);
	});

	afterAll(async () => {
		for (const subscription of sandbox.state.webhooks!.subscriptions.list())
			sandbox.state.webhooks!.remove(subscription.id);
		await sandbox.close();
		await receiver.close();
	});

	it('lists newest first by default; sort=created_at is the exact reverse, deliveries of the same millisecond included', async () => {
		const newestFirst = [
			events.published,
			events.enrolled,
			events.declined,
			events.paid2,
			events.paid1,
		];
		const all = await list('');
		expect(eventsOf(all.data)).toEqual(newestFirst);
		expect(all.data.map((row) => row.status)).toEqual([
			'pending',
			'succeeded',
			'failed',
			'succeeded',
			'succeeded',
		]);
		expect(all.data[3].created_at).toBe(all.data[4].created_at);
		expect(eventsOf((await list('?sort=-created_at')).data)).toEqual(newestFirst);
		expect(eventsOf((await list('?sort=created_at')).data)).toEqual([...newestFirst].reverse());
		expect(eventsOf((await list('', otherWebhookId)).data)).toEqual([events.paid2, events.paid1]);
	});

	it.each([
		['failed', ['declined']],
		['pending', ['published']],
		['succeeded', ['enrolled', 'paid2', 'paid1']],
		['failed,pending', ['published', 'declined']],
	] as const)('filters status=%s', async (status, expected) => {
		const body = await list(`?filter[status]=${status}`);
		expect(eventsOf(body.data)).toEqual(expected.map((name) => events[name]));
		expect(body.meta.total).toBe(expected.length);
	});

	it('filters by any of several event types', async () => {
		const body = await list('?filter[event_type]=payment.succeeded,payment.failed');
		expect(eventsOf(body.data)).toEqual([events.declined, events.paid2, events.paid1]);
		expect(eventsOf((await list('?filter[event_type]=enrollment.created')).data)).toEqual([
			events.enrolled,
		]);
	});

	it('filters by any of several event ids', async () => {
		const body = await list(`?filter[event_id]=${events.paid1},${events.published}`);
		expect(eventsOf(body.data)).toEqual([events.published, events.paid1]);
		expect((await list('?filter[event_id]=evt_00000000000000000000')).data).toEqual([]);
	});

	it('bounds created_at strictly with created_after and created_before, alone or combined with other filters', async () => {
		expect(eventsOf((await list('?filter[created_after]=2026-11-20T09:00:00Z')).data)).toEqual([
			events.published,
			events.enrolled,
			events.declined,
		]);
		expect(eventsOf((await list('?filter[created_before]=2026-11-20T10:00:00Z')).data)).toEqual([
			events.paid2,
			events.paid1,
		]);
		expect(
			eventsOf(
				(
					await list(
						'?filter[created_after]=2026-11-20T09:30:00Z&filter[created_before]=2026-11-20T11:30:00Z',
					)
				).data,
			),
		).toEqual([events.enrolled, events.declined]);
		const narrowed = await list(
			'?filter[created_after]=2026-11-20T09:30:00Z&filter[created_before]=2026-11-20T11:30:00Z&filter[status]=succeeded',
		);
		expect(eventsOf(narrowed.data)).toEqual([events.enrolled]);
		expect(
			eventsOf((await list('?filter[created_after]=2026-11-20T10:00:00%2B01:00')).data),
		).toEqual([events.published, events.enrolled, events.declined]);
		expect((await list('?filter[created_after]=2026-11-21')).data).toEqual([]);
	});

	it('pages through a filtered list with links that keep the filter', async () => {
		const first = await list('?filter[status]=succeeded&per_page=2');
		expect(eventsOf(first.data)).toEqual([events.enrolled, events.paid2]);
		expect(first.meta).toMatchObject({ total: 3, last_page: 2 });
		const next = new URL(first.links.next!);
		expect(next.searchParams.get('filter[status]')).toBe('succeeded');
		const second = await list(next.search);
		expect(eventsOf(second.data)).toEqual([events.paid1]);
		expect(second.links.next).toBeNull();
		expect((await list('?filter[status]=succeeded&per_page=2&page=3')).data).toEqual([]);
	});

	it('ignores an empty filter value', async () => {
		expect((await list('?filter[status]=&filter[event_type]=')).meta.total).toBe(5);
	});

	it.each([
		[
			'filter[colour]=red',
			'filter',
			'Requested filter(s) `colour` are not allowed. Allowed filter(s) are `status, event_type, event_id, created_after, created_before`.',
		],
		[
			'filter[status]=done',
			'filter.status',
			'The selected filter.status is invalid. Allowed: pending, succeeded, failed.',
		],
		[
			'filter[event_type]=student.created',
			'filter.event_type',
			expect.stringContaining('Allowed: enrollment.created,'),
		],
		[
			'filter[created_after]=yesterday',
			'filter.created_after',
			expect.stringContaining('ISO 8601'),
		],
		[
			'filter[created_before]=2026-11-20T09:00:00',
			'filter.created_before',
			expect.stringContaining('time zone'),
		],
		[
			'sort=status',
			'sort',
			'Requested sort(s) `status` is not allowed. Allowed sort(s) are `created_at`.',
		],
	])('answers 422 to %s under %s', async (query, key, message) => {
		const response = await api('GET', `/v1/webhooks/${webhookId}/deliveries?${query}`);
		expect(response.status).toBe(422);
		expect(response.body).toMatchObject({
			code: 'validation_failed',
			errors: { [key]: [message] },
		});
	});

	it('reports a bad page size and a bad filter in one 422', async () => {
		const response = await api(
			'GET',
			`/v1/webhooks/${webhookId}/deliveries?per_page=0&filter[status]=done`,
		);
		expect(response.status).toBe(422);
		expect(Object.keys(response.body.errors).sort()).toEqual(['filter.status', 'per_page']);
	});
});

describe('subscription list filter and sort', () => {
	let sandbox: RunningSandbox;
	let api: ReturnType<typeof apiClient>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, students: 10, clock: new ManualClock(T0) });
		api = apiClient(sandbox.baseUrl);
	});

	afterAll(() => sandbox.close());

	it('matches filter[url] exactly (case and commas included), sorts by created_at, and answers 422 to anything else', async () => {
		const urls = [
			'https://n8n.example/webhook/a',
			'https://n8n.example/webhook/B',
			'https://n8n.example/webhook/a,b',
		];
		const ids: string[] = [];
		for (const url of urls)
			ids.push(
				(await api('POST', '/v1/webhooks', { url, events: ['payment.failed'] })).body.data.id,
			);
		const byUrl = async (url: string) =>
			(await api('GET', `/v1/webhooks?filter[url]=${encodeURIComponent(url)}`)).body.data.map(
				(w: { id: string }) => w.id,
			);

		expect(await byUrl(urls[0])).toEqual([ids[0]]);
		expect(await byUrl('https://n8n.example/webhook/b')).toEqual([]);
		expect(await byUrl(urls[2])).toEqual([ids[2]]);
		expect(await byUrl('https://n8n.example/webhook/')).toEqual([]);

		const ordered = async (query: string) =>
			(await api('GET', `/v1/webhooks${query}`)).body.data.map((w: { id: string }) => w.id);
		expect(await ordered('')).toEqual(ids);
		expect(await ordered('?sort=created_at')).toEqual(ids);
		expect(await ordered('?sort=-created_at')).toEqual([...ids].reverse());

		const bad = await api('GET', '/v1/webhooks?filter[enabled]=true&sort=url');
		expect(bad.status).toBe(422);
		expect(bad.body.errors).toEqual({
			filter: ['Requested filter(s) `enabled` are not allowed. Allowed filter(s) are `url`.'],
			sort: ['Requested sort(s) `url` is not allowed. Allowed sort(s) are `created_at`.'],
		});
	});
});
