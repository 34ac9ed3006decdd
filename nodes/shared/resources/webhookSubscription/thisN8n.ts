// Pure: no n8n import. Which webhook subscriptions deliver to this n8n: their URL lies under the
// address n8n builds its webhook URLs from (the trigger registers `<that address>webhook/<id>/webhook`).
import { isJsonRecord } from '../../jsonRecord';

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

/** Whether a subscription's URL lies under this n8n's webhook address (same origin, same path prefix). */
export function deliversTo(address: string | undefined, url: unknown): boolean {
	if (address === undefined || typeof url !== 'string') return false;
	try {
		const parsed = new URL(url);
		return `${parsed.origin}${parsed.pathname}`.startsWith(address);
	} catch {
		return false;
	}
}

/** The records with `delivers_to_this_n8n` added after their own fields (a non-record is kept as it is). */
export function markDelivery<T>(records: T[], address: string | undefined): T[] {
	return records.map((record) => (isJsonRecord(record) ? ({ ...record, delivers_to_this_n8n: deliversTo(address, record.url) } as T) : record));
}
