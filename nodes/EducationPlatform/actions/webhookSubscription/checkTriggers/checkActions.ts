// Pure: no n8n import. What Check Triggers does about a verdict (triggerVerdicts.ts): re-enable,
// repair in place, re-publish, or nothing, as its options allow.
import type { Subscription, TriggerState, TriggerVerdict } from './triggerVerdicts';

/** What Check Triggers did about a trigger or an orphan. */
export type CheckAction =
	| 'none'
	| 're-enabled'
	| 'repaired'
	| 'republish'
	| 'deleted'
	| 'kept'
	| 'failed';

/** What Check Triggers may change in place, as its options say. */
export interface RepairOptions {
	reEnable: boolean;
	/** Set a subscription's events back to the node's and delete the other subscriptions to its URL. */
	repair: boolean;
}

/**
 * The action a verdict calls for: a disabled subscription is enabled again, wrong events and
 * duplicates are repaired on the platform, each as its option says; only a missing or unrecorded
 * one is re-published (unpublish and publish the workflow), as only the trigger can store a secret.
 */
export function actionFor(state: TriggerState, { reEnable, repair }: RepairOptions): CheckAction {
	if (state === 'disabled') return reEnable ? 're-enabled' : 'none';
	if (state === 'wrong_events' || state === 'duplicated') return repair ? 'repaired' : 'none';
	return state === 'missing' || state === 'unrecorded' ? 'republish' : 'none';
}

/** The trigger's own subscription among a verdict's, and the others delivering to its URL. */
export function ownAndExtras(verdict: TriggerVerdict): {
	own: Subscription | undefined;
	extras: Subscription[];
} {
	const recorded = verdict.trigger.stored?.subscriptionId;
	return {
		own: verdict.subscriptions.find((subscription) => subscription.id === recorded),
		extras: verdict.subscriptions.filter((subscription) => subscription.id !== recorded),
	};
}
