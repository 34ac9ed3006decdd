// Pure: no n8n import. Whether Redeliver sends a delivery's event again: safe by default, so an
// hourly recovery that lists failed deliveries does not send the same event every hour.
import { ActionableError } from '../../errors';
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';

/** The option that lets Redeliver send an event that was (or is being) delivered. */
export const REDELIVER_ANYWAY_OPTION = 'Redeliver Even If Delivered';

/** The statuses that mean the event reached (or may still reach) the receiver. */
export const DELIVERED_STATUSES = ['succeeded', 'pending'] as const;

export interface Skip {
	/** Why nothing was sent, in words. */
	reason: string;
	/** The delivery of the same event that made it unnecessary. */
	delivery: { id: unknown; status: unknown; created_at: unknown };
}

/**
 * Refuses a delivery that itself succeeded (unless `anyway`), and otherwise says which delivery
 * of the same event (`others`: those with a status in DELIVERED_STATUSES, the delivery itself
 * included when it is pending) makes sending it again unnecessary; undefined: redeliver.
 */
export function redeliverSkip(delivery: JsonRecord, others: unknown[], anyway: boolean): Skip | undefined {
	if (anyway) return undefined;
	const id = String(delivery.id);
	if (delivery.status === 'succeeded') {
		throw new ActionableError(
			`Delivery ${id} already succeeded, so Redeliver did not send event ${String(delivery.event_id)} again`,
			`To send it a second time on purpose, set Options → ${REDELIVER_ANYWAY_OPTION}. A receiver that de-duplicates on the event ID (the Education Platform Trigger does) ignores the copy.`,
		);
	}
	const existing = others.filter(isJsonRecord).find((other) => (DELIVERED_STATUSES as readonly unknown[]).includes(other.status));
	if (!existing) return undefined;
	const own = String(existing.id) === id;
	const reason =
		existing.status === 'pending'
			? own
				? `Delivery ${id} is still pending: the platform retries it on its schedule (next attempt ${String(existing.next_attempt_at ?? 'soon')}).`
				: `Event ${String(delivery.event_id)} has a pending delivery (${String(existing.id)}) that the platform is still retrying.`
			: `Event ${String(delivery.event_id)} was delivered since: delivery ${String(existing.id)} succeeded.`;
	return {
		reason: `${reason} Not sent again; set Options → ${REDELIVER_ANYWAY_OPTION} to send it anyway.`,
		delivery: { id: existing.id ?? null, status: existing.status ?? null, created_at: existing.created_at ?? null },
	};
}
