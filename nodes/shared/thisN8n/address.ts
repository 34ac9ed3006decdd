// This n8n's webhook address, the URLs n8n builds under it for the Education Platform Trigger, and
// what to do when the address is wrong: the one place both nodes read them from. Pure but for
// thisN8nWebhookAddress, which asks the running execution for its resume URL.
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The trigger's webhook path (its `webhooks[].path`). n8n builds the trigger's URL as
 * `<webhook address><webhook endpoint>/<webhook ID>/webhook`, so this is how a URL is recognized
 * as the trigger's.
 */
export const TRIGGER_WEBHOOK_PATH = 'webhook';

/**
 * What follows the address in a trigger URL n8n builds, and nothing else after it:
 * - the webhook endpoint: one path segment of unreserved characters. n8n's are `webhook` and
 *   `webhook-test` (the trigger's test URL is this n8n's too), but N8N_ENDPOINT_WEBHOOK(_TEST)
 *   rename them, and the address read from the resume URL does not tell the endpoint;
 * - the node's webhook ID: a UUID, as n8n gives every trigger node (`resolveNodeWebhookId`, the
 *   editor). A hand-edited ID that is not one is not recognized; a path on n8n's host that another
 *   integration uses (`…/api/hooks/webhook`) is not taken for a trigger's;
 * - the trigger's path.
 * No query, fragment or trailing slash: n8n builds none, and the platform delivers to the text.
 */
const TRIGGER_URL_TAIL = new RegExp(
	`/([A-Za-z0-9._~-]+/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/${TRIGGER_WEBHOOK_PATH})$`,
);

/** Whether `text` has a space, a control character or a backslash, which URL parsers skip or read differently. */
function hasAmbiguousCharacters(text: string): boolean {
	return [...text].some(
		(character) => character <= ' ' || character === '\u007f' || character === '\\',
	);
}

