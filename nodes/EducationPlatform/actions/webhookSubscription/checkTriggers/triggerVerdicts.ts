// Pure: no n8n import. Check Triggers' judgement: which Education Platform Triggers of active
// workflows (workflowTriggers.ts) lack a working subscription, and which subscriptions deliver to
// this n8n for no active trigger; only production URLs are judged (a test URL's belongs to n8n's
// test run). checkTriggers.operation.ts acts on the verdicts; triggerCheckItems.ts words them.
import { quoted } from '../../../../shared/errors';
import type { JsonRecord } from '../../../../shared/jsonRecord';
import {
	deliveringTriggerUrl,
	deliversTo,
	PRODUCTION_WEBHOOK_ENDPOINT,
} from '../../../../shared/thisN8n/address';
import {
	expandEventSelection,
	sameEventTypes,
	type EventVocabulary,
} from '../../../../shared/resources/webhookEvents';
import type { ActiveTrigger, StoredRegistration } from './workflowTriggers';

/** A subscription as api.ts lists it (its Subscription; named here, since api.ts loads the transport). */
export interface Subscription extends JsonRecord {
	id: string;
}

/**
 * What a trigger (Registration Automatic) has on the platform:
 * - healthy: its own subscription (the one its static data records) alone for its URL, enabled,
 *   for exactly its events;
 * - missing: none delivers to its URL, and the platform answers 404 for the one it recorded (or it
 *   records none: its registration never completed); or those that deliver to its URL are not the
 *   one it recorded, which the platform answers 404 for. Only a re-publish repairs it;
 * - unrecorded: it records none (its publication was cut off after the platform made the subscription
 *   and before n8n saved it), while exactly one delivers to its URL, unchanged for
 *   UNRECORDED_SETTLED_MS: a re-publish adopts it (delete() has nothing to delete, create() takes
 *   over the one at its URL with a new secret, keeping its pending retries);
 * - duplicated: others beside its own deliver to its URL, so every event would run the workflow more than once;
 * - wrong_events: its own is for other events than the node selects (changed in the dashboard);
 * - disabled: its own is disabled in the dashboard, so the platform sends it nothing;
 * - invalid_events: its Events are none or unknown, so it cannot be registered at all;
 * - unknown: it cannot be judged (see unknownBecause), and nothing is done for it;
 * - other_account: it uses another platform credential than this node, so its subscription is not
 *   in this node's listing.
 */
export type TriggerState =
	| 'healthy'
	| 'missing'
	| 'unrecorded'
	| 'duplicated'
	| 'wrong_events'
	| 'disabled'
	| 'invalid_events'
	| 'unknown'
	| 'other_account';

export interface TriggerVerdict {
	trigger: ActiveTrigger;
	state: TriggerState;
	/** The subscriptions delivering to its URL. */
	subscriptions: Subscription[];
	/** The concrete events the node selects (its "All …" options expanded). */
	events: string[];
	/** Why an `unknown` trigger cannot be judged. */
	unknownBecause?: string;
	/** The subscription it recorded, which the platform must be asked about before the verdict holds (settleLookup). */
	lookup?: string;
}

/** A subscription that delivers to this n8n's production trigger URL of no active trigger. */
export interface Orphan {
	subscription: Subscription;
	webhookId: string;
	/** The input workflow that still names its webhook ID (inactive, a draft, a disabled node), or null when none does. */
	owner: string | null;
}

export const eventsOf = (subscription: Subscription) =>
	Array.isArray(subscription.events) ? subscription.events.map(String) : [];

/** The webhook ID n8n gives a trigger node (the editor, `resolveNodeWebhookId`): only such an ID is recognized in a URL. */
const NODE_WEBHOOK_ID =
	/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

const unknown = (because: string): Pick<TriggerVerdict, 'state' | 'unknownBecause'> => ({
	state: 'unknown',
	unknownBecause: because,
});

