// Pure: no n8n import. Reading a verified delivery's body (docs/api-contract.md §8.3) and shaping
// the item the trigger emits.
import { isJsonRecord } from '../../shared/jsonRecord';
import type { DeliveryHeaders } from './signature';

export interface PlatformEvent {
	id: string;
	type: string;
	created_at: string;
	data: Record<string, unknown>;
}

type ParsedEvent = { ok: true; event: PlatformEvent } | { ok: false; message: string };

/** What the Output option can be. */
export type OutputMode = 'event' | 'data';

/**
 * The only headers copied into workflow data: those the platform sends with every delivery
 * (docs/api-contract.md §8.4) except the signature. An allowlist, because what else arrives is
 * up to proxies and senders in between (`x-api-key`, cookies, `authorization`, `x-forwarded-*`,
 * a gateway's own tokens) and may carry credentials that must not end up in execution data.
 */
const DELIVERY_HEADERS = new Set([
	'content-type',
	'content-length',
	'user-agent',
	'webhook-id',
	'webhook-timestamp',
]);

/** Refuses invalid UTF-8 instead of replacing it. One for every delivery: decode() without `stream` keeps no state. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Parses the raw body as a UTF-8 JSON event envelope `{id, type, created_at, data}`. */
export function parseEvent(rawBody: Uint8Array): ParsedEvent {
	let body: unknown;
	try {
		body = JSON.parse(UTF8.decode(rawBody));
	} catch {
		return { ok: false, message: 'The request body is not valid UTF-8 JSON.' };
	}
	if (!isJsonRecord(body)) {
		return { ok: false, message: 'The request body is not a JSON object.' };
	}
	const envelope = body;
	const missing = ['id', 'type', 'created_at'].filter(
		(field) => typeof envelope[field] !== 'string' || envelope[field] === '',
	);
	if (!isJsonRecord(envelope.data)) missing.push('data');
	if (missing.length > 0) {
		return {
			ok: false,
			message: `The request body is not an Education Platform event: ${missing.join(', ')} missing or of the wrong type.`,
		};
	}
	return { ok: true, event: envelope as unknown as PlatformEvent };
}

/**
 * Fields "Only Data" adds next to the event's data, so every item still names its event (Remove
 * Duplicates keys on `event_id`; `data.id` is the payment's or enrollment's id, shared by all of
 * its events). The contract's data objects use none of these names (docs/api-contract.md §8.3).
 */
const EVENT_ID_FIELD = 'event_id';
const EVENT_TYPE_FIELD = 'event_type';
const EVENT_CREATED_AT_FIELD = 'event_created_at';

/**
 * The JSON of the item emitted for an event: the envelope `{id, type, created_at, data}`, or its
 * `data` plus `event_id`, `event_type` and `event_created_at`; then `delivery_headers` when asked
 * for. Fields of the envelope beyond the four of the contract are kept in "event" mode, so nothing
 * the platform adds is dropped.
 */
export function eventOutput(
	event: PlatformEvent,
	mode: OutputMode,
	headers?: DeliveryHeaders,
): Record<string, unknown> {
	const json: Record<string, unknown> =
		mode === 'data'
			? {
					...event.data,
					[EVENT_ID_FIELD]: event.id,
					[EVENT_TYPE_FIELD]: event.type,
					[EVENT_CREATED_AT_FIELD]: event.created_at,
				}
			: { ...event };
	if (headers) json.delivery_headers = outputHeaders(headers);
	return json;
}

/** The platform's delivery headers (DELIVERY_HEADERS) of a request, lower-cased; no other header. */
function outputHeaders(headers: DeliveryHeaders): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		const key = name.toLowerCase();
		if (value === undefined || !DELIVERY_HEADERS.has(key)) continue;
		result[key] = Array.isArray(value) ? value.join(', ') : value;
	}
	return result;
}
