import {
	orphanItems,
	type InputChecks,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/orphans';
import {
	summaryItem,
	triggerItems,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/triggerCheckItems';
import { judgeTriggers } from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/triggerVerdicts';
import { actionFor } from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/checkActions';
import { ADDRESS, A, B, C, VOCABULARY, trigger, subscription } from './triggerFixtures';

const BOTH = { reEnable: true, repair: true };
const INPUT: InputChecks = {
	deleteOrphans: true,
	partial: undefined,
	watchdogId: 'wf-watchdog',
	watchdogListed: true,
};
const PROOF = {
	refused: 3,
	since: '2026-11-21T09:00:00.000000Z',
	until: '2026-11-21T09:05:05.000000Z',
	eventId: 'evt_1',
	served: { at: '2026-11-21T09:01:00.000000Z', subscriptionId: 'wh_live' },
};

describe('actions and output items', () => {
	it('marks one item per workflow to re-publish, and the summary counts what was done', () => {
		const { verdicts } = judgeTriggers(
			[trigger(A, ['payment.failed']), { ...trigger(B, ['payment.failed']), workflowId: 'wf-a' }],
			[],
			ADDRESS,
			VOCABULARY,
		);
		const items = triggerItems(
			verdicts.map((verdict) => ({ verdict, action: actionFor(verdict.state, BOTH) })),
		);
		expect(items.map((item) => [item.state, item.republish])).toEqual([
			['missing', true],
			['missing', false],
		]);
		const orphans = orphanItems(
			[
				{
					orphan: {
						subscription: subscription('wh_c', C, ['payment.failed']),
						webhookId: C,
						owner: null,
					},
					action: 'deleted',
					proof: PROOF,
				},
			],
			INPUT,
		);
		expect(orphans[0]).toMatchObject({
			action: 'deleted',
			webhook_subscription_id: 'wh_c',
			proof: expect.stringMatching(/^n8n answered 404/),
			note: expect.stringMatching(
				/It was deleted: n8n answered 404 .* event evt_1, while n8n answered subscription wh_live at .*\.$/,
			),
		});
		expect(summaryItem(items, orphans)).toMatchObject({
			healthy: false,
			changed: true,
			unhealthy_triggers: 2,
			workflows_to_republish: 1,
			orphans: 1,
			deleted_orphans: 1,
		});
	});

	it("an unrecorded trigger's item says in plain words why it is re-published and what that does; one still too recent says the next run decides", () => {
		const now = Date.UTC(2026, 10, 21, 9, 0, 0);
		const made = (minutesAgo: number) => ({
			...subscription('wh_left', A, ['payment.failed']),
			created_at: new Date(now - minutesAgo * 60_000).toISOString(),
			updated_at: new Date(now - minutesAgo * 60_000).toISOString(),
		});
		const judged = (minutesAgo: number) =>
			judgeTriggers(
				[{ ...trigger(A, ['payment.failed']), stored: { subscriptionId: null, url: null } }],
				[made(minutesAgo)],
				ADDRESS,
				VOCABULARY,
				{ now },
			).verdicts;
		const [old] = triggerItems(
			judged(30).map((verdict) => ({
				verdict,
				action: actionFor(verdict.state, { reEnable: false, repair: false }),
			})),
		);
		expect(old).toMatchObject({
			state: 'unrecorded',
			action: 'republish',
			republish: true,
			webhook_subscription_ids: ['wh_left'],
			subscribed_events: ['payment.failed'],
		});
		expect(old.note).toBe(
			'Its subscription is on the platform, but the trigger never saved it (n8n stopped while publishing the workflow?), so it cannot check the signatures of its events and refuses them; the platform retries them. Unpublish and publish the workflow (on n8n 1.x: deactivate and activate it): its trigger takes over that subscription with a new secret, and the retried events then start the workflow.',
		);
		expect(summaryItem([old], [])).toMatchObject({
			healthy: false,
			changed: false,
			unhealthy_triggers: 1,
			unjudged_triggers: 0,
			workflows_to_republish: 1,
			message: expect.stringMatching(
				/: 1 without a working subscription \(0 re-enabled, 0 repaired in place, 1 workflow to re-publish\)/,
			),
		});
		const [recent] = triggerItems(
			judged(2).map((verdict) => ({ verdict, action: actionFor(verdict.state, BOTH) })),
		);
		expect(recent).toMatchObject({ state: 'unknown', action: 'none', republish: false });
		expect(recent.note).toBe(
			'It was not judged, and nothing was changed for it: its static data records no subscription, so it cannot check the signatures of the one delivering to its URL; that one was made or changed less than 5 minutes ago (at 2026-11-21T08:58:00.000Z), so a publication may still be saving it: the next run decides.',
		);
		expect(summaryItem([recent], [])).toMatchObject({
			unhealthy_triggers: 0,
			unjudged_triggers: 1,
			workflows_to_republish: 0,
		});
	});

	it('a failed action is on its item, with its error, and the summary counts it', () => {
		const { verdicts } = judgeTriggers(
			[trigger(A, ['payment.failed'])],
			[subscription('wh_a', A, ['payment.failed'], false)],
			ADDRESS,
			VOCABULARY,
		);
		const items = triggerItems([
			{ verdict: verdicts[0], action: 'failed', error: 'Forbidden (Request ID: req_1)' },
		]);
		expect(items[0]).toMatchObject({
			state: 'disabled',
			action: 'failed',
			error: 'Forbidden (Request ID: req_1)',
		});
		const orphans = orphanItems(
			[
				{
					orphan: { subscription: subscription('wh_c', C, []), webhookId: C, owner: null },
					action: 'failed',
					proof: PROOF,
					error: 'Server error',
				},
			],
			INPUT,
		);
		expect(orphans[0]).toMatchObject({ action: 'failed', error: 'Server error' });
		const summary = summaryItem(items, orphans);
		expect(summary).toMatchObject({ failed_actions: 2, changed: false });
		expect(summary.message).toMatch(/2 actions failed \(see their items' error\)\.$/);
	});

	it('a healthy check says that nothing was changed', () => {
		const { verdicts } = judgeTriggers(
			[trigger(A, ['payment.failed'])],
			[subscription('wh_a', A, ['payment.failed'])],
			ADDRESS,
			VOCABULARY,
		);
		const items = triggerItems(
			verdicts.map((verdict) => ({ verdict, action: actionFor(verdict.state, BOTH) })),
		);
		expect(summaryItem(items, [])).toEqual({
			check: 'summary',
			healthy: true,
			changed: false,
			triggers: 1,
			unhealthy_triggers: 0,
			re_enabled: 0,
			repaired: 0,
			workflows_to_republish: 0,
			orphans: 0,
			deleted_orphans: 0,
			unjudged_triggers: 0,
			failed_actions: 0,
			message:
				'Checked 1 Education Platform Trigger (Registration Automatic) of active workflows: each has its subscription, enabled and for its events, and no other subscription delivers to this n8n. Nothing was changed.',
		});
	});
});
