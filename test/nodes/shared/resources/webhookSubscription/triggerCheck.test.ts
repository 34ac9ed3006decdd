import { ActionableError } from '../../../../../nodes/shared/errors';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';
import { eventVocabulary } from '../../../../../nodes/shared/resources/webhookEvents';
import {
	actionFor,
	activeTriggers,
	judgeTriggers,
	readWorkflows,
	summaryItem,
	triggerItems,
	type ActiveTrigger,
} from '../../../../../nodes/shared/resources/webhookSubscription/triggerCheck';
import { orphanItems, type InputChecks } from '../../../../../nodes/shared/resources/webhookSubscription/orphans';

const INPUT: InputChecks = { deleteOrphans: true, partial: undefined, watchdogId: 'wf-watchdog', watchdogListed: true };
const PROOF = { refused: 3, since: '2026-11-21T09:00:00.000000Z', until: '2026-11-21T09:05:05.000000Z', eventId: 'evt_1', served: { at: '2026-11-21T09:01:00.000000Z', subscriptionId: 'wh_live' } };

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
	credentialId: null,
});
const subscription = (id: string, webhookId: string, events: string[], enabled = true, address = ADDRESS, endpoint = 'webhook') => ({ id, url: `${address}${endpoint}/${webhookId}/webhook`, events, enabled });

describe('activeTriggers', () => {
	it('reads the published version of an n8n 2.x workflow, and the nodes of an n8n 1.x one', () => {
		const v2 = { id: 'w2', name: 'Two', active: true, activeVersionId: 'ver-live', nodes: [node(A, { events: ['payment.failed'] })], activeVersion: { nodes: [node(A, { events: ['payment.*'] })] } };
		const v1 = { id: 'w1', name: 'One', active: true, nodes: [node(B.toUpperCase(), { registration: 'manual', events: ['payment.failed'] })] };
		expect(activeTriggers([v2, v1])).toEqual([
			{ item: 0, workflowId: 'w2', workflowName: 'Two', versionId: 'ver-live', node: 'Trigger a', webhookId: A, automatic: true, selection: ['payment.*'], credentialId: null },
			{ item: 1, workflowId: 'w1', workflowName: 'One', versionId: null, node: 'Trigger B', webhookId: B.toUpperCase(), automatic: false, selection: ['payment.failed'], credentialId: null },
		]);
	});

	it('skips inactive workflows, disabled nodes, other nodes and the empty item of Always Output Data', () => {
		const nodes = [node(A, {}, { disabled: true }), { name: 'Code', type: 'n8n-nodes-base.code', parameters: {} }];
		expect(activeTriggers([{}, { id: 'off', active: false, nodes: [node(B, {})] }, { id: 'on', active: true, nodes }])).toEqual([]);
	});

	it('reads Events set by an expression as not known (null), and the credential of the trigger\'s Authentication', () => {
		const nodes = [
			node(A, { events: '={{ $vars.events }}' }, { credentials: { educationPlatformApi: { id: 'cred-token', name: 'T' }, educationPlatformOAuth2Api: { id: 'cred-old', name: 'O' } } }),
			node(B, { authentication: 'oAuth2', events: ['payment.failed'] }, { credentials: { educationPlatformOAuth2Api: { id: 'cred-oauth', name: 'O' } } }),
		];
		expect(activeTriggers([{ id: 'w', active: true, nodes }]).map((found) => [found.selection, found.credentialId])).toEqual([
			[null, 'cred-token'],
			[['payment.failed'], 'cred-oauth'],
		]);
	});

	it('refuses an item that is no workflow, naming it', () => {
		expect(() => activeTriggers([{ id: 'w', active: true, nodes: [] }, { student_id: 7 }])).toThrow(
			new ActionableError('Input item 2 is not an n8n workflow with its nodes, so no trigger was checked'),
		);
	});
});

