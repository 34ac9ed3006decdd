// Pure: no n8n import. Check Triggers' output: one item per trigger with its verdict, what was
// done and a note in words, and the summary item (the orphans' items are orphans.ts's).
import type { JsonRecord } from '../../../../shared/jsonRecord';
import { eventsOf, type TriggerState, type TriggerVerdict } from './triggerVerdicts';
import { type CheckAction } from './checkActions';

/** What was done about a trigger; `error`: why its write failed. */
export interface TriggerOutcome {
	verdict: TriggerVerdict;
	action: CheckAction;
	error?: string;
}

const REPUBLISH =
	'Unpublish and publish the workflow (on n8n 1.x: deactivate and activate it): its trigger registers its subscription again, with a new secret.';

const NOTES: Record<TriggerState, string> = {
	healthy: 'Its subscription is in place, enabled and for the events the node selects.',
	missing: `It has no subscription: the platform no longer has the one it registered (or it never registered one), and none delivers to its webhook URL that it can check, so no event starts the workflow. ${REPUBLISH}`,
	unrecorded:
		'Its subscription is on the platform, but the trigger never saved it (n8n stopped while publishing the workflow?), so it cannot check the signatures of its events and refuses them; the platform retries them. Unpublish and publish the workflow (on n8n 1.x: deactivate and activate it): its trigger takes over that subscription with a new secret, and the retried events then start the workflow.',
	duplicated:
		'Other subscriptions deliver to its webhook URL beside its own, so every event would start the workflow more than once.',
	wrong_events:
		"Its subscription is for other events than the node selects (changed in the platform's dashboard?).",
	disabled:
		"Its subscription is disabled (in the platform's dashboard), so the platform sends it no event.",
	invalid_events:
		'Its Events are empty or name an event the platform does not have, so it cannot register a subscription: fix Events in the node and publish the workflow.',
	unknown: 'It was not judged, and nothing was changed for it:',
	other_account:
		'It uses another platform credential than this node, so its subscription is not among the ones this node lists: it was not judged. Check it with a Check Triggers node on that credential.',
};

export const FAILED =
	'The write failed (see error), so nothing was changed for it; the next run tries again.';

/** What was done in place, by state and whether it was (the action) or its option was off. */
const IN_PLACE: Partial<Record<TriggerState, { done: string; off: string }>> = {
	disabled: {
		done: 'It was enabled again; events made while it was disabled are not delivered.',
		off: 'Re-Enable Disabled Subscriptions is off, so it was left disabled.',
	},
	wrong_events: {
		done: "Its events were set back to the node's, with no unpublish.",
		off: 'Fix Events and Duplicates is off, so it was left as it is.',
	},
	duplicated: {
		done: 'The others were deleted and its own kept, with no unpublish.',
		off: 'Fix Events and Duplicates is off, so they were left.',
	},
};

function triggerNote(
	{ state, unknownBecause: because }: TriggerVerdict,
	action: CheckAction,
): string {
	if (action === 'failed') return `${NOTES[state]} ${FAILED}`;
	if (state === 'unknown') return `${NOTES.unknown} ${because}.`;
	const inPlace = IN_PLACE[state];
	if (inPlace === undefined) return NOTES[state];
	return `${NOTES[state]} ${action === 'none' ? inPlace.off : inPlace.done}`;
}

/** One output item per trigger; `republish` is true on the first item of each workflow to re-publish, which the example routes to n8n's n8n node. */
export function triggerItems(outcomes: readonly TriggerOutcome[]): JsonRecord[] {
	const republished = new Set<string>();
	return outcomes.map(({ verdict, action, error }) => {
		const { trigger, state, subscriptions, events } = verdict;
		const republish = action === 'republish' && !republished.has(trigger.workflowId);
		if (republish) republished.add(trigger.workflowId);
		return {
			check: 'trigger',
			state,
			action,
			republish,
			workflow_id: trigger.workflowId,
			workflow_name: trigger.workflowName,
			workflow_version_id: trigger.versionId,
			node: trigger.node,
			webhook_subscription_ids: subscriptions.map((subscription) => subscription.id),
			events: events,
			subscribed_events: subscriptions.length === 1 ? eventsOf(subscriptions[0]) : null,
			note: triggerNote(verdict, action),
			...(error === undefined ? {} : { error }),
		};
	});
}

/** The last output item: what was checked and done, in one sentence. */
export function summaryItem(
	triggers: readonly JsonRecord[],
	orphans: readonly JsonRecord[],
): JsonRecord {
	const count = (items: readonly JsonRecord[], action: CheckAction) =>
		items.filter((item) => item.action === action).length;
	const unjudged = triggers.filter(
		(item) => item.state === 'unknown' || item.state === 'other_account',
	).length;
	const unhealthy = triggers.filter((item) => item.state !== 'healthy').length - unjudged;
	const toRepublish = triggers.filter((item) => item.republish === true).length;
	const reEnabled = count(triggers, 're-enabled');
	const repaired = count(triggers, 'repaired');
	const deleted = count(orphans, 'deleted');
	const failed = count(triggers, 'failed') + count(orphans, 'failed');
	const healthy = unhealthy === 0 && orphans.length === 0;
	const checked = `${triggers.length} Education Platform ${triggers.length === 1 ? 'Trigger' : 'Triggers'} (Registration Automatic) of active workflows${unjudged === 0 ? '' : ` (${unjudged} not judged: see their notes)`}`;
	const verdict = healthy
		? `Checked ${checked}: each has its subscription, enabled and for its events, and no other subscription delivers to this n8n.`
		: `Checked ${checked}: ${unhealthy} without a working subscription (${reEnabled} re-enabled, ${repaired} repaired in place, ${toRepublish} ${toRepublish === 1 ? 'workflow' : 'workflows'} to re-publish), and ${orphans.length} orphaned ${orphans.length === 1 ? 'subscription' : 'subscriptions'} delivering to this n8n (${deleted} deleted).`;
	const failures =
		failed === 0
			? ''
			: ` ${failed} ${failed === 1 ? 'action' : 'actions'} failed (see their items' error).`;
	const message = `${verdict}${healthy && failed === 0 ? ' Nothing was changed.' : ''}${failures}`;
	return {
		check: 'summary',
		healthy,
		changed: reEnabled + repaired + deleted > 0,
		triggers: triggers.length,
		unhealthy_triggers: unhealthy,
		re_enabled: reEnabled,
		repaired,
		workflows_to_republish: toRepublish,
		orphans: orphans.length,
		deleted_orphans: deleted,
		unjudged_triggers: unjudged,
		failed_actions: failed,
		message,
	};
}
