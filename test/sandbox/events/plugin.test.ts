// POST/GET /sandbox/events over real HTTP.
import { startSandbox, type RunningSandbox } from '../../../sandbox';
import { EVENT_TYPES } from '../../../sandbox/schemas/events';
import { apiClient } from '../webhooks/helpers/api';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';

describe('/sandbox/events', () => {
	let sandbox: RunningSandbox;
	let receiver: Receiver;
	let api: ReturnType<typeof apiClient>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, students: 30 });
		receiver = await startReceiver();
		api = apiClient(sandbox.baseUrl);
	});

	afterAll(async () => {
		await sandbox.close();
		await receiver.close();
	});

	it('creates an event about a real student, and queues it for subscribers', async () => {
		const { id } = (
			await api('POST', '/v1/webhooks', { url: receiver.url, events: ['payment.succeeded'] })
		).body.data;
		const response = await api('POST', '/sandbox/events', {
			type: 'payment.succeeded',
			data: { amount: 4200, currency: 'GBP' },
		});
		expect(response.status).toBe(201);
		const [{ event, queued_for }] = response.body.data;
		expect(queued_for).toEqual([id]);
		expect(event).toMatchObject({
			id: expect.stringMatching(/^evt_/),
			type: 'payment.succeeded',
			data: { amount: 4200, currency: 'GBP' },
		});

		const student = await api('GET', `/v1/students/${event.data.student_id}`);
		expect(student.status).toBe(200);
		expect(event.data.student).toMatchObject({
			first_name: student.body.data.first_name,
			email: student.body.data.email,
		});

		await sandbox.state.webhooks!.idle();
		expect(JSON.parse(receiver.received[0].body)).toEqual(event);
	});

	it('does not wait for the receiver: the delivery is pending while the receiver takes its time', async () => {
		const held: Array<() => void> = [];
		receiver.respondWith((_delivery, _index, response) =>
			held.push(() => response.writeHead(200).end()),
		);
		const { id } = (
			await api('POST', '/v1/webhooks', { url: receiver.url, events: ['enrollment.completed'] })
		).body.data;
		const emitted = await api('POST', '/sandbox/events', { type: 'enrollment.completed' });
		expect(emitted.status).toBe(201);
		await receiver.waitFor(receiver.received.length + 1);

		const [pending] = (await api('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
		expect(pending).toMatchObject({ status: 'pending', attempt_count: 0, attempts: [] });
		held.forEach((release) => release());
		await sandbox.state.webhooks!.idle();
		const [done] = (await api('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
		expect(done).toMatchObject({ status: 'succeeded', attempt_count: 1 });
	});

	it('emits several events with count, each with its own id', async () => {
		const response = await api('POST', '/sandbox/events', { type: 'enrollment.created', count: 5 });
		expect(response.body.data).toHaveLength(5);
		expect(new Set(response.body.data.map((e: any) => e.event.id)).size).toBe(5);
	});

	it('refuses an unknown type with 422 listing the valid ones', async () => {
		const response = await api('POST', '/sandbox/events', { type: 'payment.pending' });
		expect(response.status).toBe(422);
		expect(response.body.code).toBe('validation_failed');
		for (const type of EVENT_TYPES) expect(response.body.errors.type[0]).toContain(type);
	});

	it.each([
		[{ type: 'payment.failed', count: 0 }, 'count'],
		[{ type: 'payment.failed', count: 101 }, 'count'],
		[{ type: 'payment.failed', data: [1] }, 'data'],
		[{ type: 'payment.failed', data: { student_id: 999_999 } }, 'data.student_id'],
		[{}, 'type'],
	])('refuses %j with 422 on %s', async (body, field) => {
		const response = await api('POST', '/sandbox/events', body);
		expect(response.status).toBe(422);
		expect(response.body.errors).toHaveProperty([field]);
	});

	it('lists recent events newest first, filterable by type', async () => {
		const [first] = (await api('POST', '/sandbox/events', { type: 'exam_result.updated' })).body
			.data;
		const [second] = (await api('POST', '/sandbox/events', { type: 'exam_result.updated' })).body
			.data;
		const listed = await api('GET', '/sandbox/events?filter[type]=exam_result.updated');
		expect(listed.status).toBe(200);
		expect(listed.body.data.map((e: any) => e.event.id)).toEqual([second.event.id, first.event.id]);
		const all = await api('GET', '/sandbox/events?per_page=1');
		expect(all.body.data[0].event.id).toBe(second.event.id);
		expect(all.body.meta.total).toBeGreaterThanOrEqual(8);
		expect((await api('GET', '/sandbox/events?filter[type]=nope')).status).toBe(422);
	});
});