/** `text` parsed as an http(s) URL, or undefined when it is not one. */
function parseHttpUrl(text: string): URL | undefined {
	try {
		const url = new URL(text);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Whether `text` can be an address n8n builds webhook URLs under: an http(s) URL ending in `/`,
 * without whitespace, control characters or backslashes (which parsers disagree on), userinfo,
 * query or fragment.
 */
function isWebhookAddress(text: string): boolean {
	if (!text.endsWith('/') || hasAmbiguousCharacters(text)) return false;
	const url = parseHttpUrl(text);
	return url !== undefined && url.username === '' && url.password === '' && !/[?#]/.test(text);
}

/**
 * The address this n8n's webhook URLs start with, read from the execution's `$execution.resumeUrl`
 * (`<webhook address><waiting endpoint>/<execution id>`, n8n 1.x and 2.x alike, 2.x with a
 * `?signature=` query): the same address (N8N_WEBHOOK_URL, WEBHOOK_URL on 1.x) the trigger's URLs
 * are built from, even when the editor runs at another one, spelt as n8n spells it. Undefined when
 * the URL cannot be read.
 */
export function thisN8nWebhookAddress(
	this: IExecuteFunctions,
	itemIndex: number,
): string | undefined {
	const resumeUrl: unknown = this.evaluateExpression('{{ $execution.resumeUrl }}', itemIndex);
	if (typeof resumeUrl !== 'string') return undefined;
	// Drop the query, then the waiting endpoint and the execution id.
	const address = resumeUrl.replace(/[?#].*$/s, '').replace(/[^/]+\/[^/]*$/, '');
	return isWebhookAddress(address) ? address : undefined;
}

/**
 * The address under which `url` is a trigger URL exactly as n8n builds one (see TRIGGER_URL_TAIL),
 * whose path a URL parser keeps as written (no dot segment, plain or encoded: `/x/../`, `%2e%2e`)
 * and reads as that address followed by the same tail; undefined for anything else. The one rule
 * for "a trigger URL" that deliversTo, triggerUrlKey and so every caller share.
 */
function triggerUrlAddress(url: unknown): string | undefined {
	if (typeof url !== 'string') return undefined;
	const tail = TRIGGER_URL_TAIL.exec(url);
	if (tail === null) return undefined;
	const address = url.slice(0, tail.index + 1);
	if (!isWebhookAddress(address) || !sameAddressPath(address)) return undefined;
	return parseHttpUrl(url)?.href === `${new URL(address).href}${tail[1]}` ? address : undefined;
}

/** Whether `url` is the URL of an n8n trigger (this package's), under any address. */
export function isTriggerUrl(url: unknown): boolean {
	return triggerUrlAddress(url) !== undefined;
}

/**
 * Whether a subscription's URL is a trigger URL under this n8n's webhook address: its text is an
 * address that a URL parser reads as this one (the host's case, a default port: what every HTTP
 * client reads alike; see comparableAddress), then the trigger's tail. Nothing else counts, not even
 * a URL Node reads the same way (userinfo, `\`, tabs, `/x/../`, `%2e%2e`: triggerUrlAddress refuses them),
 * since the platform's HTTP client may read it otherwise.
 */
export function deliversTo(address: string | undefined, url: unknown): boolean {
	const under = triggerUrlAddress(url);
	if (address === undefined || under === undefined) return false;
	return under === address || comparableAddress(under) === comparableAddress(address);
}

/**
 * An address as two are compared (deliversTo, triggerUrlKey): as a URL parser reads it only when its
 * authority is plain ASCII, a name of letters, digits, dots and hyphens or a bracketed IPv6 literal,
 * with an optional port of digits. Then the host's case and a default port are all a parser changes,
 * and every HTTP client reads them alike. Any other authority is its text: a parser also decodes
 * `%2E`, maps `ⓝ` to `n` and drops a soft hyphen (IDNA), which an HTTP client may not do, so
 * `https://n8n%2Eexample.com/` is not taken for `https://n8n.example.com/`. A text kept as it is
 * never equals a parsed address, whose authority is plain.
 */
function comparableAddress(address: string): string {
	const authority = /^https?:\/\/([^/]*)\//i.exec(address)?.[1];
	const plain =
		authority !== undefined &&
		/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]+)?$/.test(authority);
	const parsed = plain ? parseHttpUrl(address) : undefined;
	// A name the parser rewrites beyond its case (`0x7f.1` read as 127.0.0.1) is its text too.
	const host = authority?.replace(/:[0-9]+$/, '').toLowerCase();
	return parsed !== undefined && (host === parsed.hostname || host?.startsWith('['))
		? parsed.href
		: address;
}

/** Whether a URL parser keeps the path of `address` as it is written (no dot segment, no encoded one): then only the scheme, host and port can be spelt otherwise. */
function sameAddressPath(address: string): boolean {
	const path = address.replace(/^[a-z]+:\/\/[^/]*/i, '');
	return parseHttpUrl(address)?.pathname === path;
}

/**
 * n8n's production webhook endpoint by default (N8N_ENDPOINT_WEBHOOK): a published trigger's URL,
 * the one its create() registers, is under it unless renamed. `webhook-test` is the URL of "Listen
 * for test event", which n8n's test run registers and removes by itself.
 */
export const PRODUCTION_WEBHOOK_ENDPOINT = 'webhook';

/** The parts of a trigger URL under `address` (deliversTo), or undefined for any other URL. */
function triggerUrlParts(
	address: string | undefined,
	url: unknown,
): { endpoint: string; webhookId: string } | undefined {
	if (!deliversTo(address, url)) return undefined;
	const [endpoint, webhookId] = (TRIGGER_URL_TAIL.exec(url as string) as RegExpExecArray)[1].split(
		'/',
	);
	return { endpoint, webhookId };
}

/**
 * The one rule for "the same trigger URL": the spelling n8n serves alike. n8n (1.x and 2.x, read in
 * its source) routes the endpoint segment without regard to case (Express), while the webhook ID and
 * the path after it are looked up exactly: `/WEBHOOK/9d1c…/webhook` reaches the trigger,
 * `/webhook/9D1C…/webhook` gets 404. The address counts as a URL parser reads it (the host's case,
 * a default port) when its authority is plain, else as written (comparableAddress). So the key is
 * that address, the endpoint lower-cased, the rest as it is;
 * undefined for a URL that is not a trigger URL as n8n builds one.
 */
function triggerUrlKey(url: unknown): string | undefined {
	const address = triggerUrlAddress(url);
	const parts = address === undefined ? undefined : triggerUrlParts(address, url);
	if (address === undefined || parts === undefined) return undefined;
	return `${comparableAddress(address)}${parts.endpoint.toLowerCase()}/${parts.webhookId}/${TRIGGER_WEBHOOK_PATH}`;
}

/** Whether two subscription URLs reach the same trigger: the same triggerUrlKey, or, for other URLs, the same text. */
export function sameTriggerUrl(a: unknown, b: unknown): boolean {
	if (typeof a !== 'string' || typeof b !== 'string') return false;
	const key = triggerUrlKey(a);
	return key === undefined ? a === b : key === triggerUrlKey(b);
}

/**
 * This n8n's production webhook endpoint, read from the URLs its triggers registered (`stored`:
 * n8n built each with its own endpoint, and the trigger keeps it in the workflow's static data):
 * the endpoint they share under `address`, the default when none is under it, and null when
 * they name several (a renamed endpoint and triggers not re-published since): then no URL can be
 * told to be a production one.
 */
export function productionEndpoint(
	address: string | undefined,
	stored: readonly unknown[],
): string | null {
	const endpoints = new Set(
		stored
			.map((url) => triggerUrlParts(address, url)?.endpoint.toLowerCase())
			.filter((endpoint) => endpoint !== undefined),
	);
	if (endpoints.size > 1) return null;
	return [...endpoints][0] ?? PRODUCTION_WEBHOOK_ENDPOINT;
}

/**
 * The node webhook ID in a subscription URL that delivers to this n8n (deliversTo), as the URL
 * spells it (n8n looks it up exactly), and whether the URL is under the production endpoint
 * `production` (productionEndpoint's; never when null); undefined for any other URL.
 */
export function deliveringTriggerUrl(
	address: string | undefined,
	url: unknown,
	production: string | null = PRODUCTION_WEBHOOK_ENDPOINT,
): { webhookId: string; production: boolean } | undefined {
	const parts = triggerUrlParts(address, url);
	if (parts === undefined) return undefined;
	return {
		webhookId: parts.webhookId,
		production: production !== null && parts.endpoint.toLowerCase() === production.toLowerCase(),
	};
}

/** Whether a URL points at this machine (localhost, 127.0.0.0/8, ::1, 0.0.0.0, ::): what n8n falls back on without N8N_WEBHOOK_URL. */
export function isLocalUrl(url: string): boolean {
	const hostname = parseHttpUrl(url)?.hostname.replace(/^\[|\]$/g, '');
	if (hostname === undefined) return false;
	return (
		hostname === 'localhost' ||
		hostname.endsWith('.localhost') ||
		/^127(?:\.\d{1,3}){3}$/.test(hostname) ||
		hostname === '::1' ||
		/^::ffff:(?:127\.|7f[0-9a-f]{2}:)/.test(hostname) ||
		hostname === '0.0.0.0' ||
		hostname === '::'
	);
}

/** How to give n8n the webhook address the platform delivers to; both nodes' errors about it end with this (no final period). */
export const WEBHOOK_ADDRESS_ADVICE =
	"Set n8n's webhook URL environment variable to the public address of your n8n on every n8n process, queue-mode workers included (for example N8N_WEBHOOK_URL=https://n8n.example.com/ on n8n 2.x, or WEBHOOK_URL=https://n8n.example.com/ on n8n 1.x; without it, n8n uses its local address), and restart n8n";
