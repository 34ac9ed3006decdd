// Pure: no n8n import. Check Triggers' judgement: which Education Platform Triggers of active
// workflows (as n8n's public API lists the workflows) lack a working subscription, and which
// subscriptions deliver to this n8n for no active trigger. Only production URLs are judged: a
// test URL's subscription belongs to n8n's test run. The operation (checkTriggers.ts) reads the
// platform and acts on the verdicts.
import { credentialTypeFor, TRIGGER_NODE_NAME, type AuthenticationMethod } from '../../constants';
import { ActionableError } from '../../errors';
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { deliveringTriggerUrl, PRODUCTION_WEBHOOK_ENDPOINT } from '../../thisN8n/address';
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
	/** n8n's webhook ID of the node, as n8n looks it up (exactly): its webhook URL's middle segment. */
	webhookId: string | null;
	automatic: boolean;
	/** Its Events as saved; null when set by an expression, which only a run of the trigger resolves. */
	selection: string[] | null;
	/** The ID of the platform credential its Authentication names, null when it has none saved. */
	credentialId: string | null;
}

const NOT_A_WORKFLOW_ADVICE =
	"Put n8n's own n8n node before this one: Resource Workflow, Operation Get Many, Return All on, with an n8n API key of the instance's owner or an admin (one that sees every workflow).";

const isTriggerNode = (node: JsonRecord) => typeof node.type === 'string' && node.type.endsWith(`.${TRIGGER_NODE_NAME}`);
const isEnabledTrigger = (node: JsonRecord) => isTriggerNode(node) && node.disabled !== true;

const publishedNodes = (workflow: JsonRecord): unknown[] | undefined => (isJsonRecord(workflow.activeVersion) && Array.isArray(workflow.activeVersion.nodes) ? workflow.activeVersion.nodes : undefined);
const draftNodes = (workflow: JsonRecord): unknown[] | undefined => (Array.isArray(workflow.nodes) ? workflow.nodes : undefined);

/** The nodes n8n runs for a workflow: on n8n 2.x its published version's (activeVersion), else its own. */
function liveNodes(workflow: JsonRecord): unknown[] | undefined {
	return publishedNodes(workflow) ?? draftNodes(workflow);
}

const webhookIdOf = (node: JsonRecord) => (typeof node.webhookId === 'string' && node.webhookId !== '' ? node.webhookId : null);

/** The saved Events: a list, none (the parameter's default), or null for an expression (a string). */
function selectionOf(parameters: JsonRecord): string[] | null {
	if (parameters.events === undefined) return [];
	return Array.isArray(parameters.events) ? parameters.events.map(String) : null;
}

/** The ID of the credential the node's Authentication (default Access Token) uses. */
function credentialIdOf(node: JsonRecord, parameters: JsonRecord): string | null {
	const type = credentialTypeFor((parameters.authentication ?? 'accessToken') as AuthenticationMethod);
	const credential = isJsonRecord(node.credentials) ? node.credentials[type] : undefined;
	return isJsonRecord(credential) && typeof credential.id === 'string' ? credential.id : null;
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
		return nodes.filter(isJsonRecord).filter(isEnabledTrigger).map((node) => {
			const parameters = isJsonRecord(node.parameters) ? node.parameters : {};
			return {
				item,
				workflowId: workflow.id as string,
				workflowName: typeof workflow.name === 'string' ? workflow.name : '',
				versionId: typeof workflow.activeVersionId === 'string' ? workflow.activeVersionId : null,
				node: String(node.name),
				webhookId: webhookIdOf(node),
				automatic: (parameters.registration ?? 'automatic') === 'automatic',
				selection: selectionOf(parameters),
				credentialId: credentialIdOf(node, parameters),
			};
		});
	});
}

/** What the input says about ownership beyond the live triggers, for deciding which orphans to delete. */
export interface WorkflowMentions {
	/** Each webhook ID any trigger node of any input workflow has (draft or published, disabled included, active or not), with that workflow's ID. */
	owners: Map<string, string>;
	/**
	 * The index of the first active n8n 2.x workflow listed without its published version
	 * (`activeVersionId` but no `activeVersion`): the input is not the n8n node's full workflow
	 * record, so what it leaves out cannot be told. Undefined when there is none.
	 */
	partial: number | undefined;
	/** The webhook URLs the input's triggers registered, as n8n built them (their static data's `webhookUrl`). */
	storedUrls: string[];
}

/** The `webhookUrl` each trigger node keeps in the workflow's static data (`node:<name>`), as n8n's API lists it. */
function storedUrlsOf(workflow: JsonRecord): string[] {
	const staticData = isJsonRecord(workflow.staticData) ? Object.values(workflow.staticData) : [];
	return staticData.filter(isJsonRecord).map((stored) => stored.webhookUrl).filter((url): url is string => typeof url === 'string');
}

