import {
	judgeTriggers,
	settleLookup,
	type JudgeContext,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/triggerVerdicts';
import { actionFor } from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/checkActions';
import type { ActiveTrigger } from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/workflowTriggers';
import { ADDRESS, A, B, C, VOCABULARY, trigger, subscription } from './triggerFixtures';

/** How long an unrecorded subscription must stand unchanged before Check Triggers adopts it (docs/action-node.md). */
const FIVE_MINUTES = 5 * 60_000;

const BOTH = { reEnable: true, repair: true };

describe('judgeTriggers', () => {
	const judge = (triggers: ActiveTrigger[], subscriptions: ReturnType<typeof subscription>[]) =>
		judgeTriggers(triggers, subscriptions, ADDRESS, VOCABULARY);
	const states = (triggers: ActiveTrigger[], subscriptions: ReturnType<typeof subscription>[]) =>
		judge(triggers, subscriptions).verdicts.map((verdict) => verdict.state);

	it('healthy: one enabled subscription for exactly the expanded selection, in any order', () => {
		expect(
			states(
				[trigger(A, ['payment.*'])],
				[subscription('wh_a', A, ['payment.refunded', 'payment.succeeded', 'payment.failed'])],
			),
		).toEqual(['healthy']);
	});

	it.each([
		['missing', []],
		[
			'duplicated',
			[subscription('wh_a', A, ['payment.failed']), subscription('wh_2', A, ['payment.failed'])],
		],
		['wrong_events', [subscription('wh_a', A, ['payment.failed', 'payment.refunded'])]],
		['wrong_events', [subscription('wh_a', A, ['payment.succeeded'], false)]],
		['disabled', [subscription('wh_a', A, ['payment.failed'], false)]],
		['missing', [subscription('wh_a', A, ['payment.failed'], true, 'https://other.example.com/')]],
	])('%s', (state, subscriptions) => {
		expect(states([trigger(A, ['payment.failed'])], subscriptions)).toEqual([state]);
	});

	it('invalid_events: none selected, or one the platform does not have', () => {
		expect(states([trigger(A, []), trigger(B, ['payment.lost'])], [])).toEqual([
			'invalid_events',
			'invalid_events',
		]);
	});

	it("judges only production URLs: a test URL's subscription (a test listen, Execute step) is neither the trigger's own nor an orphan", () => {
		const { verdicts, orphans } = judge(
			[trigger(A, ['payment.failed'])],
			[
				subscription('wh_a', A, ['payment.failed']),
				subscription('wh_test', A, ['payment.failed'], true, ADDRESS, 'webhook-test'),
				subscription('wh_gone', C, ['payment.failed'], true, ADDRESS, 'webhook-test'),
			],
		);
		expect(
			verdicts.map((verdict) => [verdict.state, verdict.subscriptions.map((found) => found.id)]),
		).toEqual([['healthy', ['wh_a']]]);
		expect(orphans).toEqual([]);
	});

	it('unknown, not missing, when its only subscriptions to this n8n are at another endpoint (a test URL, or a renamed production endpoint)', () => {
		expect(
			states(
				[trigger(A, ['payment.failed'])],
				[subscription('wh_test', A, ['payment.failed'], true, ADDRESS, 'webhook-test')],
			),
		).toEqual(['unknown']);
	});

	it('unknown: Events set by an expression, or no webhook ID; other_account: the trigger uses another credential than this node', () => {
		const judged = judgeTriggers(
			[
				{ ...trigger(A, []), selection: null },
				{ ...trigger(B, ['payment.failed']), webhookId: null },
				{ ...trigger(C, ['payment.failed']), credentialId: 'cred-other' },
				{ ...trigger(A, ['payment.failed']), credentialId: 'cred-mine' },
			],
			[subscription('wh_a', A, ['payment.failed'])],
			ADDRESS,
			VOCABULARY,
			{ credentialId: 'cred-mine' },
		);
		expect(judged.verdicts.map((verdict) => verdict.state)).toEqual([
			'unknown',
			'unknown',
			'other_account',
			'healthy',
		]);
		expect(judged.verdicts.map((verdict) => actionFor(verdict.state, BOTH))).toEqual([
			'none',
			'none',
			'none',
			'none',
		]);
	});

	it('an orphan names the input workflow that still mentions its URL (inactive, draft, disabled node) as its owner', () => {
		const { orphans } = judgeTriggers(
			[],
			[subscription('wh_a', A, []), subscription('wh_c', C, [])],
			ADDRESS,
			VOCABULARY,
			{ owners: new Map([[A, 'wf-off']]) },
		);
		expect(orphans.map((orphan) => [orphan.subscription.id, orphan.owner])).toEqual([
			['wh_a', 'wf-off'],
			['wh_c', null],
		]);
	});

	it('orphans: subscriptions to this n8n naming no active trigger; a Manual trigger owns its own, a Manual one is not judged', () => {
		const { verdicts, orphans } = judge(
			[trigger(A, ['payment.failed']), trigger(B, ['payment.failed'], false)],
			[
				subscription('wh_a', A, ['payment.failed']),
				subscription('wh_b', B, ['payment.failed']),
				subscription('wh_c', C, ['payment.failed']),
				subscription('wh_x', C, ['payment.failed'], true, 'https://other.example.com/'),
			],
		);
		expect(verdicts.map((verdict) => verdict.trigger.webhookId)).toEqual([A]);
		expect(
			orphans.map((orphan) => [orphan.subscription.id, orphan.webhookId, orphan.owner]),
		).toEqual([['wh_c', C, null]]);
	});
});

describe('issue 36: one rule for the same URL, and a renamed webhook endpoint', () => {
	it("a copy of a trigger's URL with the webhook ID upper-cased is not its duplicate (n8n answers it 404): the trigger stays healthy, the copy is an orphan, so nothing asks to re-publish", () => {
		const { verdicts, orphans } = judgeTriggers(
			[trigger(A, ['payment.failed'])],
			[
				subscription('wh_a', A, ['payment.failed']),
				subscription('wh_upper', A.toUpperCase(), ['payment.failed']),
			],
			ADDRESS,
			VOCABULARY,
		);
		expect(verdicts.map((verdict) => [verdict.state, actionFor(verdict.state, BOTH)])).toEqual([
			['healthy', 'none'],
		]);
		expect(orphans.map((orphan) => orphan.subscription.id)).toEqual(['wh_upper']);
	});

	it("spellings n8n serves alike (the host's case, the endpoint's case) are the trigger's: a second one is a duplicate", () => {
		const alike = {
			...subscription('wh_alike', A, ['payment.failed']),
			url: `https://N8N.example.com/WEBHOOK/${A}/webhook`,
		};
		const { verdicts } = judgeTriggers(
			[trigger(A, ['payment.failed'])],
			[subscription('wh_a', A, ['payment.failed']), alike],
			ADDRESS,
			VOCABULARY,
		);
		expect(
			verdicts.map((verdict) => [verdict.state, verdict.subscriptions.map((each) => each.id)]),
		).toEqual([['duplicated', ['wh_a', 'wh_alike']]]);
	});

	it("with N8N_ENDPOINT_WEBHOOK renamed (read from the triggers' stored URLs), the production URLs are judged and another consumer's /webhook/ URL is not this n8n's orphan", () => {
		const hooks = (id: string, webhookId: string) =>
			subscription(id, webhookId, ['payment.failed'], true, ADDRESS, 'hooks');
		const theirs = subscription('wh_theirs', C, ['payment.failed']);
		const judged = judgeTriggers(
			[trigger(A, ['payment.failed'])],
			[hooks('wh_a', A), hooks('wh_b', B), theirs],
			ADDRESS,
			VOCABULARY,
			{ endpoint: 'hooks' },
		);
		expect(judged.verdicts.map((verdict) => verdict.state)).toEqual(['healthy']);
		expect(judged.orphans.map((orphan) => orphan.subscription.id)).toEqual(['wh_b']);
	});

	it('when the stored URLs name several endpoints, nothing is taken for production: no verdict on guesswork, no orphan', () => {
		const judged = judgeTriggers(
			[trigger(A, ['payment.failed'])],
			[subscription('wh_a', A, ['payment.failed']), subscription('wh_c', C, ['payment.failed'])],
			ADDRESS,
			VOCABULARY,
			{ endpoint: null },
		);
		expect(judged.verdicts.map((verdict) => [verdict.state, verdict.unknownBecause])).toEqual([
			['unknown', expect.stringMatching(/several endpoints/)],
		]);
		expect(judged.orphans).toEqual([]);
	});
});

// Issue 44 F3: a re-publish runs delete() then create(), cancelling pending retries and losing the
// events sent in the gap, so only a trigger whose own subscription is confirmed gone is missing.
describe('missing only on proof: the subscription the trigger recorded is gone (404)', () => {
	const judge = (triggers: ActiveTrigger[], subscriptions: ReturnType<typeof subscription>[]) =>
		judgeTriggers(triggers, subscriptions, ADDRESS, VOCABULARY).verdicts;
	const stateAndWhy = (
		triggers: ActiveTrigger[],
		subscriptions: ReturnType<typeof subscription>[] = [],
	) => judge(triggers, subscriptions).map((verdict) => [verdict.state, verdict.unknownBecause]);

	it("a webhook ID that is not a UUID (set through n8n's API or an import) is unknown, not missing: its URL cannot be recognized", () => {
		expect(stateAndWhy([{ ...trigger(A, ['payment.failed']), webhookId: 'fees-hook' }])).toEqual([
			[
				'unknown',
				expect.stringMatching(/webhook ID "fees-hook" is not one n8n's editor gives \(a UUID\)/),
			],
		]);
	});

	it("a trigger registered under another address than this n8n's (a watchdog on another n8n, or the address changed) is unknown", () => {
		const elsewhere = {
			...trigger(A, ['payment.failed']),
			stored: { subscriptionId: 'wh_a', url: `https://n8n.other.example/webhook/${A}/webhook` },
		};
		expect(stateAndWhy([elsewhere])).toEqual([
			[
				'unknown',
				expect.stringMatching(
					/^it registered its subscription for "https:\/\/n8n\.other\.example\/.*", which is not under this n8n's webhook address https:\/\/n8n\.example\.com\//,
				),
			],
		]);
	});

	it("an input without the workflows' static data is unknown: which subscription is the trigger's own cannot be told", () => {
		expect(
			stateAndWhy(
				[{ ...trigger(A, ['payment.failed']), stored: null }],
				[subscription('wh_a', A, ['payment.failed'])],
			),
		).toEqual([['unknown', expect.stringMatching(/does not carry the workflow's static data/)]]);
	});

	it('no subscription for its URL: missing once the platform answers 404 for the one it recorded; unknown while that still exists or cannot be read', () => {
		const [verdict] = judge([trigger(A, ['payment.failed'])], []);
		expect([verdict.state, verdict.lookup]).toEqual(['missing', 'wh_a']);
		expect(settleLookup(verdict, { gone: true })).toMatchObject({ state: 'missing' });
		expect(settleLookup(verdict, { gone: true }).lookup).toBeUndefined();
		expect(
			settleLookup(verdict, { gone: false, url: 'https://elsewhere.example/hook' }),
		).toMatchObject({
			state: 'unknown',
			unknownBecause: expect.stringMatching(
				/wh_a, still exists, delivering to "https:\/\/elsewhere\.example\/hook"/,
			),
		});
		expect(settleLookup(verdict, { error: 'Service unavailable' })).toMatchObject({
			state: 'unknown',
			unknownBecause: expect.stringMatching(
				/could not be asked about .* wh_a \(Service unavailable\)/,
			),
		});
	});

	it('its static data records no subscription (its registration never completed) and none delivers to its URL: missing, with nothing to ask', () => {
		const [verdict] = judge(
			[{ ...trigger(A, ['payment.failed']), stored: { subscriptionId: null, url: null } }],
			[],
		);
		expect([verdict.state, verdict.lookup]).toEqual(['missing', undefined]);
	});

	it("subscriptions deliver to its URL but none is its own: missing only on the platform's 404 for its own; with none recorded, unrecorded or unknown (below)", () => {
		const [verdict] = judge(
			[trigger(A, ['payment.failed'])],
			[subscription('wh_other', A, ['payment.failed'])],
		);
		expect([verdict.state, verdict.lookup]).toEqual(['missing', 'wh_a']);
	});
});

// Issue 46: n8n's leader died after the platform made the subscription in create() and before n8n
// saved the trigger's static data; the webhook processes answer its deliveries 503 until a
// re-publish adopts it. Re-published only on proof that holds now: one subscription, older than
// any publication (one still saving it is never re-published under it).
describe('unrecorded: the trigger records no subscription while one delivers to its URL', () => {
	const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);
	const ago = (ms: number) => new Date(NOW - ms).toISOString();
	const made = (id: string, createdAgo: number, updatedAgo = createdAgo) => ({
		...subscription(id, A, ['payment.failed']),
		created_at: ago(createdAgo),
		updated_at: ago(updatedAgo),
	});
	const unrecorded = {
		...trigger(A, ['payment.failed']),
		stored: { subscriptionId: null, url: null },
	};
	const judgeAt = (subscriptions: object[], context: JudgeContext = { now: NOW }) =>
		judgeTriggers(
			[unrecorded],
			subscriptions as ReturnType<typeof subscription>[],
			ADDRESS,
			VOCABULARY,
			context,
		).verdicts;
	const stateAndWhy = (subscriptions: object[], context?: JudgeContext) =>
		judgeAt(subscriptions, context).map((verdict) => [verdict.state, verdict.unknownBecause]);

	it('one subscription, made and last changed at least 5 minutes ago: unrecorded, re-published (adopted) with either option off', () => {
		for (const old of [
			made('wh_left', FIVE_MINUTES),
			made('wh_left', 3_600_000, FIVE_MINUTES + 1),
		]) {
			const [verdict] = judgeAt([old]);
			expect([
				verdict.state,
				verdict.unknownBecause,
				verdict.lookup,
				verdict.subscriptions.map((each) => each.id),
			]).toEqual(['unrecorded', undefined, undefined, ['wh_left']]);
			expect(actionFor(verdict.state, { reEnable: false, repair: false })).toBe('republish');
		}
	});

	it('several deliver to its URL: unknown, saying to publish again by hand (the trigger keeps one, deletes the others)', () => {
		expect(stateAndWhy([made('wh_1', 3_600_000), made('wh_2', 3_600_000)])).toEqual([
			[
				'unknown',
				'its static data records no subscription, so it cannot check the signatures of the 2 delivering to its URL: publish the workflow again (unpublish, then publish) to adopt one of them; the trigger deletes the others',
			],
		]);
	});

	it.each([
		['no created_at', { created_at: undefined }],
		['an unreadable created_at', { created_at: 'last Tuesday' }],
		['no updated_at', { updated_at: undefined }],
		['a created_at that is not text', { created_at: 1_700_000_000 }],
	])('%s: unknown, as a publication still saving it cannot be ruled out', (_, change) => {
		expect(stateAndWhy([{ ...made('wh_left', 3_600_000), ...change }])).toEqual([
			[
				'unknown',
				expect.stringMatching(
					/^its static data records no subscription, so it cannot check the signatures of the one delivering to its URL; when that one was made or last changed cannot be read \(its created_at and updated_at\), .*: publish the workflow again to adopt it$/,
				),
			],
		]);
	});

	it('without the time of the check, no age can be told: unknown', () => {
		expect(stateAndWhy([made('wh_left', 3_600_000)], {})).toEqual([
			['unknown', expect.stringMatching(/cannot be read/)],
		]);
	});

	it.each([
		['made just now', made('wh_left', 1_000)],
		['made a moment under 5 minutes ago', made('wh_left', FIVE_MINUTES - 1)],
		[
			'made long ago but changed a minute ago (a publication adopting it, its secret rotated, the static data not saved yet)',
			made('wh_left', 3_600_000, 60_000),
		],
		['made "in the future" (the platform\'s clock ahead of n8n\'s)', made('wh_left', -60_000)],
	])('%s: unknown, too recent; the next run decides', (_, recent) => {
		const [[state, why]] = stateAndWhy([recent]);
		expect(state).toBe('unknown');
		expect(why).toBe(
			`its static data records no subscription, so it cannot check the signatures of the one delivering to its URL; that one was made or changed less than 5 minutes ago (at ${new Date(Math.max(Date.parse(recent.created_at), Date.parse(recent.updated_at))).toISOString()}), so a publication may still be saving it: the next run decides`,
		);
	});
});
