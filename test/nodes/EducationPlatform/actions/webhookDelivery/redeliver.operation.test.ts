// Webhook Delivery → Redeliver through n8n's engine with nock: which requests it sends, and what it
// says when it sends nothing.
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../../harness';
import { jsonOf, ORIGIN, runEducationPlatform, TOKEN } from '../../fixtures';
import { EducationPlatformTool, offeredOperations } from '../../toolVariant';
import { useNock } from '../../../../harness/nock';
import {
	ACCOUNTING,
	delivery,
	LOG,
	OURS,
	target,
	withHeaders,
	withoutHeaders,
} from './deliveryFixtures';

useNock();

describe('Webhook Delivery → Redeliver', () => {
	/** The subscription is read (first) with this answer; dlv_1 failed and is its event's only delivery. */
	const failedThenSubscription = (status: number, body: object) =>
		nock(ORIGIN)
			.get('/v1/webhooks/wh_1')
			.reply(status, body)
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') })
			.get(LOG)
			.query(true)
			.reply(200, { data: [delivery('dlv_1', 'failed')] });
	/** wh_1 is this n8n's (OURS), read first. */
	const ours = () => nock(ORIGIN).get('/v1/webhooks/wh_1').reply(200, { data: OURS });

	it("reads the event's deliveries newest first and the subscription, then redelivers", async () => {
		const scope = nock(ORIGIN)
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') })
			.get(LOG)
			.query({ 'filter[event_id]': 'evt_1', sort: '-created_at', page: 1, per_page: 100 })
			.reply(200, {
				data: [delivery('dlv_1', 'failed')],
				meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
			})
			.get('/v1/webhooks/wh_1')
			.reply(200, { data: OURS })
			.post(`${LOG}/dlv_1/redeliver`)
			.reply(202, { data: delivery('dlv_2', 'pending') });
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(jsonOf(result.items)).toEqual([
			{
				redelivered: true,
				delivery_id: 'dlv_1',
				webhook_id: 'wh_1',
				event_id: 'evt_1',
				event_type: 'payment.failed',
				skipped_reason: null,
				delivered_by: null,
				new_delivery: delivery('dlv_2', 'pending'),
			},
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('leaves out the request headers of the new delivery', async () => {
		failedThenSubscription(200, { data: OURS })
			.post(`${LOG}/dlv_1/redeliver`)
			.reply(202, { data: withHeaders('dlv_2', 'pending') });
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(jsonOf(result.items)[0].new_delivery).toEqual(withoutHeaders('dlv_2', 'pending'));
	});

	it("reads every page of the event's deliveries: one that succeeded on page 2 stops it", async () => {
		const failed = Array.from({ length: 100 }, (_, index) => ({
			...delivery(`dlv_f${index}`, 'failed'),
			attempt_count: 0,
		}));
		const scope = ours()
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') })
			.get(LOG)
			.query({ 'filter[event_id]': 'evt_1', sort: '-created_at', page: 1, per_page: 100 })
			.reply(200, {
				data: failed,
				meta: { current_page: 1, last_page: 2, per_page: 100, total: 102 },
			})
			.get(LOG)
			.query({ 'filter[event_id]': 'evt_1', sort: '-created_at', page: 2, per_page: 100 })
			.reply(200, {
				data: [delivery('dlv_ok', 'succeeded'), delivery('dlv_1', 'failed')],
				meta: { current_page: 2, last_page: 2, per_page: 100, total: 102 },
			});
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)[0]).toEqual(
			expect.objectContaining({
				redelivered: false,
				delivered_by: expect.objectContaining({ id: 'dlv_ok' }),
			}),
		);
		expect(scope.isDone()).toBe(true);
	});

	it("refuses, sending nothing, when the event's deliveries do not end within 20 pages", async () => {
		const failed = Array.from({ length: 100 }, (_, index) => ({
			...delivery(`dlv_f${index}`, 'failed'),
			attempt_count: 0,
		}));
		const pages: number[] = [];
		ours()
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') })
			.get(LOG)
			.query(true)
			.times(30)
			.reply((uri) => {
				const page = Number(new URL(uri, ORIGIN).searchParams.get('page'));
				pages.push(page);
				return [
					200,
					{
						data: failed,
						meta: { current_page: page, last_page: 1000, per_page: 100, total: 100_000 },
					},
				];
			});
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(result.error?.message).toBe(
			'Event "evt_1" has more than 2000 deliveries, so Redeliver did not read them all and did not send it [item 0]',
		);
		expect(pages).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
	});

	it('sends nothing for an event with a pending delivery, and says so in the item', async () => {
		ours()
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') })
			.get(LOG)
			.query(true)
			.reply(200, { data: [delivery('dlv_3', 'pending')] });
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(jsonOf(result.items)).toEqual([
			expect.objectContaining({
				redelivered: false,
				new_delivery: null,
				delivered_by: { id: 'dlv_3', status: 'pending', created_at: '2026-11-21T09:15:02.000000Z' },
			}),
		]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it("reads the subscription once for all the items of a run, and each item's delivery and event", async () => {
		const event = (id: string, eventId: string) => ({
			...delivery(id, 'failed'),
			event_id: eventId,
		});
		const scope = nock(ORIGIN)
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: event('dlv_1', 'evt_1') })
			.get(`${LOG}/dlv_2`)
			.reply(200, { data: event('dlv_2', 'evt_2') })
			.get(LOG)
			.query((query) => query['filter[event_id]'] === 'evt_1')
			.reply(200, { data: [event('dlv_1', 'evt_1')] })
			.get(LOG)
			.query((query) => query['filter[event_id]'] === 'evt_2')
			.reply(200, { data: [event('dlv_2', 'evt_2')] })
			.get('/v1/webhooks/wh_1')
			.once()
			.reply(200, { data: OURS })
			.post(`${LOG}/dlv_1/redeliver`)
			.reply(202, { data: delivery('dlv_3', 'pending') })
			.post(`${LOG}/dlv_2/redeliver`)
			.reply(202, { data: delivery('dlv_4', 'pending') });
		const result = await runEducationPlatform(
			{ ...target, operation: 'redeliver', webhookDeliveryId: '={{ $json.id }}' },
			{ input: [{ id: 'dlv_1' }, { id: 'dlv_2' }] },
		);
		expect(jsonOf(result.items).map((item) => [item.delivery_id, item.redelivered])).toEqual([
			['dlv_1', true],
			['dlv_2', true],
		]);
		// A second read of the subscription would find no reply and fail the item.
		expect(scope.isDone()).toBe(true);
	});

	it('sends nothing to a disabled subscription, and says to enable it', async () => {
		failedThenSubscription(200, { data: { ...OURS, enabled: false } });
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(jsonOf(result.items)).toEqual([
			expect.objectContaining({
				redelivered: false,
				delivered_by: null,
				new_delivery: null,
				skipped_reason: expect.stringMatching(/^Subscription wh_1 is disabled/),
			}),
		]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it("sends nothing when the event's deliveries are not a list, and says to check the Base URL", async () => {
		ours()
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') })
			.get(LOG)
			.query(true)
			.reply(200, '<html>login</html>');
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(result.error?.message).toBe(
			'The API did not answer with a list of event "evt_1"\'s deliveries, so Redeliver could not check it and did not send it [item 0]',
		);
		expect(result.error?.description).toMatch(/Base URL/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('names the subscription when it is gone by the time Redeliver reads it', async () => {
		failedThenSubscription(404, { error: { code: 'not_found', message: 'Webhook not found' } });
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(
			/webhook subscription wh_1/,
		);
		expect(result.error?.description).toMatch(/A webhook subscription ID starts with wh_/);
	});

	it('keeps a refused succeeded delivery per item under Continue On Fail', async () => {
		ours()
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'succeeded') });
		const result = await runEducationPlatform(
			{ ...target, operation: 'redeliver' },
			{ continueOnFail: true },
		);
		expect(jsonOf(result.items)).toEqual([
			{
				error:
					'Delivery "dlv_1" already succeeded, so Redeliver did not send event "evt_1" again [item 0]',
			},
		]);
	});

	it('sends nothing to a subscription that delivers elsewhere, reads nothing more, and names its URL and the option', async () => {
		const scope = nock(ORIGIN).get('/v1/webhooks/wh_1').reply(200, { data: ACCOUNTING });
		const reading = nock(ORIGIN)
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') });
		const sending = nock(ORIGIN)
			.post(`${LOG}/dlv_1/redeliver`)
			.reply(202, { data: delivery('dlv_2', 'pending') });
		const result = await runEducationPlatform({ ...target, operation: 'redeliver' });
		expect(result.error?.message).toBe(
			'Subscription "wh_1" delivers elsewhere, to "https://accounting.example/hooks/edu", not to this n8n, so Redeliver sent nothing [item 0]',
		);
		expect(result.error?.description).toMatch(
			/set Options → Redeliver Even If It Delivers Elsewhere\./,
		);
		expect([scope.isDone(), reading.isDone(), sending.isDone()]).toEqual([true, false, false]);
	});

	it('with Redeliver Even If It Delivers Elsewhere, a person sends it', async () => {
		const scope = failedThenSubscription(200, { data: ACCOUNTING })
			.post(`${LOG}/dlv_1/redeliver`)
			.reply(202, { data: delivery('dlv_2', 'pending') });
		const result = await runEducationPlatform({
			...target,
			operation: 'redeliver',
			options: { redeliverElsewhere: true },
		});
		expect(jsonOf(result.items)).toEqual([
			expect.objectContaining({ redelivered: true, new_delivery: delivery('dlv_2', 'pending') }),
		]);
		expect(scope.isDone()).toBe(true);
	});

	describe("as an AI agent's tool", () => {
		const runAsTool = (parameters: INodeParameters) =>
			runNode({
				nodeType: new EducationPlatformTool(),
				parameters: { ...target, operation: 'redeliver', ...parameters },
				credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
			});

		it('is offered, and redelivers to a subscription of this n8n', async () => {
			expect(offeredOperations(new EducationPlatformTool(), 'webhookDelivery')).toContain(
				'redeliver',
			);
			const scope = failedThenSubscription(200, { data: OURS })
				.post(`${LOG}/dlv_1/redeliver`)
				.reply(202, { data: delivery('dlv_2', 'pending') });
			const result = await runAsTool({});
			expect(jsonOf(result.items)).toEqual([
				expect.objectContaining({ redelivered: true, delivery_id: 'dlv_1' }),
			]);
			expect(scope.isDone()).toBe(true);
		});

		// Issue 44 F7: a saved or $fromAI Redeliver Even If Delivered re-sent a delivery that had already succeeded.
		it('ignores Redeliver Even If Delivered: a delivery that succeeded is refused, as without the option', async () => {
			const scope = nock(ORIGIN)
				.get(`${LOG}/dlv_1`)
				.reply(200, { data: delivery('dlv_1', 'succeeded') })
				.get('/v1/webhooks/wh_1')
				.reply(200, { data: OURS });
			const sending = nock(ORIGIN)
				.post(`${LOG}/dlv_1/redeliver`)
				.reply(202, { data: delivery('dlv_2', 'pending') });
			const result = await runAsTool({ options: { redeliverAnyway: true } });
			expect(JSON.stringify(result.items)).toMatch(/succeeded/);
			expect(jsonOf(result.items)[0]).not.toMatchObject({ redelivered: true });
			expect(sending.isDone()).toBe(false);
			expect(scope.isDone()).toBe(true);
		});

		it('sends nothing to a subscription that delivers elsewhere, even saved with the option, and answers the model why', async () => {
			failedThenSubscription(200, { data: ACCOUNTING });
			const sending = nock(ORIGIN)
				.post(`${LOG}/dlv_1/redeliver`)
				.reply(202, { data: delivery('dlv_2', 'pending') });
			const result = await runAsTool({
				options: { redeliverElsewhere: true, redeliverAnyway: true },
			});
			expect(result.error).toBeUndefined();
			expect(jsonOf(result.items)).toEqual([
				{
					error:
						'Subscription "wh_1" delivers elsewhere, to "https://accounting.example/hooks/edu", not to this n8n, so Redeliver sent nothing [item 0]',
					details:
						"As an AI agent's tool, Redeliver acts only on subscriptions that deliver to this n8n (delivers_to_this_n8n: true), and nothing changes that.",
				},
			]);
			expect(sending.isDone()).toBe(false);
			expect(nock.pendingMocks()).toContain(`POST ${ORIGIN}:443${LOG}/dlv_1/redeliver`);
		});
	});
});