/**
 * How long the one subscription at the URL of a trigger that records none must have stood
 * unchanged (its `created_at` and `updated_at`) before the trigger is re-published to adopt it:
 * longer than any publication, so one still under way (create() made or adopted it, n8n has not
 * saved the static data yet) is never re-published under it. n8n 2.x aborts a publication 84 s
 * after it started, the trigger's calls of one activation end within 72 s (lifecycle/budget.ts),
 * and n8n 1.x activates within the request. The times are the platform's, `now` is this n8n's:
 * the margin also absorbs a few minutes' difference between the two clocks.
 */
const UNRECORDED_SETTLED_MS = 5 * 60_000;

/** When a subscription was made or last changed (the later of its `created_at` and `updated_at`), undefined when either cannot be read. */
function lastChangeOf(subscription: Subscription): number | undefined {
	const times = [subscription.created_at, subscription.updated_at].map((text) =>
		typeof text === 'string' ? Date.parse(text) : Number.NaN,
	);
	return times.some(Number.isNaN) ? undefined : Math.max(...times);
}

/**
 * A trigger that records no subscription while `subscriptions` deliver to its URL: unrecorded only
 * on proof that holds now (one subscription, unchanged for UNRECORDED_SETTLED_MS before `now`),
 * else unknown, saying why and what to do.
 */
function unrecordedOrUnknown(
	subscriptions: Subscription[],
	now: number,
): Pick<TriggerVerdict, 'state' | 'unknownBecause'> {
	const count = subscriptions.length;
	const records = `its static data records no subscription, so it cannot check the signatures of the ${count === 1 ? 'one' : count} delivering to its URL`;
	if (count > 1)
		return unknown(
			`${records}: publish the workflow again (unpublish, then publish) to adopt one of them; the trigger deletes the others`,
		);
	const changed = lastChangeOf(subscriptions[0]);
	if (changed === undefined || Number.isNaN(now)) {
		return unknown(
			`${records}; when that one was made or last changed cannot be read (its created_at and updated_at), so a publication still saving it cannot be ruled out: publish the workflow again to adopt it`,
		);
	}
	if (now - changed < UNRECORDED_SETTLED_MS) {
		return unknown(
			`${records}; that one was made or changed less than ${UNRECORDED_SETTLED_MS / 60_000} minutes ago (at ${new Date(changed).toISOString()}), so a publication may still be saving it: the next run decides`,
		);
	}
	return { state: 'unrecorded' };
}

/** The state of a trigger that selects `events`, from its URL's subscriptions and what it recorded (`stored`, checked not null), judged at `now`. */
function stateOf(
	events: string[],
	subscriptions: Subscription[],
	stored: StoredRegistration,
	now: number,
): Pick<TriggerVerdict, 'state' | 'unknownBecause' | 'lookup'> {
	const recorded = stored.subscriptionId;
	if (subscriptions.length === 0)
		return recorded === null ? { state: 'missing' } : { state: 'missing', lookup: recorded };
	if (recorded === null) return unrecordedOrUnknown(subscriptions, now);
	const own = subscriptions.find((subscription) => subscription.id === recorded);
	// None of them is its own: missing if the platform no longer has the one it recorded.
	if (own === undefined) return { state: 'missing', lookup: recorded };
	if (subscriptions.length > 1) return { state: 'duplicated' };
	if (!sameEventTypes(eventsOf(own), events)) return { state: 'wrong_events' };
	return { state: own.enabled === false ? 'disabled' : 'healthy' };
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
	/** When it judges (Date.now() of this n8n); without it no subscription's age can be told, so no trigger is `unrecorded`. */
	now?: number;
}

