// Pure: no n8n import. This n8n's webhook address, the URLs n8n builds under it for the Education
// Platform Trigger, and what to do when the address is wrong: the one place both nodes read them from.

/**
 * The trigger's webhook path (its `webhooks[].path`). n8n builds the trigger's URL as
 * `<webhook address><webhook endpoint>/<webhook ID>/webhook`, so this is how a URL is recognized
 * as the trigger's.
 */
export const TRIGGER_WEBHOOK_PATH = 'webhook';

/**
 * What follows the address in a trigger's URL: n8n's production or test webhook endpoint
 * (`webhook`, `webhook-test` unless N8N_ENDPOINT_WEBHOOK… change them), the node's webhook ID
 * (n8n gives every trigger one), and the trigger's path. Another integration's URL on the same
 * host (`https://school.example/api/hooks`) and a second n8n under a path of it
 * (`…/n8n2/webhook/<id>/webhook`) are not this n8n's.
 */
const TRIGGER_PATH = new RegExp(`^[^/]+/[^/]+/${TRIGGER_WEBHOOK_PATH}/?$`);
/** The same ending on a URL whose address is not known: any n8n's trigger URL. */
const TRIGGER_URL_END = new RegExp(`/[^/]+/[^/]+/${TRIGGER_WEBHOOK_PATH}/?$`);

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

/** Whether `url` is the URL of an n8n trigger (this package's), under any address. */
export function isTriggerUrl(url: unknown): boolean {
	return TRIGGER_URL_END.test(originAndPath(url) ?? '');
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
