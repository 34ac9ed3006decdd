import { ActionableError } from '../../../../../nodes/shared/errors';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';
import { eventVocabulary } from '../../../../../nodes/shared/resources/webhookEvents';
import {
	actionFor,
	activeTriggers,
	judgeTriggers,
	orphanItems,
	summaryItem,
	triggerItems,
	type ActiveTrigger,
} from '../../../../../nodes/shared/resources/webhookSubscription/triggerCheck';

const ADDRESS = 'https://n8n.example.com/';
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const TYPE = 'n8n-nodes-education-platform.educationPlatformTrigger';
const VOCABULARY = eventVocabulary(RESOURCES);

const node = (webhookId: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: `Trigger ${webhookId[0]}`, type: TYPE, webhookId, parameters, ...extra });
const trigger = (webhookId: string, selection: string[], automatic = true): ActiveTrigger => ({
	item: 0,
	workflowId: `wf-${webhookId[0]}`,
	workflowName: 'W',
	versionId: null,
	node: `Trigger ${webhookId[0]}`,
	webhookId,
	automatic,
	selection,
});
const subscription = (id: string, webhookId: string, events: string[], enabled = true, address = ADDRESS) => ({ id, url: `${address}webhook/${webhookId}/webhook`, events, enabled });

describe('activeTriggers', () => {
	it('reads the published version of an n8n 2.x workflow, and the nodes of an n8n 1.x one', () => {
		const v2 = { id: 'w2', name: 'Two', active: true, activeVersionId: 'ver-live', nodes: [node(A, { events: ['payment.failed'] })], activeVersion: { nodes: [node(A, { events: ['payment.*'] })] } };
		const v1 = { id: 'w1', name: 'One', active: true, nodes: [node(B.toUpperCase(), { registration: 'manual', events: ['payment.failed'] })] };
		expect(activeTriggers([v2, v1])).toEqual([
			{ item: 0, workflowId: 'w2', workflowName: 'Two', versionId: 'ver-live', node: 'Trigger a', webhookId: A, automatic: true, selection: ['payment.*'] },
			{ item: 1, workflowId: 'w1', workflowName: 'One', versionId: null, node: 'Trigger B', webhookId: B, automatic: false, selection: ['payment.failed'] },
		]);
	});

	it('skips inactive workflows, disabled nodes, other nodes and the empty item of Always Output Data', () => {
		const nodes = [node(A, {}, { disabled: true }), { name: 'Code', type: 'n8n-nodes-base.code', parameters: {} }];
		expect(activeTriggers([{}, { id: 'off', active: false, nodes: [node(B, {})] }, { id: 'on', active: true, nodes }])).toEqual([]);
	});

	it('refuses an item that is no workflow, naming it', () => {
		expect(() => activeTriggers([{ id: 'w', active: true, nodes: [] }, { student_id: 7 }])).toThrow(
			new ActionableError('Input item 2 is not an n8n workflow with its nodes, so no trigger was checked'),
		);
	});
});

describe('judgeTriggers', () => {
	const judge = (triggers: ActiveTrigger[], subscriptions: ReturnType<typeof subscription>[]) => judgeTriggers(triggers, subscriptions, ADDRESS, VOCABULARY);
	const states = (triggers: ActiveTrigger[], subscriptions: ReturnType<typeof subscription>[]) => judge(triggers, subscriptions).verdicts.map((verdict) => verdict.state);

	it('healthy: one enabled subscription for exactly the expanded selection, in any order', () => {
		expect(states([trigger(A, ['payment.*'])], [subscription('wh_1', A, ['payment.refunded', 'payment.succeeded', 'payment.failed'])])).toEqual(['healthy']);
	});

	it.each([
		['missing', []],
		['duplicated', [subscription('wh_1', A, ['payment.failed']), subscription('wh_2', A, ['payment.failed'])]],
		['wrong_events', [subscription('wh_1', A, ['payment.failed', 'payment.refunded'])]],
		['wrong_events', [subscription('wh_1', A, ['payment.succeeded'], false)]],
		['disabled', [subscription('wh_1', A, ['payment.failed'], false)]],
		['missing', [subscription('wh_1', A, ['payment.failed'], true, 'https://other.example.com/')]],
	])('%s', (state, subscriptions) => {
		expect(states([trigger(A, ['payment.failed'])], subscriptions)).toEqual([state]);
	});

	it('invalid_events: none selected, or one the platform does not have', () => {
		expect(states([trigger(A, []), trigger(B, ['payment.lost'])], [])).toEqual(['invalid_events', 'invalid_events']);
	});

	it('orphans: subscriptions to this n8n naming no active trigger; a Manual trigger owns its own, a Manual one is not judged', () => {
		const { verdicts, orphans } = judge([trigger(A, ['payment.failed']), trigger(B, ['payment.failed'], false)], [
			subscription('wh_a', A, ['payment.failed']),
			subscription('wh_b', B, ['payment.failed']),
			subscription('wh_c', C, ['payment.failed']),
			subscription('wh_x', C, ['payment.failed'], true, 'https://other.example.com/'),
		]);
		expect(verdicts.map((verdict) => verdict.trigger.webhookId)).toEqual([A]);
		expect(orphans.map((orphan) => [orphan.subscription.id, orphan.webhookId])).toEqual([['wh_c', C]]);
	});
});

describe('actions and output items', () => {
	it('re-publishes what only the trigger can register again; re-enables a disabled one when asked', () => {
		expect(['healthy', 'missing', 'duplicated', 'wrong_events', 'disabled', 'invalid_events'].map((state) => actionFor(state as never, true))).toEqual(['none', 'republish', 'republish', 'republish', 're-enabled', 'none']);
		expect(actionFor('disabled', false)).toBe('none');
	});

	it('marks one item per workflow to re-publish, and the summary counts what was done', () => {
		const { verdicts } = judgeTriggers([trigger(A, ['payment.failed']), { ...trigger(B, ['payment.failed']), workflowId: 'wf-a' }], [], ADDRESS, VOCABULARY);
		const items = triggerItems(verdicts.map((verdict) => ({ verdict, action: actionFor(verdict.state, true) })));
		expect(items.map((item) => [item.state, item.republish])).toEqual([['missing', true], ['missing', false]]);
		const orphans = orphanItems([{ subscription: subscription('wh_c', C, ['payment.failed']), webhookId: C }], true);
		expect(orphans[0]).toMatchObject({ action: 'deleted', webhook_subscription_id: 'wh_c', note: expect.stringMatching(/It was deleted\.$/) });
		expect(summaryItem(items, orphans)).toMatchObject({ healthy: false, changed: true, unhealthy_triggers: 2, workflows_to_republish: 1, orphans: 1, deleted_orphans: 1 });
	});

	it('a healthy check says that nothing was changed', () => {
		const { verdicts } = judgeTriggers([trigger(A, ['payment.failed'])], [subscription('wh_1', A, ['payment.failed'])], ADDRESS, VOCABULARY);
		const items = triggerItems(verdicts.map((verdict) => ({ verdict, action: actionFor(verdict.state, true) })));
		expect(summaryItem(items, [])).toEqual({
			check: 'summary',
			healthy: true,
			changed: false,
			triggers: 1,
			unhealthy_triggers: 0,
			re_enabled: 0,
			workflows_to_republish: 0,
			orphans: 0,
			deleted_orphans: 0,
			message: 'Checked 1 Education Platform Trigger (Registration Automatic) of active workflows: each has its subscription, enabled and for its events, and no other subscription delivers to this n8n. Nothing was changed.',
		});
	});
});
