// Check Triggers through n8n's engine with nock: the harness's n8n runs at TEST_INSTANCE_URL, so
// subscriptions to trigger URLs under it deliver to "this n8n". Input items are workflows as n8n's
// public API lists them.
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { TEST_INSTANCE_URL } from '../../../../harness';
import { jsonOf, ORIGIN, runEducationPlatform, useNock } from '../../../EducationPlatform/fixtures';

useNock();

const HOOK = {
	fees: '11111111-1111-4111-8111-111111111111',
	grades: '22222222-2222-4222-8222-222222222222',
	gone: '33333333-3333-4333-8333-333333333333',
};
const urlOf = (webhookId: string) => `${TEST_INSTANCE_URL}/webhook/${webhookId}/webhook`;
const trigger = (webhookId: string, events: string[], registration?: string) => ({
	name: 'Platform event',
	type: 'n8n-nodes-education-platform.educationPlatformTrigger',
	webhookId,
	parameters: { events, ...(registration ? { registration } : {}) },
});
const workflow = (id: string, nodes: object[], active = true) => ({ id, name: `Workflow ${id}`, active, versionId: `v-${id}`, nodes, connections: {} });
const subscription = (id: string, webhookId: string, events: string[], enabled = true) => ({ id, url: urlOf(webhookId), events, description: `n8n workflow (${id})`, enabled });
const listing = (...data: object[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length } });

const check = (input: IDataObject[], options: Record<string, boolean> = {}) =>
	runEducationPlatform({ resource: 'webhookSubscription', operation: 'checkTriggers', ...options }, { input });

const feesWorkflow = workflow('fees', [trigger(HOOK.fees, ['payment.*'])]);
const feesSubscription = subscription('wh_fees00001', HOOK.fees, ['payment.failed', 'payment.refunded', 'payment.succeeded']);

describe('Webhook Subscription → Check Triggers', () => {
	it('a healthy instance: one read, nothing changed, and the summary says so', async () => {
		const scope = nock(ORIGIN).get('/v1/webhooks').query({ page: 1, per_page: 100 }).reply(200, listing(feesSubscription));
		const result = await check([feesWorkflow, workflow('off', [trigger(HOOK.gone, ['payment.failed'])], false)]);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([
			expect.objectContaining({ check: 'trigger', state: 'healthy', action: 'none', republish: false, workflow_id: 'fees', webhook_subscription_ids: ['wh_fees00001'] }),
			expect.objectContaining({ check: 'summary', healthy: true, changed: false, triggers: 1, message: expect.stringMatching(/Nothing was changed/) }),
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(scope.isDone()).toBe(true);
	});

	it('re-enables a disabled subscription, marks missing and wrong-event ones for re-publishing once per workflow, and reports an orphan', async () => {
		const grades = workflow('grades', [trigger(HOOK.grades, ['exam_result.published']), { ...trigger('44444444-4444-4444-8444-444444444444', ['exam_result.updated']), name: 'Second' }]);
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing(
				{ ...feesSubscription, enabled: false },
				subscription('wh_grade0001', HOOK.grades, ['exam_result.updated']),
				subscription('wh_orphan001', HOOK.gone, ['payment.failed']),
				{ id: 'wh_theirs001', url: 'https://elsewhere.example/hook', events: ['payment.failed'], enabled: true },
			))
			.patch('/v1/webhooks/wh_fees00001', { enabled: true })
			.reply(200, { data: feesSubscription });
		const result = await check([feesWorkflow, grades]);
		expect(result.error).toBeUndefined();
		const items = jsonOf(result.items);
		expect(items.map((item) => [item.check, item.state, item.action, item.republish ?? null])).toEqual([
			['trigger', 'disabled', 're-enabled', false],
			['trigger', 'wrong_events', 'republish', true],
			['trigger', 'missing', 'republish', false],
			['orphan', 'orphaned', 'none', null],
			['summary', undefined, undefined, null],
		]);
		expect(items[1]).toMatchObject({ workflow_id: 'grades', workflow_version_id: null, events: ['exam_result.published'], subscribed_events: ['exam_result.updated'] });
		expect(items[3]).toMatchObject({ webhook_subscription_id: 'wh_orphan001', url: urlOf(HOOK.gone) });
		expect(items[4]).toMatchObject({ healthy: false, changed: true, re_enabled: 1, workflows_to_republish: 1, orphans: 1, deleted_orphans: 0 });
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 1 }, [{ item: 0 }, { item: 1 }], [{ item: 0 }, { item: 1 }]]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('deletes orphans only with Delete Orphaned Subscriptions, and leaves disabled ones with Re-Enable off', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, listing({ ...feesSubscription, enabled: false }, subscription('wh_orphan001', HOOK.gone, ['payment.failed'])))
			.delete('/v1/webhooks/wh_orphan001')
			.reply(204);
		const result = await check([feesWorkflow], { reEnableDisabled: false, deleteOrphaned: true });
		expect(jsonOf(result.items).map((item) => [item.state, item.action])).toEqual([
			['disabled', 'none'],
			['orphaned', 'deleted'],
			[undefined, undefined],
		]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a Manual trigger owns the subscription added for its URL; an empty item (no workflow active) is skipped', async () => {
		nock(ORIGIN).get('/v1/webhooks').query(true).reply(200, listing(subscription('wh_manual001', HOOK.grades, ['payment.failed'])));
		const result = await check([{}, workflow('manual', [trigger(HOOK.grades, ['payment.failed'], 'manual')])]);
		expect(jsonOf(result.items)).toEqual([expect.objectContaining({ check: 'summary', healthy: true, triggers: 0, orphans: 0 })]);
	});

	it('refuses input that is not n8n workflows before any request', async () => {
		const result = await check([{ student_id: 7 }]);
		expect(result.error?.message).toBe('Input item 1 is not an n8n workflow with its nodes, so no trigger was checked');
		expect(result.error?.description).toMatch(/n8n node before this one/);
	});
});
