// Webhook Subscription and Webhook Delivery through n8n's engine, against a live sandbox over real
// HTTP: this n8n's subscriptions (URLs under the harness's webhook address) recognised, their
// deliveries listed across subscriptions, Redeliver safe by default, and the errors every
// resource has (403 naming the scope, 404, a 429 waited out).
import { LoadOptionsContext } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { createNodeWorkflow, TEST_INSTANCE_URL } from '../harness';
import { startReceiver, type Receiver } from '../sandbox/webhooks/helpers/receiver';
import {
	accessTokenCredentials,
	liveSandboxForFile,
	outputJson,
	runStudentNode,
} from './support/liveSandbox';

jest.setTimeout(60_000);

// Deliveries to this n8n fail at once (nothing listens there); the retry schedule takes a second.
const sandbox = liveSandboxForFile({
	students: 20,
	webhookRetryScale: 0.00001,
	tokens: [{ token: 'reader', scopes: ['webhooks:read'] }],
});
const webhooks = () => sandbox().state.webhooks!;

let receiver: Receiver;
beforeAll(async () => {
	receiver = await startReceiver();
});
afterAll(async () => {
	await receiver.close();
});
afterEach(async () => {
	await webhooks().idle();
	for (const subscription of webhooks().subscriptions.list()) webhooks().remove(subscription.id);
	sandbox().state.faults.clear();
});

/** A trigger URL of this n8n: its webhook ID a UUID starting with `hex` (4 hex digits), as n8n makes them. */
const thisN8nUrl = (hex: string) =>
	`${TEST_INSTANCE_URL}/webhook/${hex}0000-0000-4000-8000-000000000000/webhook`;

/**
 * For Redeliver, which sends only to this n8n: an n8n that runs where the receiver listens (its
 * `instanceUrl`), so its trigger URL's deliveries reach the receiver, which answers as told.
 */
const atReceiver = () => ({ instanceUrl: new URL(receiver.url).origin });
const receiverTriggerUrl = () =>
	`${atReceiver().instanceUrl}/webhook/cccc0000-0000-4000-8000-000000000000/webhook`;

function subscribe(
	url: string,
	events: string[],
	description = 'n8n workflow Fees (Education Platform Trigger)',
) {
	return webhooks().subscriptions.create({ url, events: events as never, description });
}

async function emit(type: string, count = 1) {
	const emitted = sandbox().state.events!.emit(type as never, {}, count);
	await webhooks().idle();
	return emitted.map(({ event }) => event.id);
}

const run = (parameters: INodeParameters, options: Parameters<typeof runStudentNode>[2] = {}) =>
	runStudentNode(sandbox(), parameters, options);
const ids = (items: IDataObject[]) => items.map((item) => item.id);