/** Why a trigger cannot be judged, or undefined when it can. */
function unknownBecause(
	trigger: ActiveTrigger,
	elsewhere: ReadonlySet<string>,
	address: string,
	endpoint: string | null,
): string | undefined {
	if (trigger.selection === null)
		return 'its Events are set by an expression, which only a run of the trigger resolves';
	if (trigger.webhookId === null)
		return "it has no webhook ID (a workflow not saved by n8n's editor?)";
	if (!NODE_WEBHOOK_ID.test(trigger.webhookId))
		return `its webhook ID ${quoted(trigger.webhookId)} is not one n8n's editor gives (a UUID), so its URL cannot be told from another's`;
	if (trigger.stored === null)
		return "the input does not carry the workflow's static data (staticData, as n8n's n8n node lists it), so which subscription is its own cannot be told";
	if (trigger.stored.url !== null && !deliversTo(address, trigger.stored.url)) {
		return `it registered its subscription for ${quoted(trigger.stored.url, 200)}, which is not under this n8n's webhook address ${address} (a watchdog on another n8n, or the address changed and the workflow was not published since)`;
	}
	if (endpoint === null)
		return "the webhook URLs this n8n's triggers registered are under several endpoints (N8N_ENDPOINT_WEBHOOK changed and not every workflow published since), so which is the production one cannot be told";
	if (elsewhere.has(trigger.webhookId))
		return `its only subscriptions to this n8n are at another endpoint than the production \`${endpoint}\` (a test URL while someone listens for a test event)`;
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
	{
		credentialId = null,
		owners = new Map(),
		endpoint = PRODUCTION_WEBHOOK_ENDPOINT,
		now = Number.NaN,
	}: JudgeContext = {},
): { verdicts: TriggerVerdict[]; orphans: Orphan[] } {
	const byWebhookId = new Map<string, Subscription[]>();
	const elsewhere = new Set<string>();
	for (const subscription of ours) {
		const delivering = deliveringTriggerUrl(address, subscription.url, endpoint);
		if (delivering?.production === true)
			byWebhookId.set(delivering.webhookId, [
				...(byWebhookId.get(delivering.webhookId) ?? []),
				subscription,
			]);
		else if (delivering !== undefined) elsewhere.add(delivering.webhookId);
	}
	for (const webhookId of byWebhookId.keys()) elsewhere.delete(webhookId);
	const verdicts = triggers
		.filter((trigger) => trigger.automatic)
		.map((trigger): TriggerVerdict => {
			const subscriptions = (trigger.webhookId && byWebhookId.get(trigger.webhookId)) || [];
			if (
				credentialId !== null &&
				trigger.credentialId !== null &&
				trigger.credentialId !== credentialId
			)
				return { trigger, state: 'other_account', subscriptions, events: [] };
			const because = unknownBecause(trigger, elsewhere, address, endpoint);
			if (because !== undefined) return { trigger, ...unknown(because), subscriptions, events: [] };
			const events = expanded(vocabulary, trigger.selection as string[]);
			if (events === undefined || events.length === 0)
				return { trigger, state: 'invalid_events', subscriptions, events: [] };
			return {
				trigger,
				...stateOf(events, subscriptions, trigger.stored as StoredRegistration, now),
				subscriptions,
				events,
			};
		});
	const live = new Set(triggers.map((trigger) => trigger.webhookId));
	const orphans = [...byWebhookId]
		.filter(([webhookId]) => !live.has(webhookId))
		.flatMap(([webhookId, subscriptions]) =>
			subscriptions.map((subscription) => ({
				subscription,
				webhookId,
				owner: owners.get(webhookId) ?? null,
			})),
		);
	return { verdicts, orphans };
}

/**
 * What the platform answered for a verdict's `lookup` (the subscription the trigger recorded):
 * `gone` (404), `exists`, or the error that kept it from answering.
 */
export type LookupAnswer = { gone: true } | { gone: false; url?: unknown } | { error: string };

/** The verdict once its lookup is answered: missing only on the platform's 404, unknown otherwise. */
export function settleLookup(verdict: TriggerVerdict, answer: LookupAnswer): TriggerVerdict {
	const { lookup, ...settled } = verdict;
	if ('error' in answer)
		return {
			...settled,
			...unknown(
				`the platform could not be asked about the subscription it registered, ${lookup} (${answer.error})`,
			),
		};
	if (answer.gone) return settled;
	const where = typeof answer.url === 'string' ? `, delivering to ${quoted(answer.url, 200)}` : '';
	return {
		...settled,
		...unknown(
			`the subscription it registered, ${lookup}, still exists${where}, but is not the one delivering to its URL: check it in the platform's dashboard`,
		),
	};
}
