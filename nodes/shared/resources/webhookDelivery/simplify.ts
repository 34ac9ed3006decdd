// Pure: no n8n import. A webhook delivery's Simplify output: the log entry without its attempts,
// plus what the last attempt got.
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { listItemName, listText, listWords } from '../simplify';

export function simplifyDelivery(delivery: unknown): unknown {
	if (!isJsonRecord(delivery)) return delivery;
	const attempts = Array.isArray(delivery.attempts) ? delivery.attempts.filter(isJsonRecord) : [];
	const last = attempts[attempts.length - 1];
	return {
		id: delivery.id ?? null,
		webhook_id: delivery.webhook_id ?? null,
		event_id: delivery.event_id ?? null,
		event_type: delivery.event_type ?? null,
		status: delivery.status ?? null,
		attempt_count: delivery.attempt_count ?? attempts.length,
		next_attempt_at: delivery.next_attempt_at ?? null,
		created_at: delivery.created_at ?? null,
		last_response_status: last?.response_status ?? null,
		last_error: last?.error ?? null,
	};
}

/** "payment.succeeded — 2026-11-21 09:15 UTC (succeeded, 2 attempts)". */
export function deliveryName(delivery: JsonRecord): string {
	const created = listText(delivery.created_at);
	const time =
		created && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(created)
			? `${created.slice(0, 10)} ${created.slice(11, 16)} UTC`
			: undefined;
	const attempts =
		typeof delivery.attempt_count === 'number'
			? `${delivery.attempt_count} ${delivery.attempt_count === 1 ? 'attempt' : 'attempts'}`
			: undefined;
	const state = [listWords(delivery.status), attempts].filter(Boolean).join(', ');
	return listItemName(listText(delivery.event_type), [time], state || undefined);
}