describe('Webhook Subscription', () => {
	it('the picker offers every subscription by description and URL, and narrows by what is typed', async () => {
		const ours = subscribe(thisN8nUrl('9d1c'), ['payment.failed']);
		const other = subscribe(`${receiver.url}/elsewhere`, ['payment.failed'], 'another n8n');
		const nodeType = new EducationPlatform();
		const { workflow, node, additionalData } = createNodeWorkflow({
			nodeType,
			parameters: { authentication: 'accessToken', resource: 'webhookDelivery', operation: 'get' },
			credentials: accessTokenCredentials(sandbox()),
		});
		const search = async (filter?: string) =>
			await nodeType.methods.listSearch.searchWebhookSubscriptions.call(
				new LoadOptionsContext(workflow, node, additionalData, 'parameters.webhookSubscriptionId'),
				filter,
			);

		expect((await search()).results).toEqual([
			{ name: `${ours.description} — ${ours.url} (${ours.id})`, value: ours.id, url: ours.url },
			{ name: `another n8n — ${other.url} (${other.id})`, value: other.id, url: other.url },
		]);
		expect((await search('  ANOTHER ')).results.map((result) => result.value)).toEqual([other.id]);
	});

	it('Get Many marks the subscriptions that deliver to this n8n; Get says the same of one', async () => {
		const ours = subscribe(thisN8nUrl('9d1c'), ['payment.failed']);
		const other = subscribe(`${receiver.url}/elsewhere`, ['payment.failed'], 'another n8n');

		const listed = await run({
			resource: 'webhookSubscription',
			operation: 'getMany',
			returnAll: true,
		});
		expect(listed.error).toBeUndefined();
		expect(outputJson(listed).map((item) => [item.id, item.delivers_to_this_n8n])).toEqual([
			[ours.id, true],
			[other.id, false],
		]);

		const simplified = await run({
			resource: 'webhookSubscription',
			operation: 'get',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: ours.id },
			options: { simplify: true },
		});
		expect(outputJson(simplified)).toEqual([
			{
				id: ours.id,
				url: ours.url,
				events: ['payment.failed'],
				description: ours.description,
				enabled: true,
				created_at: expect.any(String),
				delivers_to_this_n8n: true,
			},
		]);
	});

	it('Delete removes it and says when it delivered to this n8n; another one only with the option', async () => {
		const ours = subscribe(thisN8nUrl('9d1c'), ['payment.failed']);
		const other = subscribe(`${receiver.url}/elsewhere`, ['payment.failed'], 'another n8n');
		const remove = (id: string, options = {}) =>
			run({
				resource: 'webhookSubscription',
				operation: 'delete',
				webhookSubscriptionId: { __rl: true, mode: 'id', value: id },
				options,
			});

		const [deletedOurs] = outputJson(await remove(ours.id));
		expect(deletedOurs).toMatchObject({ id: ours.id, deleted: true, delivers_to_this_n8n: true });
		expect(deletedOurs.note).toMatch(
			/^This subscription delivered to this n8n \(n8n workflow Fees \(Education Platform Trigger\)\)\. If the Education Platform Trigger of a published workflow registered it.*unpublish and publish that workflow \(on n8n 1\.x: deactivate and activate it\)/,
		);
		const refused = await remove(other.id);
		expect(refused.error?.message).toBe(
			`Subscription "${other.id}" delivers elsewhere, to "${other.url}", not to this n8n, so Delete deleted nothing [item 0]`,
		);
		expect(
			webhooks()
				.subscriptions.list()
				.map((subscription) => subscription.id),
		).toEqual([other.id]);
		expect(outputJson(await remove(other.id, { deleteElsewhere: true }))).toEqual([
			expect.objectContaining({
				id: other.id,
				deleted: true,
				delivers_to_this_n8n: false,
				note: null,
			}),
		]);
		expect(webhooks().subscriptions.list()).toEqual([]);

		const gone = await remove(ours.id);
		expect((gone.error as { httpCode?: string }).httpCode).toBe('404');
		expect(gone.error?.description).toMatch(/starts with wh_/);
	});

	it('Delete with a token that may only read fails with a 403 naming webhooks:write, and deletes nothing', async () => {
		const ours = subscribe(thisN8nUrl('9d1c'), ['payment.failed']);
		const result = await run(
			{
				resource: 'webhookSubscription',
				operation: 'delete',
				webhookSubscriptionId: { __rl: true, mode: 'id', value: ours.id },
			},
			{
				credentials: {
					educationPlatformApi: { baseUrl: sandbox().baseUrl, accessToken: 'reader' },
				},
			},
		);
		expect((result.error as { httpCode?: string }).httpCode).toBe('403');
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(/webhooks:write/);
		expect(
			webhooks()
				.subscriptions.list()
				.map((subscription) => subscription.id),
		).toEqual([ours.id]);
	});
});

