// Webhook Delivery → Get Many through n8n's engine with nock: one subscription's log, or the logs
// of the subscriptions under this n8n's webhook address (TEST_INSTANCE_URL), merged.
import nock from 'nock';
import { TEST_INSTANCE_URL } from '../../../../harness';
import { jsonOf, ORIGIN, runEducationPlatform } from '../../fixtures';
import { useNock } from '../../../../harness/nock';

useNock();

const page = (data: unknown[]) => ({
	data,
	meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length },
});
const subscription = (id: string, url: string) => ({
	id,
	url,
	events: ['payment.failed'],
	enabled: true,
});
const delivery = (id: string, webhookId: string, second: number) => ({
	id,
	webhook_id: webhookId,
	event_id: `evt_${id}`,
	status: 'failed',
	created_at: `2026-11-21T09:00:${String(second).padStart(2, '0')}.000000Z`,
});

describe('Webhook Delivery → Get Many', () => {
	it("reads only this n8n's subscriptions, skips one deleted meanwhile, and merges oldest first when sorted so", async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query({ page: 1, per_page: 100 })
			.reply(
				200,
				page([
					subscription(
						'wh_a',
						`${TEST_INSTANCE_URL}/webhook/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/webhook`,
					),
					subscription('wh_x', 'https://other.example/hook'),
					subscription(
						'wh_gone',
						`${TEST_INSTANCE_URL}/webhook/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb/webhook`,
					),
				]),
			)
			.get('/v1/webhooks/wh_a/deliveries')
			.query({ 'filter[status]': 'failed', sort: 'created_at', page: 1, per_page: 100 })
			.reply(200, page([delivery('dlv_a1', 'wh_a', 10), delivery('dlv_a2', 'wh_a', 30)]))
			.get('/v1/webhooks/wh_gone/deliveries')
			.query(true)
			.reply(404, { message: 'No webhook with ID wh_gone.', code: 'not_found' });
		const result = await runEducationPlatform({
			resource: 'webhookDelivery',
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['failed'] },
			sort: { rule: [{ field: 'created_at', direction: 'asc' }] },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items).map((item) => item.id)).toEqual(['dlv_a1', 'dlv_a2']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it.each([
		['..', /"\.\."/],
		[undefined, /no ID|empty/],
	])(
		'refuses a listed subscription whose ID is %p instead of reading a wrong path or skipping it',
		async (id, message) => {
			nock(ORIGIN)
				.get('/v1/webhooks')
				.query(true)
				.reply(
					200,
					page([{ ...subscription('wh_a', `${TEST_INSTANCE_URL}/webhook/a/webhook`), id }]),
				);
			const result = await runEducationPlatform({
				resource: 'webhookDelivery',
				operation: 'getMany',
			});
			expect(result.error?.message).toMatch(message);
			expect(result.error?.message).toMatch(/listed/);
			expect(nock.pendingMocks()).toEqual([]);
		},
	);

	it('returns nothing when no subscription delivers to this n8n', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, page([subscription('wh_x', 'https://other.example/hook')]));
		const result = await runEducationPlatform({
			resource: 'webhookDelivery',
			operation: 'getMany',
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});

	it("reads one subscription's log, asking for no more than Limit", async () => {
		nock(ORIGIN)
			.get('/v1/webhooks/wh_x/deliveries')
			.query({ page: 1, per_page: 2 })
			.reply(200, {
				data: [delivery('dlv_1', 'wh_x', 20), delivery('dlv_2', 'wh_x', 10)],
				meta: { current_page: 1, last_page: 3, per_page: 2, total: 6 },
			});
		const result = await runEducationPlatform({
			resource: 'webhookDelivery',
			operation: 'getMany',
			deliveriesOf: 'subscription',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: 'wh_x' },
			limit: 2,
		});
		expect(jsonOf(result.items).map((item) => item.id)).toEqual(['dlv_1', 'dlv_2']);
	});
});
