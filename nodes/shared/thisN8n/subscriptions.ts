// Pure: no n8n import. Which webhook subscriptions deliver to this n8n: their URL is a trigger URL
// under the address n8n builds its webhook URLs from (address.ts).
import { ActionableError, quoted } from '../errors';
import { isJsonRecord, type JsonRecord } from '../jsonRecord';
import { deliversTo, isLocalUrl, isTriggerUrl, WEBHOOK_ADDRESS_ADVICE } from './address';

const THIS_N8N_ADVICE = `${WEBHOOK_ADDRESS_ADVICE}, then run again. To read one subscription's log, choose Deliveries Of → One Subscription. If this n8n has no trigger subscription of its own (a local test instance on a shared account), it has nothing to recover: unpublish this workflow here (on n8n 1.x: deactivate it).`;

/**
 * The subscriptions of `subscriptions` that deliver to this n8n. Refuses to answer "none" when
 * that is likely a setting's fault rather than the truth: the address could not be read, or it
 * is a local one (a process without N8N_WEBHOOK_URL, e.g. a queue-mode worker) while trigger URLs
 * of another address are registered.
 */
export function thisN8nSubscriptions<T>(address: string | undefined, subscriptions: T[]): T[] {
	if (address === undefined) {
		throw new ActionableError(
			"Could not tell this n8n's webhook address from the execution's resume URL",
			THIS_N8N_ADVICE,
		);
	}
	const urlOf = (subscription: T) => (isJsonRecord(subscription) ? subscription.url : undefined);
	const ours = subscriptions.filter((subscription) => deliversTo(address, urlOf(subscription)));
	if (ours.length > 0 || !isLocalUrl(address)) return ours;
	const elsewhere = subscriptions.map(urlOf).filter(isTriggerUrl);
	if (elsewhere.length === 0) return ours;
	throw new ActionableError(
		`No subscription delivers to this n8n's webhook address ${address}, but ${elsewhere.length === 1 ? "1 with an n8n trigger's URL delivers" : `${elsewhere.length} with an n8n trigger's URL deliver`} elsewhere (e.g. ${String(elsewhere[0])})`,
		THIS_N8N_ADVICE,
	);
}

/** How an operation that acts on one subscription refuses one that may deliver elsewhere. */
export interface ElsewhereRefusal {
	/** The operation, e.g. "Delete". */
	operation: string;
	/** What was not done, e.g. "so Delete deleted nothing". */
	consequence: string;
	/** The option with which a person acts anyway; undefined for an AI agent's tool, which has none. */
	override?: string;
}

/**
 * Refuses a subscription that is not shown to deliver to this n8n (deliversTo): its URL is another
 * n8n's or another integration's (`https://accounting.example/hooks/edu`), or this n8n's address
 * could not be read, in which case none is this n8n's: only positive proof counts.
 */
export function requireDeliversToThisN8n(
	subscription: JsonRecord,
	address: string | undefined,
	refusal: ElsewhereRefusal,
): void {
	if (deliversTo(address, subscription.url)) return;
	const { operation, consequence, override } = refusal;
	const id = quoted(subscription.id);
	const onlyOurs = `${operation} acts only on subscriptions that deliver to this n8n (delivers_to_this_n8n: true)`;
	const way =
		override === undefined
			? `As an AI agent's tool, ${onlyOurs}, and nothing changes that.`
			: `${onlyOurs}. To go ahead anyway, set Options → ${override}.`;
	if (address === undefined) {
		throw new ActionableError(
			`Could not tell whether subscription ${id} delivers to this n8n (its webhook address could not be read from the execution's resume URL), ${consequence}`,
			`${way} ${WEBHOOK_ADDRESS_ADVICE}, then run again.`,
		);
	}
	const url =
		typeof subscription.url === 'string' ? `to ${quoted(subscription.url, 200)}` : 'to no URL';
	// An n8n trigger's URL under another address may be this n8n's own, when its address is set wrong.
	const addressAdvice = isTriggerUrl(subscription.url)
		? ` If that URL is this n8n's, its webhook address (now ${address}) is wrong: ${WEBHOOK_ADDRESS_ADVICE}.`
		: '';
	throw new ActionableError(
		`Subscription ${id} delivers elsewhere, ${url}, not to this n8n, ${consequence}`,
		`${way}${addressAdvice}`,
	);
}
