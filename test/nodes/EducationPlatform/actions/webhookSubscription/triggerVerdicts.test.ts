import { actionFor, judgeTriggers } from '../../../../../nodes/EducationPlatform/actions/webhookSubscription/triggerVerdicts';
import type { ActiveTrigger } from '../../../../../nodes/EducationPlatform/actions/webhookSubscription/workflowTriggers';
import { ADDRESS, A, B, C, VOCABULARY, trigger, subscription } from './triggerFixtures';

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
