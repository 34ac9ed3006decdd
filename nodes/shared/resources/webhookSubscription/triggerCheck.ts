// Pure: no n8n import. Check Triggers' judgement: which Education Platform Triggers of active
// workflows (as n8n's public API lists the workflows) lack a working subscription, and which
// subscriptions deliver to this n8n for no active trigger. The operation (checkTriggers.ts) reads
// the platform and acts on the verdicts.
import { TRIGGER_NODE_NAME } from '../../constants';
import { ActionableError, quoted } from '../../errors';
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { deliveringWebhookId } from '../../thisN8n/address';
import { expandEventSelection, sameEventTypes, type EventVocabulary } from '../webhookEvents';

/** A subscription as api.ts lists it (its Subscription; named here, since api.ts loads the transport). */
export interface Subscription extends JsonRecord {
	id: string;
}

/** One Education Platform Trigger of an active workflow. */
export interface ActiveTrigger {
	/** The input item (the workflow) it was found in. */
	item: number;
	workflowId: string;
	workflowName: string;
	/** The published version (n8n 2.x `activeVersionId`), the one to publish again; null on n8n 1.x. */
	versionId: string | null;
	node: string;
	/** n8n's webhook ID of the node, lower-cased: its webhook URL's middle segment. */
	webhookId: string | null;
	automatic: boolean;
	selection: string[];
}

const NOT_A_WORKFLOW_ADVICE =
	"Put n8n's own n8n node before this one: Resource Workflow, Operation Get Many, Return All on, with an n8n API key of the instance's owner or an admin (one that sees every workflow).";

const isTriggerNode = (node: JsonRecord) => typeof node.type === 'string' && node.type.endsWith(`.${TRIGGER_NODE_NAME}`) && node.disabled !== true;

/** The nodes n8n runs for a workflow: on n8n 2.x its published version's (activeVersion), else its own. */
function liveNodes(workflow: JsonRecord): unknown[] | undefined {
	const published = isJsonRecord(workflow.activeVersion) ? workflow.activeVersion.nodes : undefined;
	if (Array.isArray(published)) return published;
	return Array.isArray(workflow.nodes) ? workflow.nodes : undefined;
}

/**
 * The Education Platform Triggers (enabled nodes) of the active workflows among the input items,
 * each a workflow as n8n's API lists it (n8n 1.x and 2.x). An empty item (the n8n node's Always
 * Output Data when no workflow is active) is skipped; any other item that is no workflow is an error.
 */
export function activeTriggers(items: readonly unknown[]): ActiveTrigger[] {
	return items.flatMap((workflow, item) => {
		if (isJsonRecord(workflow) && Object.keys(workflow).length === 0) return [];
		const nodes = isJsonRecord(workflow) && typeof workflow.id === 'string' ? liveNodes(workflow) : undefined;
		if (!isJsonRecord(workflow) || nodes === undefined) {
			throw new ActionableError(`Input item ${item + 1} is not an n8n workflow with its nodes, so no trigger was checked`, NOT_A_WORKFLOW_ADVICE);
		}
		if (workflow.active !== true) return [];
		return nodes.filter(isJsonRecord).filter(isTriggerNode).map((node) => ({
			item,
			workflowId: workflow.id as string,
			workflowName: typeof workflow.name === 'string' ? workflow.name : '',
			versionId: typeof workflow.activeVersionId === 'string' ? workflow.activeVersionId : null,
			node: String(node.name),
			webhookId: typeof node.webhookId === 'string' ? node.webhookId.toLowerCase() : null,
			automatic: !isJsonRecord(node.parameters) || (node.parameters.registration ?? 'automatic') === 'automatic',
			selection: isJsonRecord(node.parameters) && Array.isArray(node.parameters.events) ? node.parameters.events.map(String) : [],
		}));
	});
}

/**
 * What a trigger (Registration Automatic) has on the platform:
 * - healthy: one subscription for its URL, enabled, for exactly its events;
 * - missing: none (deleted in the dashboard, or its registration failed);
 * - duplicated: more than one, so every event would run the workflow more than once;
 * - wrong_events: other events than the node selects (changed in the dashboard);
 * - disabled: disabled in the dashboard, so the platform sends it nothing;
 * - invalid_events: its Events are none or unknown, so it cannot be registered at all.
 */
export type TriggerState = 'healthy' | 'missing' | 'duplicated' | 'wrong_events' | 'disabled' | 'invalid_events';

export interface TriggerVerdict {
	trigger: ActiveTrigger;
	state: TriggerState;
	/** The subscriptions delivering to its URL. */
	subscriptions: Subscription[];
	/** The concrete events the node selects (its "All …" options expanded). */
	events: string[];
}

/** A subscription that delivers to this n8n's trigger URL of no active trigger. */
export interface Orphan {
	subscription: Subscription;
	webhookId: string;
}

const eventsOf = (subscription: Subscription) => (Array.isArray(subscription.events) ? subscription.events.map(String) : []);

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

/**
 * The verdict on every Automatic trigger, and the orphans: subscriptions of `ours` (those that
 * deliver to this n8n, `address`) whose URL names no active trigger, Automatic or Manual (a
 * Manual trigger's subscription was added in the dashboard and is its own).
 */
