// Check Triggers through n8n's engine with nock: the harness's n8n runs at TEST_INSTANCE_URL, so
// subscriptions to trigger URLs under it deliver to "this n8n". Input items are workflows as n8n's
// public API lists them.
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { TEST_INSTANCE_URL } from '../../../../../harness';
import { jsonOf, ORIGIN, runEducationPlatform } from '../../../fixtures';
import { EducationPlatformTool, offeredOperations } from '../../../toolVariant';
import { EducationPlatform } from '../../../../../../nodes/EducationPlatform/EducationPlatform.node';
import { useNock } from '../../../../../harness/nock';

useNock();

const HOOK = {
	fees: '11111111-1111-4111-8111-111111111111',
	grades: '22222222-2222-4222-8222-222222222222',
	gone: '33333333-3333-4333-8333-333333333333',
};
/** The webhook ID of each recorded subscription, for its stored URL. */
const HOOK_OF: Record<string, string> = {
	wh_fees00001: HOOK.fees,
	wh_grade0001: HOOK.grades,
	wh_second01: '44444444-4444-4444-8444-444444444444',
	wh_lower001: 'abcdef12-3456-4abc-8def-abcdef123456',
};
const urlOf = (webhookId: string, endpoint = 'webhook') =>
	`${TEST_INSTANCE_URL}/${endpoint}/${webhookId}/webhook`;
const trigger = (webhookId: string, events: string[], registration?: string) => ({
	name: 'Platform event',
	type: 'n8n-nodes-education-platform.educationPlatformTrigger',
	webhookId,
	parameters: { events, ...(registration ? { registration } : {}) },
});
/**
 * A workflow as n8n's API lists it, with its static data: `recorded` names, by trigger node, the
 * subscription it registered (the node's `node:<name>` entry, as the trigger keeps it).
 */
const workflow = (
	id: string,
	nodes: object[],
	active = true,
	recorded: Record<string, string> = {},
) => ({
	id,
	name: `Workflow ${id}`,
	active,
	versionId: `v-${id}`,
	nodes,
	connections: {},
	staticData:
		Object.keys(recorded).length === 0
			? null
			: Object.fromEntries(
					Object.entries(recorded).map(([node, subscriptionId]) => [
						`node:${node}`,
						{
							webhookId: subscriptionId,
							webhookSecret: 'whsec_c2VjcmV0',
							webhookUrl: urlOf(HOOK_OF[subscriptionId] ?? ''),
						},
					]),
				),
});
const subscription = (id: string, webhookId: string, events: string[], enabled = true) => ({
	id,
	url: urlOf(webhookId),
	events,
	description: `n8n workflow (${id})`,
	enabled,
	created_at: '2026-11-01T09:00:00.000000Z',
	updated_at: '2026-11-01T09:00:00.000000Z',
});
const listing = (...data: object[]) => ({
	data,
	meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length },
});

const check = (input: IDataObject[], options: Record<string, boolean> = {}) =>
	runEducationPlatform(
		{ resource: 'webhookSubscription', operation: 'checkTriggers', ...options },
		{ input },
	);

const feesWorkflow = workflow('fees', [trigger(HOOK.fees, ['payment.*'])], true, {
	'Platform event': 'wh_fees00001',
});
/** The workflow Check Triggers runs in (the harness's), as n8n's API lists it: the proof the input is this n8n's list. */
const watchdog = workflow('test-workflow', [
	{
		name: 'Check triggers',
		type: 'n8n-nodes-education-platform.educationPlatform',
		parameters: {},
	},
]);
/** When the logs end: one moment for every log of the file, so one log's last attempt is another's. */
const LOGS_END = Date.now();
/** A delivery log page: one event's attempts, answered with `statuses`, five minutes apart, the last five minutes before LOGS_END. */
const log = (...statuses: number[]) => ({
	data: [
		{
			id: 'dlv_1',
			event_id: 'evt_1',
			status: 'pending',
			attempts: statuses.map((status, index) => ({
				attempt: index + 1,
				started_at: new Date(LOGS_END - (statuses.length - index) * 300_000).toISOString(),
				response_status: status,
				error: null,
			})),
		},
	],
	meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
});
/** n8n's own answer now to an unsigned POST to a URL no workflow serves (or, with `status`, a live trigger's). */
const urlNow = (webhookId: string, status = 404) =>
	nock(TEST_INSTANCE_URL)
		.post(`/webhook/${webhookId}/webhook`)
		.reply(
			status,
			status === 404
				? {
						code: 404,
						message: `The requested webhook "POST ${webhookId}/webhook" is not registered.`,
						hint: 'The workflow must be active for a production URL to run successfully.',
					}
				: { message: 'Unauthorized' },
		);
