// Pure: no n8n import. Which webhook subscriptions deliver to this n8n: their URL is a trigger URL
// under the address n8n builds its webhook URLs from (`<that address>webhook/<id>/webhook`).
import { ActionableError } from '../../errors';
import { isJsonRecord } from '../../jsonRecord';

/**
 * What follows the address in a trigger's URL: n8n's production or test webhook endpoint
 * (`webhook`, `webhook-test` unless N8N_ENDPOINT_WEBHOOK… change them), the node's webhook ID
 * (n8n gives every trigger one), and the trigger's path `webhook`. Another integration's URL on
 * the same host (`https://school.example/api/hooks`) and a second n8n under a path of it
 * (`…/n8n2/webhook/<id>/webhook`) are not this n8n's.
 */
const TRIGGER_PATH = /^[^/]+\/[^/]+\/webhook\/?$/;
/** The same ending on a URL whose address is not known: any n8n's trigger URL. */
const TRIGGER_URL_END = /\/[^/]+\/[^/]+\/webhook\/?$/;

/**
 * The address this n8n's webhook URLs start with, read from its `$execution.resumeUrl`
 * (`<webhook address><waiting endpoint>/<execution id>`, n8n 1.x and 2.x alike): the same
 * address (WEBHOOK_URL / N8N_WEBHOOK_URL) the trigger's URLs are built from, even when the editor
 * runs at another one. Undefined when the URL cannot be read.
 */
export function webhookAddressOf(resumeUrl: unknown): string | undefined {
	if (typeof resumeUrl !== 'string') return undefined;
	let url: URL;
	try {
		url = new URL(resumeUrl);
	} catch {
		return undefined;
	}
	const segments = url.pathname.split('/');
	// Drop the waiting endpoint and the execution id.
	if (segments.length < 3) return undefined;
	return `${url.origin}${segments.slice(0, -2).join('/')}/`;
}

/** The origin and path of a URL, or undefined when it is not one. */
function originAndPath(url: unknown): string | undefined {
	if (typeof url !== 'string') return undefined;
	try {
		const parsed = new URL(url);
		return `${parsed.origin}${parsed.pathname}`;
	} catch {
		return undefined;
	}
}

/** Whether a subscription's URL is a trigger URL under this n8n's webhook address (same origin, same path prefix). */
export function deliversTo(address: string | undefined, url: unknown): boolean {
	const target = originAndPath(url);
	if (address === undefined || target === undefined || !target.startsWith(address)) return false;
	return TRIGGER_PATH.test(target.slice(address.length));
}

/** The records with `delivers_to_this_n8n` added after their own fields (a non-record is kept as it is). */
export function markDelivery<T>(records: T[], address: string | undefined): T[] {
	return records.map((record) => (isJsonRecord(record) ? ({ ...record, delivers_to_this_n8n: deliversTo(address, record.url) } as T) : record));
}

const WEBHOOK_URL_ADVICE =
	'n8n builds it from N8N_WEBHOOK_URL (WEBHOOK_URL on n8n 1.x); without it, it is n8n\'s local address. Set it to n8n\'s public address on every n8n process, queue-mode workers included, and run again. To read one subscription\'s log, choose Deliveries Of → One Subscription. If this n8n has no trigger subscription of its own (a local test instance on a shared account), it has nothing to recover: deactivate this workflow here.';

/** The addresses n8n falls back on without N8N_WEBHOOK_URL (`localhost`), or a process's own. */
function isLocal(address: string): boolean {
	const host = new URL(address).hostname;
	return host === 'localhost' || host === '[::1]' || host === '0.0.0.0' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The subscriptions of `subscriptions` that deliver to this n8n. Refuses to answer "none" when
 * that is likely a setting's fault rather than the truth: the address could not be read, or it
 * is a local one (a process without N8N_WEBHOOK_URL, e.g. a queue-mode worker) while trigger URLs
 * of another address are registered.
 */
export function thisN8nSubscriptions<T>(address: string | undefined, subscriptions: T[]): T[] {
	if (address === undefined) {
		throw new ActionableError('Could not tell this n8n\'s webhook address from the execution\'s resume URL', WEBHOOK_URL_ADVICE);
	}
	const urlOf = (subscription: T) => (isJsonRecord(subscription) ? subscription.url : undefined);
	const ours = subscriptions.filter((subscription) => deliversTo(address, urlOf(subscription)));
	if (ours.length > 0 || !isLocal(address)) return ours;
	const elsewhere = subscriptions.map(urlOf).filter((url) => TRIGGER_URL_END.test(originAndPath(url) ?? ''));
	if (elsewhere.length === 0) return ours;
	throw new ActionableError(
		`No webhook subscription delivers to this n8n's webhook address ${address}, but ${elsewhere.length === 1 ? '1 with an n8n trigger\'s URL delivers' : `${elsewhere.length} with an n8n trigger's URL deliver`} elsewhere (e.g. ${String(elsewhere[0])})`,
		WEBHOOK_URL_ADVICE,
	);
}
