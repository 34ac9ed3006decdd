// Pure: no n8n import. Check Triggers' judgement: which Education Platform Triggers of active
// workflows (workflowTriggers.ts) lack a working subscription, and which subscriptions deliver to
// this n8n for no active trigger. Only production URLs are judged: a test URL's subscription
// belongs to n8n's test run. The operation (checkTriggers.operation.ts) reads the platform and acts on the
// verdicts; triggerCheckItems.ts words them.
import type { JsonRecord } from '../../../shared/jsonRecord';
import { deliveringTriggerUrl, PRODUCTION_WEBHOOK_ENDPOINT } from '../../../shared/thisN8n/address';
import { expandEventSelection, sameEventTypes, type EventVocabulary } from '../../../shared/resources/webhookEvents';
import type { ActiveTrigger } from './workflowTriggers';

/** A subscription as api.ts lists it (its Subscription; named here, since api.ts loads the transport). */
export interface Subscription extends JsonRecord {
	id: string;
}

/**
 * What a trigger (Registration Automatic) has on the platform:
 * - healthy: one subscription for its URL, enabled, for exactly its events;
 * - missing: none (deleted in the dashboard, or its registration failed);
 * - duplicated: more than one, so every event would run the workflow more than once;
 * - wrong_events: other events than the node selects (changed in the dashboard);
 * - disabled: disabled in the dashboard, so the platform sends it nothing;
 * - invalid_events: its Events are none or unknown, so it cannot be registered at all;
 * - unknown: it cannot be judged (Events set by an expression, no webhook ID, or its only
 *   subscriptions to this n8n are at another endpoint than the production one);
 * - other_account: it uses another platform credential than this node, so its subscription is not
 *   in this node's listing.
 */
export type TriggerState = 'healthy' | 'missing' | 'duplicated' | 'wrong_events' | 'disabled' | 'invalid_events' | 'unknown' | 'other_account';

export interface TriggerVerdict {
	trigger: ActiveTrigger;
	state: TriggerState;
	/** The subscriptions delivering to its URL. */
	subscriptions: Subscription[];
	/** The concrete events the node selects (its "All …" options expanded). */
	events: string[];
	/** Why an `unknown` trigger cannot be judged. */
	unknownBecause?: string;
}

/** A subscription that delivers to this n8n's production trigger URL of no active trigger. */
export interface Orphan {
	subscription: Subscription;
	webhookId: string;
	/** The input workflow that still names its webhook ID (inactive, a draft, a disabled node), or null when none does. */
	owner: string | null;
}

export const eventsOf = (subscription: Subscription) => (Array.isArray(subscription.events) ? subscription.events.map(String) : []);

function stateOf(events: string[] | undefined, subscriptions: Subscription[]): TriggerState {
	if (events === undefined || events.length === 0) return 'invalid_events';
	if (subscriptions.length === 0) return 'missing';
	if (subscriptions.length > 1) return 'duplicated';
	if (!sameEventTypes(eventsOf(subscriptions[0]), events)) return 'wrong_events';
	return subscriptions[0].enabled === false ? 'disabled' : 'healthy';
}

function expanded(vocabulary: EventVocabulary, selection: string[]): string[] | undefined {
	try {
		return expandEventSelection(vocabulary, selection);
	} catch {
		return undefined;
	}
}

/** What judgeTriggers knows besides the triggers: this node's credential ID, and readWorkflows' owners. */
export interface JudgeContext {
	credentialId?: string | null;
	owners?: ReadonlyMap<string, string>;
	/** This n8n's production webhook endpoint (address.ts productionEndpoint), null when it cannot be told. */
	endpoint?: string | null;
}

/** Why a trigger cannot be judged, or undefined when it can. */
function unknownBecause(trigger: ActiveTrigger, elsewhere: ReadonlySet<string>, endpoint: string | null): string | undefined {
	if (trigger.selection === null) return 'its Events are set by an expression, which only a run of the trigger resolves';
	if (trigger.webhookId === null) return 'it has no webhook ID (a workflow not saved by n8n\'s editor?)';
	if (endpoint === null) return 'the webhook URLs this n8n\'s triggers registered are under several endpoints (N8N_ENDPOINT_WEBHOOK changed and not every workflow published since), so which is the production one cannot be told';
	if (elsewhere.has(trigger.webhookId)) return `its only subscriptions to this n8n are at another endpoint than the production \`${endpoint}\` (a test URL while someone listens for a test event)`;
	return undefined;
}

/**
 * The verdict on every Automatic trigger, and the orphans: subscriptions of `ours` (those that
 * deliver to this n8n, `address`) at a production URL that names no active trigger, Automatic or
 * Manual (a Manual trigger's subscription was added in the dashboard and is its own). A test
 * URL's subscription is neither a trigger's nor an orphan: n8n's test run adds and removes it.
 */
export function judgeTriggers(
	triggers: readonly ActiveTrigger[],
	ours: readonly Subscription[],
	address: string,
	vocabulary: EventVocabulary,
	{ credentialId = null, owners = new Map(), endpoint = PRODUCTION_WEBHOOK_ENDPOINT }: JudgeContext = {},
): { verdicts: TriggerVerdict[]; orphans: Orphan[] } {
	const byWebhookId = new Map<string, Subscription[]>();
	const elsewhere = new Set<string>();
	for (const subscription of ours) {
		const delivering = deliveringTriggerUrl(address, subscription.url, endpoint);
		if (delivering?.production === true) byWebhookId.set(delivering.webhookId, [...(byWebhookId.get(delivering.webhookId) ?? []), subscription]);
		else if (delivering !== undefined) elsewhere.add(delivering.webhookId);
	}
	for (const webhookId of byWebhookId.keys()) elsewhere.delete(webhookId);
	const verdicts = triggers
		.filter((trigger) => trigger.automatic)
		.map((trigger): TriggerVerdict => {
			const subscriptions = (trigger.webhookId && byWebhookId.get(trigger.webhookId)) || [];
			if (credentialId !== null && trigger.credentialId !== null && trigger.credentialId !== credentialId) return { trigger, state: 'other_account', subscriptions, events: [] };
			const because = unknownBecause(trigger, elsewhere, endpoint);
			if (because !== undefined) return { trigger, state: 'unknown', subscriptions, events: [], unknownBecause: because };
			const events = expanded(vocabulary, trigger.selection as string[]);
			return { trigger, state: stateOf(events, subscriptions), subscriptions, events: events ?? [] };
		});
	const live = new Set(triggers.map((trigger) => trigger.webhookId));
	const orphans = [...byWebhookId]
		.filter(([webhookId]) => !live.has(webhookId))
		.flatMap(([webhookId, subscriptions]) => subscriptions.map((subscription) => ({ subscription, webhookId, owner: owners.get(webhookId) ?? null })));
	return { verdicts, orphans };
}

/** What Check Triggers did about a trigger or an orphan. */
export type CheckAction = 'none' | 're-enabled' | 'republish' | 'deleted' | 'kept' | 'failed';

/** The action a verdict calls for: re-publishing repairs all but a disabled subscription (re-enabled when `reEnable`) and unusable Events. */
export function actionFor(state: TriggerState, reEnable: boolean): CheckAction {
	if (state === 'disabled') return reEnable ? 're-enabled' : 'none';
	return state === 'missing' || state === 'duplicated' || state === 'wrong_events' ? 'republish' : 'none';
}