const deliveriesOf = (scope: nock.Scope, id: string, ...statuses: number[]) =>
	scope
		.get(`/v1/webhooks/${id}/deliveries`)
		.query({ sort: '-created_at', page: 1, per_page: 100 })
		.reply(200, log(...statuses));
const feesSubscription = subscription('wh_fees00001', HOOK.fees, [
	'payment.failed',
	'payment.refunded',
	'payment.succeeded',
]);

describe('Webhook Subscription → Check Triggers', () => {
	it('a healthy instance: one read, nothing changed, and the summary says so', async () => {
		const scope = nock(ORIGIN)
			.get('/v1/webhooks')
			.query({ page: 1, per_page: 100 })
			.reply(200, listing(feesSubscription));
		const result = await check([
			feesWorkflow,
			workflow('off', [trigger(HOOK.gone, ['payment.failed'])], false),
		]);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([
			expect.objectContaining({
				check: 'trigger',
				state: 'healthy',
				action: 'none',
				republish: false,
				workflow_id: 'fees',
				webhook_subscription_ids: ['wh_fees00001'],
			}),
			expect.objectContaining({
				check: 'summary',
				healthy: true,
				changed: false,
				triggers: 1,
				message: expect.stringMatching(/Nothing was changed/),
			}),
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(scope.isDone()).toBe(true);
	});

	it('re-enables a disabled subscription and sets wrong events back in place, marks a trigger whose subscription the platform confirms gone for re-publishing, and reports an orphan', async () => {
		const grades = workflow(
			'grades',
			[
				trigger(HOOK.grades, ['exam_result.published']),
				{
					...trigger('44444444-4444-4444-8444-444444444444', ['exam_result.updated']),
					name: 'Second',
				},
			],
			true,
			{ 'Platform event': 'wh_grade0001', Second: 'wh_second01' },
		);
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(
					{ ...feesSubscription, enabled: false },
					subscription('wh_grade0001', HOOK.grades, ['exam_result.updated']),
					subscription('wh_orphan001', HOOK.gone, ['payment.failed']),
					{
						id: 'wh_theirs001',
						url: 'https://elsewhere.example/hook',
						events: ['payment.failed'],
						enabled: true,
					},
				),
			)
			.get('/v1/webhooks/wh_second01')
			.reply(404, { message: 'Not found' })
			.patch('/v1/webhooks/wh_fees00001', { enabled: true })
			.reply(200, { data: feesSubscription })
			.patch('/v1/webhooks/wh_grade0001', { events: ['exam_result.published'] })
			.reply(200, { data: feesSubscription });
		const result = await check([feesWorkflow, grades]);
		expect(result.error).toBeUndefined();
		const items = jsonOf(result.items);
		expect(
			items.map((item) => [item.check, item.state, item.action, item.republish ?? null]),
		).toEqual([
			['trigger', 'disabled', 're-enabled', false],
			['trigger', 'wrong_events', 'repaired', false],
			['trigger', 'missing', 'republish', true],
			['orphan', 'orphaned', 'none', null],
			['summary', undefined, undefined, null],
		]);
		expect(items[1]).toMatchObject({
			workflow_id: 'grades',
			workflow_version_id: null,
			events: ['exam_result.published'],
			subscribed_events: ['exam_result.updated'],
			note: expect.stringMatching(/Its events were set back to the node's, with no unpublish\.$/),
		});
		expect(items[3]).toMatchObject({
			webhook_subscription_id: 'wh_orphan001',
			url: urlOf(HOOK.gone),
		});
		expect(items[4]).toMatchObject({
			healthy: false,
			changed: true,
			re_enabled: 1,
			repaired: 1,
			workflows_to_republish: 1,
			orphans: 1,
			deleted_orphans: 0,
		});
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			[{ item: 0 }, { item: 1 }],
			[{ item: 0 }, { item: 1 }],
		]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('deletes orphans only with Delete Orphaned Subscriptions, and leaves disabled ones with Re-Enable off', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(
					{ ...feesSubscription, enabled: false },
					subscription('wh_orphan001', HOOK.gone, ['payment.failed']),
				),
			);
		deliveriesOf(nock(ORIGIN), 'wh_orphan001', 404, 404, 404);
		// n8n answered the live trigger meanwhile: the 404s were n8n's, not a proxy's while it was down.
		deliveriesOf(nock(ORIGIN), 'wh_fees00001', 200).delete('/v1/webhooks/wh_orphan001').reply(204);
		urlNow(HOOK.gone);
		const result = await check([feesWorkflow, watchdog], {
			reEnableDisabled: false,
			deleteOrphaned: true,
		});
		expect(jsonOf(result.items).map((item) => [item.state, item.action])).toEqual([
			['disabled', 'none'],
			['orphaned', 'deleted'],
			[undefined, undefined],
		]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('version 2 re-enables nothing by default: a check changes nothing unless asked to (version 1 re-enables)', async () => {
		const disabled = () =>
			nock(ORIGIN)
				.get('/v1/webhooks')
				.query(true)
				.reply(200, listing({ ...feesSubscription, enabled: false }));
		disabled();
		const two = await runEducationPlatform(
			{ resource: 'webhookSubscription', operation: 'checkTriggers' },
			{ input: [feesWorkflow], typeVersion: 2 },
		);
		expect(jsonOf(two.items).map((item) => [item.state, item.action])).toEqual([
			['disabled', 'none'],
			[undefined, undefined],
		]);
		disabled()
			.patch('/v1/webhooks/wh_fees00001', { enabled: true })
			.reply(200, { data: feesSubscription });
		const one = await check([feesWorkflow]);
		expect(jsonOf(one.items).map((item) => [item.state, item.action])).toEqual([
			['disabled', 're-enabled'],
			[undefined, undefined],
		]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a Manual trigger owns the subscription added for its URL; an empty item (no workflow active) is skipped', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing(subscription('wh_manual001', HOOK.grades, ['payment.failed'])));
		const result = await check([
			{},
			workflow('manual', [trigger(HOOK.grades, ['payment.failed'], 'manual')]),
		]);
		expect(jsonOf(result.items)).toEqual([
			expect.objectContaining({ check: 'summary', healthy: true, triggers: 0, orphans: 0 }),
		]);
	});

	it("leaves a test URL's subscription alone (a test listen, Execute step, on an active workflow): the trigger stays healthy, nothing is deleted", async () => {
		const listened = {
			...subscription('wh_test0001', HOOK.fees, ['payment.failed']),
			url: urlOf(HOOK.fees, 'webhook-test'),
		};
		const gone = {
			...subscription('wh_test0002', HOOK.gone, ['payment.failed']),
			url: urlOf(HOOK.gone, 'webhook-test'),
		};
		const scope = nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing(feesSubscription, listened, gone));
		const result = await check([feesWorkflow], { deleteOrphaned: true });
		expect(jsonOf(result.items).map((item) => [item.check, item.state, item.action])).toEqual([
			['trigger', 'healthy', 'none'],
			['summary', undefined, undefined],
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('skips a trigger of another credential (other_account), and deletes no orphan that an input workflow names, inactive or not', async () => {
		const elsewhere = workflow(
			'elsewhere',
			[
				{
					...trigger(HOOK.grades, ['payment.failed']),
					credentials: { educationPlatformApi: { id: 'cred-other-account', name: 'Other' } },
				},
			],
			true,
			{ 'Platform event': 'wh_grade0001' },
		);
		const off = workflow('off', [trigger(HOOK.gone, ['payment.failed'])], false);
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(feesSubscription, subscription('wh_owned001', HOOK.gone, ['payment.failed'])),
			);
		const result = await check([feesWorkflow, elsewhere, off], { deleteOrphaned: true });
		expect(
			jsonOf(result.items).map((item) => [item.check, item.state, item.action, item.owner]),
		).toEqual([
			['trigger', 'healthy', 'none', undefined],
			['trigger', 'other_account', 'none', undefined],
			['orphan', 'orphaned', 'kept', 'off'],
			['summary', undefined, undefined, undefined],
		]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('deletes nothing when an active n8n 2.x workflow arrives without its published version (not the full workflow record)', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(feesSubscription, subscription('wh_orphan001', HOOK.gone, ['payment.failed'])),
			);
		const result = await check([{ ...feesWorkflow, activeVersionId: 'v-live' }], {
			deleteOrphaned: true,
		});
		expect(jsonOf(result.items)[1]).toMatchObject({
			check: 'orphan',
			action: 'kept',
			note: expect.stringMatching(/Input item 1 /),
		});
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a failed write is reported on its item with the request ID, the other actions still run, and the summary counts it', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(
					{ ...feesSubscription, enabled: false },
					subscription('wh_orphan001', HOOK.gone, ['payment.failed']),
				),
			)
			.patch('/v1/webhooks/wh_fees00001')
			.reply(403, { message: 'This token may not change webhooks.', request_id: 'req_7f3a' });
		deliveriesOf(nock(ORIGIN), 'wh_orphan001', 404, 404, 404);
		deliveriesOf(nock(ORIGIN), 'wh_fees00001', 200).delete('/v1/webhooks/wh_orphan001').reply(204);
		urlNow(HOOK.gone);
		const result = await check([feesWorkflow, watchdog], { deleteOrphaned: true });
		expect(result.error).toBeUndefined();
		const items = jsonOf(result.items);
		expect(items.map((item) => [item.state, item.action])).toEqual([
			['disabled', 'failed'],
			['orphaned', 'deleted'],
			[undefined, undefined],
		]);
		expect(items[1].proof).toMatch(
			/^n8n answered 404 .* last 3 delivery attempts.*, while n8n answered subscription wh_fees00001 at 20\d\d-/,
		);
		expect(items[0].error).toMatch(/may not change webhooks.*req_7f3a/);
		expect(items[2]).toMatchObject({
			failed_actions: 1,
			deleted_orphans: 1,
			message: expect.stringMatching(/1 action failed/),
		});
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('refuses to judge a listing with a page left unread', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.times(10)
			.reply(200, (uri) => {
				const page = Number(new URL(uri, ORIGIN).searchParams.get('page'));
				return {
					data: Array(100).fill(
						subscription(`wh_page${String(page).padStart(5, '0')}`, HOOK.gone, []),
					),
					meta: { current_page: page, last_page: 11, per_page: 100, total: 1100 },
				};
			});
		const result = await check([feesWorkflow], { deleteOrphaned: true });
		expect(result.error?.message).toMatch(
			/^The platform lists more than 10 pages of webhook subscriptions/,
		);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it("is not offered to an AI agent: the tool variant's Operation lists no Check Triggers", () => {
		expect(offeredOperations(new EducationPlatform(), 'webhookSubscription')).toContain(
			'checkTriggers',
		);
		expect(offeredOperations(new EducationPlatformTool(), 'webhookSubscription')).not.toContain(
			'checkTriggers',
		);
	});

	it('refuses input that is not n8n workflows before any request', async () => {
		const result = await check([{ student_id: 7 }]);
		expect(result.error?.message).toBe(
			'Input item 1 is not an n8n workflow with its nodes, so no trigger was checked',
		);
		expect(result.error?.description).toMatch(/n8n node before this one/);
	});
});

// Issue 36's findings: a partial, filtered, empty or foreign workflow list never deletes the
// subscription of a live workflow. Each case lists two live triggers' subscriptions and gives the
// input only one of them (or none), with Delete Orphaned Subscriptions on; nock answers no DELETE,
// so a delete would show as a failed action, and the DELETE a test does allow must stay unused.
describe('Check Triggers deletes only on proof, whatever the input leaves out', () => {
	const gradesSubscription = subscription('wh_grade0001', HOOK.grades, ['exam_result.published']);
	const bothLive = () =>
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing(feesSubscription, gradesSubscription));
	const actions = (items: IDataObject[]) =>
		items.map((item) => [
			item.check,
			item.webhook_subscription_id ?? item.workflow_id,
			item.action,
		]);

	it("a list that leaves out a live workflow (Limit, a filter, a member's key; n8n 1.x records): its subscription is kept, since its log shows n8n answering", async () => {
		bothLive();
		deliveriesOf(nock(ORIGIN), 'wh_grade0001', 404, 200);
		const forbidden = nock(ORIGIN).delete(/.*/).reply(204);
		const result = await check([feesWorkflow, watchdog], { deleteOrphaned: true });
		const items = jsonOf(result.items);
		expect(actions(items)).toEqual([
			['trigger', 'fees', 'none'],
			['orphan', 'wh_grade0001', 'kept'],
			['summary', undefined, undefined],
		]);
		expect(items[1]).toMatchObject({
			proof: null,
			note: expect.stringMatching(/does not show n8n refusing it/),
		});
		expect(items[2]).toMatchObject({ deleted_orphans: 0, changed: false });
		expect(forbidden.isDone()).toBe(false);
	});

	it('the same with full n8n 2.x records (published versions), and with no delivery yet in its log', async () => {
		const published = (record: ReturnType<typeof workflow>) => ({
			...record,
			activeVersionId: `v-${record.id}`,
			activeVersion: { nodes: record.nodes },
		});
		bothLive();
		nock(ORIGIN)
			.get('/v1/webhooks/wh_grade0001/deliveries')
			.query(true)
			.reply(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 } });
		const forbidden = nock(ORIGIN).delete(/.*/).reply(204);
		const result = await check([published(feesWorkflow), published(watchdog)], {
			deleteOrphaned: true,
		});
		expect(actions(jsonOf(result.items))).toEqual([
			['trigger', 'fees', 'none'],
			['orphan', 'wh_grade0001', 'kept'],
			['summary', undefined, undefined],
		]);
		expect(forbidden.isDone()).toBe(false);
	});

	it("an empty list ([{}]: the n8n node's Always Output Data) deletes nothing and reads no log: the input does not list this workflow", async () => {
		bothLive();
		const forbidden = nock(ORIGIN)
			.delete(/.*/)
			.reply(204)
			.get(/deliveries/)
			.reply(200, log(404, 404, 404));
		const result = await check([{}], { deleteOrphaned: true });
		const items = jsonOf(result.items);
		expect(actions(items)).toEqual([
			['orphan', 'wh_fees00001', 'kept'],
			['orphan', 'wh_grade0001', 'kept'],
			['summary', undefined, undefined],
		]);
		expect(items[0].note).toMatch(
			/the input does not list this workflow itself \(ID "test-workflow"\)/,
		);
		expect(forbidden.pendingMocks()).toHaveLength(2);
	});

	it("another n8n's list (staging's watchdog reading production): nothing of it is this workflow, so nothing is deleted even where the log shows refusals", async () => {
		bothLive();
		const forbidden = nock(ORIGIN)
			.delete(/.*/)
			.reply(204)
			.get(/deliveries/)
			.reply(200, log(404, 404, 404));
		const result = await check(
			[workflow('prod-1', [trigger('55555555-5555-4555-8555-555555555555', ['payment.failed'])])],
			{ deleteOrphaned: true },
		);
		expect(actions(jsonOf(result.items)).filter(([check]) => check === 'orphan')).toEqual([
			['orphan', 'wh_fees00001', 'kept'],
			['orphan', 'wh_grade0001', 'kept'],
		]);
		expect(forbidden.pendingMocks()).toHaveLength(2);
	});

	it('404s while no other trigger was answered (a proxy while n8n was down for an upgrade, the live workflow left out of the list): kept', async () => {
		bothLive();
		deliveriesOf(nock(ORIGIN), 'wh_grade0001', 404, 404, 404);
		deliveriesOf(nock(ORIGIN), 'wh_fees00001', 502);
		const forbidden = nock(ORIGIN).delete(/.*/).reply(204);
		const items = jsonOf((await check([feesWorkflow, watchdog], { deleteOrphaned: true })).items);
		expect(actions(items)).toEqual([
			['trigger', 'fees', 'none'],
			['orphan', 'wh_grade0001', 'kept'],
			['summary', undefined, undefined],
		]);
		expect(items[1]).toMatchObject({
			proof: null,
			note: expect.stringMatching(
				/may have come from something in front of n8n, such as a proxy while n8n was down/,
			),
		});
		expect(forbidden.isDone()).toBe(false);
	});

	it('more orphans with the proof than one run deletes: none is deleted', async () => {
		const gone = Array.from({ length: 6 }, (_, index) =>
			subscription(`wh_gone0000${index}`, `6666666${index}-6666-4666-8666-666666666666`, [
				'payment.failed',
			]),
		);
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing(feesSubscription, ...gone));
		for (const each of gone) deliveriesOf(nock(ORIGIN), each.id, 404, 404, 404);
		deliveriesOf(nock(ORIGIN), 'wh_fees00001', 200);
		for (let index = 0; index < 6; index++) urlNow(`6666666${index}-6666-4666-8666-666666666666`);
		const forbidden = nock(ORIGIN).delete(/.*/).reply(204);
		const result = await check([feesWorkflow, watchdog], { deleteOrphaned: true });
		const orphans = jsonOf(result.items).filter((item) => item.check === 'orphan');
		expect(orphans.map((item) => item.action)).toEqual(Array(6).fill('kept'));
		expect(orphans[0].note).toMatch(
			/6 orphans have the platform's proof, more than the 5 one run deletes/,
		);
		expect(forbidden.isDone()).toBe(false);
	});

	it("a renamed webhook endpoint (N8N_ENDPOINT_WEBHOOK=hooks, read from the trigger's stored URL): the trigger is judged, and another consumer's /webhook/ URL on n8n's host is not taken for an orphan", async () => {
		const hooked = {
			...feesWorkflow,
			staticData: {
				'node:Platform event': { webhookId: 'wh_fees00001', webhookUrl: urlOf(HOOK.fees, 'hooks') },
			},
		};
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(
					{ ...feesSubscription, url: urlOf(HOOK.fees, 'hooks') },
					subscription('wh_theirs01', HOOK.gone, ['payment.failed']),
				),
			);
		const forbidden = nock(ORIGIN)
			.delete(/.*/)
			.reply(204)
			.get(/deliveries/)
			.reply(200, log(404, 404, 404));
		const result = await check([hooked, watchdog], { deleteOrphaned: true });
		expect(actions(jsonOf(result.items))).toEqual([
			['trigger', 'fees', 'none'],
			['summary', undefined, undefined],
		]);
		expect(jsonOf(result.items)[0].state).toBe('healthy');
		expect(forbidden.pendingMocks()).toHaveLength(2);
	});

	it("a copy of the trigger's URL with the webhook ID upper-cased (n8n answers it 404): the trigger stays healthy and asks for no re-publish, on every run", async () => {
		const lettered = 'abcdef12-3456-4abc-8def-abcdef123456';
		const own = subscription('wh_lower001', lettered, ['payment.failed']);
		const upper = {
			...subscription('wh_upper001', lettered, ['payment.failed']),
			url: urlOf(lettered.toUpperCase()),
		};
		for (const run of [1, 2]) {
			nock(ORIGIN).get('/v1/webhooks').query(true).reply(200, listing(own, upper));
			const items = jsonOf(
				(
					await check([
						workflow('lettered', [trigger(lettered, ['payment.failed'])], true, {
							'Platform event': 'wh_lower001',
						}),
					])
				).items,
			);
			expect([run, items.map((item) => [item.check, item.state, item.republish ?? null])]).toEqual([
				run,
				[
					['trigger', 'healthy', false],
					['orphan', 'orphaned', null],
					['summary', undefined, null],
				],
			]);
		}
		expect(nock.pendingMocks()).toEqual([]);
	});
});

// Issue 44: Check Triggers judges on today's proof and repairs without switching anything off.
describe('Check Triggers acts on proof that holds now, and repairs in place', () => {
	const forbidDeletes = () => nock(ORIGIN).delete(/.*/).reply(204);

	it("F5: a Code node's static data (global) naming a test URL does not blind it: only the trigger's own entry is read", async () => {
		const withCode = {
			...feesWorkflow,
			staticData: {
				...feesWorkflow.staticData,
				global: { webhookUrl: urlOf(HOOK.fees, 'webhook-test') },
				'node:Code': { webhookUrl: urlOf(HOOK.gone, 'webhook-test') },
			},
		};
		nock(ORIGIN).get('/v1/webhooks').query(true).reply(200, listing(feesSubscription));
		const items = jsonOf((await check([withCode])).items);
		expect(items.map((item) => [item.check, item.state])).toEqual([
			['trigger', 'healthy'],
			['summary', undefined],
		]);
	});

	it('F3: a webhook ID that is not a UUID is unknown, never re-published; a trigger whose recorded subscription still exists is unknown too', async () => {
		const named = workflow('named', [trigger('fees-hook', ['payment.failed'])], true, {
			'Platform event': 'wh_fees00001',
		});
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing())
			.get('/v1/webhooks/wh_fees00001')
			.reply(200, { data: { ...feesSubscription, url: 'https://elsewhere.example/hook' } });
		const items = jsonOf((await check([named, feesWorkflow])).items);
		expect(
			items.map((item) => [item.workflow_id, item.state, item.action, item.republish]),
		).toEqual([
			['named', 'unknown', 'none', false],
			['fees', 'unknown', 'none', false],
			[undefined, undefined, undefined, undefined],
		]);
		expect(items[1].note).toMatch(
			/wh_fees00001, still exists, delivering to "https:\/\/elsewhere\.example\/hook"/,
		);
		expect(items[2]).toMatchObject({ workflows_to_republish: 0, changed: false });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('F3: duplicates are repaired by deleting the subscriptions that are not its own, with no re-publish', async () => {
		const extra = { ...subscription('wh_extra001', HOOK.fees, ['payment.failed']) };
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing(extra, feesSubscription))
			.delete('/v1/webhooks/wh_extra001')
			.reply(204);
		const items = jsonOf((await check([feesWorkflow])).items);
		expect(items[0]).toMatchObject({
			state: 'duplicated',
			action: 'repaired',
			republish: false,
			webhook_subscription_ids: ['wh_extra001', 'wh_fees00001'],
			note: expect.stringMatching(/The others were deleted and its own kept, with no unpublish\.$/),
		});
		expect(items[1]).toMatchObject({ repaired: 1, workflows_to_republish: 0, changed: true });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('version 2 repairs nothing in place by default; Fix Events and Duplicates on does', async () => {
		const wrong = () =>
			nock(ORIGIN)
				.get('/v1/webhooks')
				.query(true)
				.reply(200, listing({ ...feesSubscription, events: ['payment.failed'] }));
		wrong();
		const two = await runEducationPlatform(
			{ resource: 'webhookSubscription', operation: 'checkTriggers' },
			{ input: [feesWorkflow], typeVersion: 2 },
		);
		expect(jsonOf(two.items)[0]).toMatchObject({
			state: 'wrong_events',
			action: 'none',
			note: expect.stringMatching(/Fix Events and Duplicates is off, so it was left as it is\.$/),
		});
		wrong()
			.patch('/v1/webhooks/wh_fees00001', {
				events: ['payment.failed', 'payment.refunded', 'payment.succeeded'],
			})
			.reply(200, { data: feesSubscription });
		const on = await runEducationPlatform(
			{ resource: 'webhookSubscription', operation: 'checkTriggers', repairInPlace: true },
			{ input: [feesWorkflow], typeVersion: 2 },
		);
		expect(jsonOf(on.items)[0]).toMatchObject({ state: 'wrong_events', action: 'repaired' });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it("F2: the log proves refusals, but the URL is served again now (a live trigger's 401): kept, nothing deleted", async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(feesSubscription, subscription('wh_orphan001', HOOK.gone, ['payment.failed'])),
			);
		deliveriesOf(nock(ORIGIN), 'wh_orphan001', 404, 404, 404);
		deliveriesOf(nock(ORIGIN), 'wh_fees00001', 200);
		const probe = urlNow(HOOK.gone, 401);
		const forbidden = forbidDeletes();
		const items = jsonOf((await check([feesWorkflow, watchdog], { deleteOrphaned: true })).items);
		expect(items[1]).toMatchObject({
			check: 'orphan',
			action: 'kept',
			note: expect.stringMatching(
				/did not get n8n's own "not registered" answer \(it answered 401\)/,
			),
		});
		expect(probe.isDone()).toBe(true);
		expect(forbidden.isDone()).toBe(false);
	});

	it('F2: unpublished while the platform was down, then published again: the trigger adopted the subscription (updated_at after the refusals), so the old refusals prove nothing', async () => {
		const adopted = {
			...subscription('wh_orphan001', HOOK.gone, ['payment.failed']),
			updated_at: new Date(Date.now() - 60_000).toISOString(),
		};
		nock(ORIGIN).get('/v1/webhooks').query(true).reply(200, listing(feesSubscription, adopted));
		deliveriesOf(nock(ORIGIN), 'wh_orphan001', 404, 404, 404);
		const forbidden = forbidDeletes();
		const items = jsonOf((await check([feesWorkflow, watchdog], { deleteOrphaned: true })).items);
		expect(items[1]).toMatchObject({
			check: 'orphan',
			action: 'kept',
			proof: null,
			note: expect.stringMatching(/does not show n8n refusing it lately/),
		});
		expect(forbidden.isDone()).toBe(false);
	});

	it("issue 46: a trigger that records no subscription while one made an hour ago delivers to its URL (n8n stopped before saving it) is marked to re-publish, at this n8n's time; one made a minute ago is not, and nothing is written", async () => {
		const made = (id: string, webhookId: string, msAgo: number) => ({
			...subscription(id, webhookId, ['payment.failed']),
			created_at: new Date(Date.now() - msAgo).toISOString(),
			updated_at: new Date(Date.now() - msAgo).toISOString(),
		});
		const unsaved = (id: string, webhookId: string) => ({
			...workflow(id, [trigger(webhookId, ['payment.failed'])]),
			staticData: null,
		});
		const listed = nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(
				200,
				listing(
					made('wh_left0001', HOOK.fees, 3_600_000),
					made('wh_new00001', HOOK.grades, 60_000),
				),
			);
		const forbidden = forbidDeletes();
		const items = jsonOf(
			(await check([unsaved('cut-off', HOOK.fees), unsaved('publishing', HOOK.grades)])).items,
		);
		expect(
			items.map((item) => [
				item.check,
				item.workflow_id,
				item.state,
				item.action,
				item.republish,
				item.webhook_subscription_ids,
			]),
		).toEqual([
			['trigger', 'cut-off', 'unrecorded', 'republish', true, ['wh_left0001']],
			['trigger', 'publishing', 'unknown', 'none', false, ['wh_new00001']],
			['summary', undefined, undefined, undefined, undefined, undefined],
		]);
		expect(items[1].note).toMatch(
			/made or changed less than 5 minutes ago .*: the next run decides\.$/,
		);
		expect(items[2]).toMatchObject({
			unhealthy_triggers: 1,
			unjudged_triggers: 1,
			workflows_to_republish: 1,
			changed: false,
		});
		expect(listed.isDone()).toBe(true);
		expect(forbidden.isDone()).toBe(false);
	});
});