export function judgeTriggers(
	triggers: readonly ActiveTrigger[],
	ours: readonly Subscription[],
	address: string,
	vocabulary: EventVocabulary,
): { verdicts: TriggerVerdict[]; orphans: Orphan[] } {
	const byWebhookId = new Map<string, Subscription[]>();
	for (const subscription of ours) {
		const webhookId = deliveringWebhookId(address, subscription.url);
		if (webhookId !== undefined) byWebhookId.set(webhookId, [...(byWebhookId.get(webhookId) ?? []), subscription]);
	}
	const verdicts = triggers
		.filter((trigger) => trigger.automatic)
		.map((trigger) => {
			const subscriptions = (trigger.webhookId && byWebhookId.get(trigger.webhookId)) || [];
			const events = expanded(vocabulary, trigger.selection);
			return { trigger, state: stateOf(events, subscriptions), subscriptions, events: events ?? [] };
		});
	const owned = new Set(triggers.map((trigger) => trigger.webhookId));
	const orphans = [...byWebhookId].filter(([webhookId]) => !owned.has(webhookId)).flatMap(([webhookId, subscriptions]) => subscriptions.map((subscription) => ({ subscription, webhookId })));
	return { verdicts, orphans };
}

/** What Check Triggers did about a trigger or an orphan. */
export type CheckAction = 'none' | 're-enabled' | 'republish' | 'deleted';

/** The action a verdict calls for: re-publishing repairs all but a disabled subscription (re-enabled when `reEnable`) and unusable Events. */
export function actionFor(state: TriggerState, reEnable: boolean): CheckAction {
	if (state === 'disabled') return reEnable ? 're-enabled' : 'none';
	return state === 'missing' || state === 'duplicated' || state === 'wrong_events' ? 'republish' : 'none';
}

const REPUBLISH = 'Unpublish (deactivate) and publish (activate) the workflow: its trigger registers its subscription again, with a new secret.';

const NOTES: Record<TriggerState, string> = {
	healthy: 'Its subscription is in place, enabled and for the events the node selects.',
	missing: `No subscription delivers to its webhook URL, so no event starts the workflow. ${REPUBLISH}`,
	duplicated: `Several subscriptions deliver to its webhook URL, so every event would start the workflow more than once. ${REPUBLISH} It keeps one.`,
	wrong_events: `Its subscription is for other events than the node selects (changed in the platform's dashboard?). ${REPUBLISH}`,
	disabled: 'Its subscription is disabled (in the platform\'s dashboard), so the platform sends it no event.',
	invalid_events: 'Its Events are empty or name an event the platform does not have, so it cannot register a subscription: fix Events in the node and publish the workflow.',
};

/** One output item per trigger; `republish` is true on the first item of each workflow to re-publish, which the example routes to n8n's n8n node. */
export function triggerItems(verdicts: ReadonlyArray<{ verdict: TriggerVerdict; action: CheckAction }>): JsonRecord[] {
	const republished = new Set<string>();
	return verdicts.map(({ verdict: { trigger, state, subscriptions, events }, action }) => {
		const republish = action === 'republish' && !republished.has(trigger.workflowId);
		if (republish) republished.add(trigger.workflowId);
		const note = state === 'disabled' ? `${NOTES.disabled} ${action === 're-enabled' ? 'It was enabled again; events made while it was disabled are not delivered.' : 'Re-Enable Disabled Subscriptions is off, so it was left disabled.'}` : NOTES[state];
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
			note,
		};
	});
}

/** One output item per orphan. */
export function orphanItems(orphans: readonly Orphan[], deleted: boolean): JsonRecord[] {
	return orphans.map(({ subscription, webhookId }) => ({
		check: 'orphan',
		state: 'orphaned',
		action: deleted ? 'deleted' : 'none',
		webhook_subscription_id: subscription.id,
		url: subscription.url ?? null,
		description: subscription.description ?? null,
		events: eventsOf(subscription),
		enabled: subscription.enabled !== false,
		note: `It delivers to this n8n's webhook URL of trigger node ${quoted(webhookId)}, which no active workflow has (the workflow was deleted or unpublished without n8n removing its subscription, or the package was uninstalled), so the platform retries every event into the void. ${deleted ? 'It was deleted.' : 'Delete Orphaned Subscriptions is off, so it was kept.'}`,
	}));
}

/** The last output item: what was checked and done, in one sentence. */
export function summaryItem(triggers: readonly JsonRecord[], orphans: readonly JsonRecord[]): JsonRecord {
	const count = (items: readonly JsonRecord[], action: CheckAction) => items.filter((item) => item.action === action).length;
	const unhealthy = triggers.filter((item) => item.state !== 'healthy').length;
	const toRepublish = triggers.filter((item) => item.republish === true).length;
	const reEnabled = count(triggers, 're-enabled');
	const deleted = count(orphans, 'deleted');
	const healthy = unhealthy === 0 && orphans.length === 0;
	const checked = `${triggers.length} Education Platform ${triggers.length === 1 ? 'Trigger' : 'Triggers'} (Registration Automatic) of active workflows`;
	const message = healthy
		? `Checked ${checked}: each has its subscription, enabled and for its events, and no other subscription delivers to this n8n. Nothing was changed.`
		: `Checked ${checked}: ${unhealthy} without a working subscription (${reEnabled} re-enabled, ${toRepublish} ${toRepublish === 1 ? 'workflow' : 'workflows'} to re-publish), and ${orphans.length} orphaned ${orphans.length === 1 ? 'subscription' : 'subscriptions'} delivering to this n8n (${deleted} deleted).`;
	return {
		check: 'summary',
		healthy,
		changed: reEnabled + deleted > 0,
		triggers: triggers.length,
		unhealthy_triggers: unhealthy,
		re_enabled: reEnabled,
		workflows_to_republish: toRepublish,
		orphans: orphans.length,
		deleted_orphans: deleted,
		message,
	};
}