describe('readWorkflows: what every input workflow names, for orphans', () => {
	it('owns the webhook IDs of draft and published nodes, disabled ones included, of every workflow, active or not', () => {
		const inactive = { id: 'off', active: false, nodes: [node(A, {}, { disabled: true })] };
		const published = { id: 'on', active: true, activeVersionId: 'v2', nodes: [node(B, {})], activeVersion: { nodes: [node(C.toUpperCase(), {})] } };
		const { owners, partial } = readWorkflows([{}, inactive, published]);
		expect([...owners]).toEqual([[A, 'off'], [B, 'on'], [C.toUpperCase(), 'on']]);
		expect(partial).toBeUndefined();
	});

	it("collects the webhook URLs the triggers registered, from each workflow's static data", () => {
		const stored = { id: 'on', active: true, nodes: [node(A, {})], staticData: { 'node:Trigger a': { webhookId: 'wh_a', webhookUrl: `${ADDRESS}hooks/${A}/webhook` }, global: { other: 1 } } };
		expect(readWorkflows([{}, stored, { id: 'none', active: true, nodes: [], staticData: null }]).storedUrls).toEqual([`${ADDRESS}hooks/${A}/webhook`]);
	});

	it('names the first active n8n 2.x workflow without its published version (activeVersionId but no activeVersion): not the full record', () => {
		const listed = { id: 'v2', active: true, activeVersionId: 'ver', nodes: [node(A, {})] };
		expect(readWorkflows([{ id: 'v1', active: true, nodes: [] }, listed, { id: 'off', active: false, activeVersionId: null, nodes: [] }]).partial).toBe(1);
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

	it("judges only production URLs: a test URL's subscription (Listen for test event) is neither the trigger's own nor an orphan", () => {
		const { verdicts, orphans } = judge([trigger(A, ['payment.failed'])], [
			subscription('wh_live', A, ['payment.failed']),
			subscription('wh_test', A, ['payment.failed'], true, ADDRESS, 'webhook-test'),
			subscription('wh_gone', C, ['payment.failed'], true, ADDRESS, 'webhook-test'),
		]);
		expect(verdicts.map((verdict) => [verdict.state, verdict.subscriptions.map((found) => found.id)])).toEqual([['healthy', ['wh_live']]]);
		expect(orphans).toEqual([]);
	});

	it('unknown, not missing, when its only subscriptions to this n8n are at another endpoint (a test URL, or a renamed production endpoint)', () => {
		expect(states([trigger(A, ['payment.failed'])], [subscription('wh_test', A, ['payment.failed'], true, ADDRESS, 'webhook-test')])).toEqual(['unknown']);
	});

	it('unknown: Events set by an expression, or no webhook ID; other_account: the trigger uses another credential than this node', () => {
		const judged = judgeTriggers(
			[{ ...trigger(A, []), selection: null }, { ...trigger(B, ['payment.failed']), webhookId: null }, { ...trigger(C, ['payment.failed']), credentialId: 'cred-other' }, { ...trigger(A, ['payment.failed']), credentialId: 'cred-mine' }],
			[subscription('wh_a', A, ['payment.failed'])],
			ADDRESS,
			VOCABULARY,
			{ credentialId: 'cred-mine' },
		);
		expect(judged.verdicts.map((verdict) => verdict.state)).toEqual(['unknown', 'unknown', 'other_account', 'healthy']);
		expect(judged.verdicts.map((verdict) => actionFor(verdict.state, true))).toEqual(['none', 'none', 'none', 'none']);
	});

	it('an orphan names the input workflow that still mentions its URL (inactive, draft, disabled node) as its owner', () => {
		const { orphans } = judgeTriggers([], [subscription('wh_a', A, []), subscription('wh_c', C, [])], ADDRESS, VOCABULARY, { owners: new Map([[A, 'wf-off']]) });
		expect(orphans.map((orphan) => [orphan.subscription.id, orphan.owner])).toEqual([['wh_a', 'wf-off'], ['wh_c', null]]);
	});

	it('orphans: subscriptions to this n8n naming no active trigger; a Manual trigger owns its own, a Manual one is not judged', () => {
		const { verdicts, orphans } = judge([trigger(A, ['payment.failed']), trigger(B, ['payment.failed'], false)], [
			subscription('wh_a', A, ['payment.failed']),
			subscription('wh_b', B, ['payment.failed']),
			subscription('wh_c', C, ['payment.failed']),
			subscription('wh_x', C, ['payment.failed'], true, 'https://other.example.com/'),
		]);
		expect(verdicts.map((verdict) => verdict.trigger.webhookId)).toEqual([A]);
		expect(orphans.map((orphan) => [orphan.subscription.id, orphan.webhookId, orphan.owner])).toEqual([['wh_c', C, null]]);
	});
});

describe('actions and output items', () => {
	it('re-publishes what only the trigger can register again; re-enables a disabled one when asked', () => {
		expect(['healthy', 'missing', 'duplicated', 'wrong_events', 'disabled', 'invalid_events', 'unknown', 'other_account'].map((state) => actionFor(state as never, true))).toEqual(['none', 'republish', 'republish', 'republish', 're-enabled', 'none', 'none', 'none']);
		expect(actionFor('disabled', false)).toBe('none');
	});

	it('marks one item per workflow to re-publish, and the summary counts what was done', () => {
		const { verdicts } = judgeTriggers([trigger(A, ['payment.failed']), { ...trigger(B, ['payment.failed']), workflowId: 'wf-a' }], [], ADDRESS, VOCABULARY);
		const items = triggerItems(verdicts.map((verdict) => ({ verdict, action: actionFor(verdict.state, true) })));
		expect(items.map((item) => [item.state, item.republish])).toEqual([['missing', true], ['missing', false]]);
		const orphans = orphanItems([{ orphan: { subscription: subscription('wh_c', C, ['payment.failed']), webhookId: C, owner: null }, action: 'deleted', proof: PROOF }], INPUT);
		expect(orphans[0]).toMatchObject({ action: 'deleted', webhook_subscription_id: 'wh_c', proof: expect.stringMatching(/^n8n answered 404/), note: expect.stringMatching(/It was deleted: n8n answered 404 .* event evt_1, while n8n answered subscription wh_live at .*\.$/) });
		expect(summaryItem(items, orphans)).toMatchObject({ healthy: false, changed: true, unhealthy_triggers: 2, workflows_to_republish: 1, orphans: 1, deleted_orphans: 1 });
	});

	it('a failed action is on its item, with its error, and the summary counts it', () => {
		const { verdicts } = judgeTriggers([trigger(A, ['payment.failed'])], [subscription('wh_1', A, ['payment.failed'], false)], ADDRESS, VOCABULARY);
		const items = triggerItems([{ verdict: verdicts[0], action: 'failed', error: 'Forbidden (Request ID: req_1)' }]);
		expect(items[0]).toMatchObject({ state: 'disabled', action: 'failed', error: 'Forbidden (Request ID: req_1)' });
		const orphans = orphanItems([{ orphan: { subscription: subscription('wh_c', C, []), webhookId: C, owner: null }, action: 'failed', proof: PROOF, error: 'Server error' }], INPUT);
		expect(orphans[0]).toMatchObject({ action: 'failed', error: 'Server error' });
		const summary = summaryItem(items, orphans);
		expect(summary).toMatchObject({ failed_actions: 2, changed: false });
		expect(summary.message).toMatch(/2 actions failed \(see their items' error\)\.$/);
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
			unjudged_triggers: 0,
			failed_actions: 0,
			message: 'Checked 1 Education Platform Trigger (Registration Automatic) of active workflows: each has its subscription, enabled and for its events, and no other subscription delivers to this n8n. Nothing was changed.',
		});
	});
});

describe('issue 36: one rule for the same URL, and a renamed webhook endpoint', () => {
	it("a copy of a trigger's URL with the webhook ID upper-cased is not its duplicate (n8n answers it 404): the trigger stays healthy, the copy is an orphan, so nothing asks to re-publish", () => {
		const { verdicts, orphans } = judgeTriggers([trigger(A, ['payment.failed'])], [subscription('wh_a', A, ['payment.failed']), subscription('wh_upper', A.toUpperCase(), ['payment.failed'])], ADDRESS, VOCABULARY);
		expect(verdicts.map((verdict) => [verdict.state, actionFor(verdict.state, true)])).toEqual([['healthy', 'none']]);
		expect(orphans.map((orphan) => orphan.subscription.id)).toEqual(['wh_upper']);
	});

	it("spellings n8n serves alike (the host's case, the endpoint's case) are the trigger's: a second one is a duplicate", () => {
		const alike = { ...subscription('wh_alike', A, ['payment.failed']), url: `https://N8N.example.com/WEBHOOK/${A}/webhook` };
		const { verdicts } = judgeTriggers([trigger(A, ['payment.failed'])], [subscription('wh_a', A, ['payment.failed']), alike], ADDRESS, VOCABULARY);
		expect(verdicts.map((verdict) => [verdict.state, verdict.subscriptions.map((each) => each.id)])).toEqual([['duplicated', ['wh_a', 'wh_alike']]]);
	});

	it("with N8N_ENDPOINT_WEBHOOK renamed (read from the triggers' stored URLs), the production URLs are judged and another consumer's /webhook/ URL is not this n8n's orphan", () => {
		const hooks = (id: string, webhookId: string) => subscription(id, webhookId, ['payment.failed'], true, ADDRESS, 'hooks');
		const theirs = subscription('wh_theirs', C, ['payment.failed']);
		const judged = judgeTriggers([trigger(A, ['payment.failed'])], [hooks('wh_a', A), hooks('wh_b', B), theirs], ADDRESS, VOCABULARY, { endpoint: 'hooks' });
		expect(judged.verdicts.map((verdict) => verdict.state)).toEqual(['healthy']);
		expect(judged.orphans.map((orphan) => orphan.subscription.id)).toEqual(['wh_b']);
	});

	it('when the stored URLs name several endpoints, nothing is taken for production: no verdict on guesswork, no orphan', () => {
		const judged = judgeTriggers([trigger(A, ['payment.failed'])], [subscription('wh_a', A, ['payment.failed']), subscription('wh_c', C, ['payment.failed'])], ADDRESS, VOCABULARY, { endpoint: null });
		expect(judged.verdicts.map((verdict) => [verdict.state, verdict.unknownBecause])).toEqual([['unknown', expect.stringMatching(/several endpoints/)]]);
		expect(judged.orphans).toEqual([]);
	});
});