/** What the input workflows mention (run after activeTriggers, which checks the items are workflows). */
export function readWorkflows(items: readonly unknown[]): WorkflowMentions {
	const owners = new Map<string, string>();
	const storedUrls: string[] = [];
	let partial: number | undefined;
	items.forEach((workflow, item) => {
		if (!isJsonRecord(workflow) || typeof workflow.id !== 'string') return;
		const activeVersionId = workflow.activeVersionId;
		storedUrls.push(...storedUrlsOf(workflow));
		if (partial === undefined && workflow.active === true && typeof activeVersionId === 'string' && publishedNodes(workflow) === undefined) partial = item;
		for (const node of [...(draftNodes(workflow) ?? []), ...(publishedNodes(workflow) ?? [])]) {
			const webhookId = isJsonRecord(node) && isTriggerNode(node) ? webhookIdOf(node) : null;
			if (webhookId !== null && !owners.has(webhookId)) owners.set(webhookId, workflow.id);
		}
	});
	return { owners, partial, storedUrls };
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

/** What was done about a trigger; `error`: why its write failed. */
export interface TriggerOutcome {
	verdict: TriggerVerdict;
	action: CheckAction;
	error?: string;
}

const REPUBLISH = 'Unpublish (deactivate) and publish (activate) the workflow: its trigger registers its subscription again, with a new secret.';

const NOTES: Record<TriggerState, string> = {
	healthy: 'Its subscription is in place, enabled and for the events the node selects.',
	missing: `No subscription delivers to its webhook URL, so no event starts the workflow. ${REPUBLISH}`,
	duplicated: `Several subscriptions deliver to its webhook URL, so every event would start the workflow more than once. ${REPUBLISH} It keeps one.`,
	wrong_events: `Its subscription is for other events than the node selects (changed in the platform's dashboard?). ${REPUBLISH}`,
	disabled: 'Its subscription is disabled (in the platform\'s dashboard), so the platform sends it no event.',
	invalid_events: 'Its Events are empty or name an event the platform does not have, so it cannot register a subscription: fix Events in the node and publish the workflow.',
	unknown: 'It was not judged, and nothing was changed for it:',
	other_account: 'It uses another platform credential than this node, so its subscription is not among the ones this node lists: it was not judged. Check it with a Check Triggers node on that credential.',
};

export const FAILED = 'The write failed (see error), so nothing was changed for it; the next run tries again.';

function triggerNote({ state, unknownBecause: because }: TriggerVerdict, action: CheckAction): string {
	if (action === 'failed') return `${NOTES[state]} ${FAILED}`;
	if (state === 'unknown') return `${NOTES.unknown} ${because}.`;
	if (state !== 'disabled') return NOTES[state];
	return `${NOTES.disabled} ${action === 're-enabled' ? 'It was enabled again; events made while it was disabled are not delivered.' : 'Re-Enable Disabled Subscriptions is off, so it was left disabled.'}`;
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
export function summaryItem(triggers: readonly JsonRecord[], orphans: readonly JsonRecord[]): JsonRecord {
	const count = (items: readonly JsonRecord[], action: CheckAction) => items.filter((item) => item.action === action).length;
	const unjudged = triggers.filter((item) => item.state === 'unknown' || item.state === 'other_account').length;
	const unhealthy = triggers.filter((item) => item.state !== 'healthy').length - unjudged;
	const toRepublish = triggers.filter((item) => item.republish === true).length;
	const reEnabled = count(triggers, 're-enabled');
	const deleted = count(orphans, 'deleted');
	const failed = count(triggers, 'failed') + count(orphans, 'failed');
	const healthy = unhealthy === 0 && orphans.length === 0;
	const checked = `${triggers.length} Education Platform ${triggers.length === 1 ? 'Trigger' : 'Triggers'} (Registration Automatic) of active workflows${unjudged === 0 ? '' : ` (${unjudged} not judged: see their notes)`}`;
	const verdict = healthy
		? `Checked ${checked}: each has its subscription, enabled and for its events, and no other subscription delivers to this n8n.`
		: `Checked ${checked}: ${unhealthy} without a working subscription (${reEnabled} re-enabled, ${toRepublish} ${toRepublish === 1 ? 'workflow' : 'workflows'} to re-publish), and ${orphans.length} orphaned ${orphans.length === 1 ? 'subscription' : 'subscriptions'} delivering to this n8n (${deleted} deleted).`;
	const failures = failed === 0 ? '' : ` ${failed} ${failed === 1 ? 'action' : 'actions'} failed (see their items' error).`;
	const message = `${verdict}${healthy && failed === 0 ? ' Nothing was changed.' : ''}${failures}`;
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
		unjudged_triggers: unjudged,
		failed_actions: failed,
		message,
	};
}