describe('Webhook Delivery', () => {
	it("Get Many over all of this n8n's subscriptions merges their logs newest first, filtered by the platform, up to Limit", async () => {
		const first = subscribe(thisN8nUrl('aaaa'), ['payment.failed', 'payment.succeeded']);
		const second = subscribe(thisN8nUrl('bbbb'), ['payment.failed']);
		subscribe(`${receiver.url}/elsewhere`, ['payment.failed'], 'another n8n');
		await emit('payment.failed', 3);
		await emit('payment.succeeded', 2);

		const all = await run({
			resource: 'webhookDelivery',
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['failed'], eventType: 'payment.failed' },
		});
		expect(all.error).toBeUndefined();
		const expected = [...webhooks().deliveries(first.id), ...webhooks().deliveries(second.id)]
			.filter((delivery) => delivery.eventType === 'payment.failed' && delivery.status === 'failed')
			.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
		expect(outputJson(all)).toHaveLength(6);
		expect(new Set(ids(outputJson(all)))).toEqual(new Set(expected.map((delivery) => delivery.id)));
		const times = outputJson(all).map((item) => Date.parse(String(item.created_at)));
		expect(times).toEqual([...times].sort((a, b) => b - a));
		expect(new Set(outputJson(all).map((item) => item.webhook_id))).toEqual(
			new Set([first.id, second.id]),
		);

		const limited = await run({
			resource: 'webhookDelivery',
			operation: 'getMany',
			limit: 4,
			options: { pageSize: 2, simplify: true },
		});
		expect(outputJson(limited)).toHaveLength(4);
		expect(outputJson(limited)[0]).toEqual(
			expect.objectContaining({ status: 'failed', last_error: expect.any(String) }),
		);
		expect(outputJson(limited)[0]).not.toHaveProperty('attempts');
	});

	it('Get Many of one subscription reads its log with the same filters', async () => {
		const first = subscribe(thisN8nUrl('aaaa'), ['payment.failed', 'payment.succeeded']);
		await emit('payment.failed', 2);
		await emit('payment.succeeded', 1);
		const result = await run({
			resource: 'webhookDelivery',
			operation: 'getMany',
			deliveriesOf: 'subscription',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: first.id },
			returnAll: true,
			filters: { eventType: 'payment.succeeded' },
		});
		expect(ids(outputJson(result))).toEqual(
			webhooks()
				.deliveries(first.id)
				.filter((delivery) => delivery.eventType === 'payment.succeeded')
				.map((delivery) => delivery.id),
		);
	});

	it('Get returns one delivery with its attempts; an unknown one is a 404 that says where deliveries live', async () => {
		const first = subscribe(thisN8nUrl('aaaa'), ['payment.failed']);
		await emit('payment.failed');
		const [delivery] = webhooks().deliveries(first.id);
		const got = await run({
			resource: 'webhookDelivery',
			operation: 'get',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: first.id },
			webhookDeliveryId: delivery.id,
		});
		expect(outputJson(got)).toEqual([
			expect.objectContaining({
				id: delivery.id,
				webhook_id: first.id,
				status: 'failed',
				attempt_count: 8,
			}),
		]);

		const missing = await run({
			resource: 'webhookDelivery',
			operation: 'get',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: first.id },
			webhookDeliveryId: 'dlv_unknown1',
		});
		expect((missing.error as { httpCode?: string }).httpCode).toBe('404');
		expect(missing.error?.description).toMatch(/only in the log of the subscription/);
	});

	it('Redeliver sends a failed delivery once; a second run skips it because the event has a delivery since', async () => {
		const first = subscribe(receiverTriggerUrl(), ['payment.failed']);
		receiver.respondWith((_delivery, _index, response) => response.writeHead(500).end());
		const [eventId] = await emit('payment.failed');
		const [failed] = webhooks().deliveries(first.id);
		expect(failed.status).toBe('failed');
		receiver.respondWith((_delivery, _index, response) => response.writeHead(200).end());
		const parameters = {
			resource: 'webhookDelivery',
			operation: 'redeliver',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: first.id },
			webhookDeliveryId: failed.id,
		};

		const sent = outputJson(await run(parameters, atReceiver()));
		expect(sent).toEqual([
			expect.objectContaining({
				redelivered: true,
				delivery_id: failed.id,
				event_id: eventId,
				skipped_reason: null,
			}),
		]);
		await webhooks().idle();

		const again = outputJson(await run(parameters, atReceiver()));
		const newId = (sent[0].new_delivery as IDataObject).id;
		expect(again).toEqual([
			expect.objectContaining({
				redelivered: false,
				new_delivery: null,
				delivered_by: expect.objectContaining({ id: newId, status: 'succeeded' }),
			}),
		]);
		expect(again[0].skipped_reason).toMatch(
			/was delivered since: delivery .* succeeded\. Not sent again; set Options → Redeliver Even If Delivered/,
		);
		expect(webhooks().deliveries(first.id)).toHaveLength(2);
	});

	it("Redeliver sends nothing to another integration's subscription unless a person allows it with the option", async () => {
		const other = subscribe(`${receiver.url}/accounting`, ['payment.failed'], 'Accounting sync');
		receiver.respondWith((_delivery, _index, response) => response.writeHead(500).end());
		await emit('payment.failed');
		receiver.respondWith((_delivery, _index, response) => response.writeHead(200).end());
		const [failed] = webhooks().deliveries(other.id);
		const parameters = {
			resource: 'webhookDelivery',
			operation: 'redeliver',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: other.id },
			webhookDeliveryId: failed.id,
		};

		const refused = await run(parameters);
		expect(refused.error?.message).toBe(
			`Subscription "${other.id}" delivers elsewhere, to "${other.url}", not to this n8n, so Redeliver sent nothing [item 0]`,
		);
		expect(webhooks().deliveries(other.id)).toHaveLength(1);
		expect(outputJson(await run({ ...parameters, options: { redeliverElsewhere: true } }))).toEqual(
			[expect.objectContaining({ redelivered: true })],
		);
		await webhooks().idle();
		expect(webhooks().deliveries(other.id)).toHaveLength(2);
	});

	it('Redeliver to a disabled subscription sends nothing and says to enable it; hourly runs do not grow its log', async () => {
		const first = subscribe(receiverTriggerUrl(), ['payment.failed']);
		receiver.respondWith((_delivery, _index, response) => response.writeHead(500).end());
		await emit('payment.failed');
		receiver.respondWith((_delivery, _index, response) => response.writeHead(200).end());
		const [failed] = webhooks().deliveries(first.id);
		webhooks().subscriptions.update(first.id, { enabled: false });
		const parameters = {
			resource: 'webhookDelivery',
			operation: 'redeliver',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: first.id },
			webhookDeliveryId: failed.id,
		};

		for (const hour of [1, 2]) {
			const skipped = outputJson(await run(parameters, atReceiver()));
			expect([hour, skipped]).toEqual([
				hour,
				[
					expect.objectContaining({
						redelivered: false,
						new_delivery: null,
						skipped_reason: expect.stringMatching(/^Subscription wh_\w+ is disabled/),
					}),
				],
			]);
		}
		expect(webhooks().deliveries(first.id)).toHaveLength(1);
	});

	it('Redeliver of a delivery that succeeded is an error naming the option; with the option it is sent', async () => {
		const first = subscribe(receiverTriggerUrl(), ['payment.failed']);
		await emit('payment.failed');
		const [succeeded] = webhooks().deliveries(first.id);
		const parameters = {
			resource: 'webhookDelivery',
			operation: 'redeliver',
			webhookSubscriptionId: { __rl: true, mode: 'id', value: first.id },
			webhookDeliveryId: succeeded.id,
		};

		const refused = await run(parameters, atReceiver());
		expect(refused.error?.message).toBe(
			`Delivery "${succeeded.id}" already succeeded, so Redeliver did not send event "${succeeded.eventId}" again [item 0]`,
		);
		expect(refused.error?.description).toMatch(/Options → Redeliver Even If Delivered/);

		const forced = outputJson(
			await run({ ...parameters, options: { redeliverAnyway: true } }, atReceiver()),
		);
		expect(forced).toEqual([expect.objectContaining({ redelivered: true })]);
		await webhooks().idle();
		expect(webhooks().deliveries(first.id)).toHaveLength(2);
	});

	it('Redeliver with a read-only token is a 403 naming webhooks:write', async () => {
		const first = subscribe(receiverTriggerUrl(), ['payment.failed']);
		receiver.respondWith((_delivery, _index, response) => response.writeHead(500).end());
		await emit('payment.failed');
		receiver.respondWith((_delivery, _index, response) => response.writeHead(200).end());
		const [failed] = webhooks().deliveries(first.id);
		const result = await run(
			{
				resource: 'webhookDelivery',
				operation: 'redeliver',
				webhookSubscriptionId: { __rl: true, mode: 'id', value: first.id },
				webhookDeliveryId: failed.id,
			},
			{
				credentials: {
					educationPlatformApi: { baseUrl: sandbox().baseUrl, accessToken: 'reader' },
				},
				...atReceiver(),
			},
		);
		expect((result.error as { httpCode?: string }).httpCode).toBe('403');
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(/webhooks:write/);
		expect(webhooks().deliveries(first.id)).toHaveLength(1);
	});

	it('waits out a 429 on a delivery log and returns the same records', async () => {
		const first = subscribe(thisN8nUrl('aaaa'), ['payment.failed']);
		await emit('payment.failed', 2);
		sandbox().state.faults.replace([
			{
				path: `/v1/webhooks/${first.id}/deliveries`,
				method: 'GET',
				nth: [1],
				fault: { type: 'status', status: 429, retry_after: 1 },
			},
		]);
		const result = await run({
			resource: 'webhookDelivery',
			operation: 'getMany',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(ids(outputJson(result))).toEqual(
			webhooks()
				.deliveries(first.id)
				.map((delivery) => delivery.id),
		);
		expect(
			sandbox().traffic.count({ path: `/v1/webhooks/${first.id}/deliveries`, status: 429 }),
		).toBe(1);
	});

	it('an hourly recovery (Get Many failed → Redeliver each) sends each event once per run, however many failed deliveries it has', async () => {
		const first = subscribe(thisN8nUrl('aaaa'), ['payment.failed']);
		await emit('payment.failed', 2);
		const recover = async () => {
			const failed = outputJson(
				await run({
					resource: 'webhookDelivery',
					operation: 'getMany',
					returnAll: true,
					filters: { status: ['failed'] },
				}),
			);
			const redelivered = await run(
				{
					resource: 'webhookDelivery',
					operation: 'redeliver',
					webhookSubscriptionId: { __rl: true, mode: 'id', value: '={{ $json.webhook_id }}' },
					webhookDeliveryId: '={{ $json.id }}',
				},
				{ input: failed },
			);
			expect(redelivered.error).toBeUndefined();
			await webhooks().idle();
			return outputJson(redelivered);
		};
		const sentPerEvent = (outcomes: IDataObject[]) =>
			Object.fromEntries(
				[...new Set(outcomes.map((o) => String(o.event_id)))].map((event) => [
					event,
					outcomes.filter((o) => o.event_id === event && o.redelivered).length,
				]),
			);

		const firstRun = await recover();
		expect(firstRun).toHaveLength(2);
		expect(Object.values(sentPerEvent(firstRun))).toEqual([1, 1]);
		// Nothing listens at this n8n's address in the harness: the redeliveries failed too.
		const secondRun = await recover();
		expect(secondRun).toHaveLength(4);
		expect(Object.values(sentPerEvent(secondRun))).toEqual([1, 1]);
		expect(
			secondRun.filter((outcome) => !outcome.redelivered).map((outcome) => outcome.skipped_reason),
		).toEqual([
			expect.stringMatching(/has a pending delivery/),
			expect.stringMatching(/has a pending delivery/),
		]);
		expect(webhooks().deliveries(first.id)).toHaveLength(6);
	});
});
