// Pure: no n8n import. A webhook delivery's Simplify output: the log entry without its attempts,
// plus what the last attempt got.
import { isJsonRecord } from '../../jsonRecord';

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
