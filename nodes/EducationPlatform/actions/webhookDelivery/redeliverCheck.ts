// Pure: no n8n import. Whether Redeliver sends a delivery's event again: safe by default, so an
// hourly recovery that lists failed deliveries sends each event once, however often it runs.
import { ActionableError, quoted } from '../../../shared/errors';
import { isJsonRecord, type JsonRecord } from '../../../shared/jsonRecord';

/** The option that lets Redeliver send an event that was (or is being) delivered. */
export const REDELIVER_ANYWAY_OPTION = 'Redeliver Even If Delivered';

/** The option that lets a person's Redeliver send to a subscription that does not deliver to this n8n (an AI agent's tool never does). */
export const REDELIVER_ELSEWHERE_OPTION = 'Redeliver Even If It Delivers Elsewhere';

/** The statuses that mean the event reached (or may still reach) the receiver. */
const DELIVERED_STATUSES: readonly unknown[] = ['succeeded', 'pending'];

export interface Skip {
	/** Why nothing was sent, in words. */
	reason: string;
	/** The delivery of the same event that made it unnecessary, if one did. */
	delivery: { id: unknown; status: unknown; created_at: unknown } | null;
}

/**
 * Tried deliveries of one event that failed, after which Redeliver stops sending it: the original
 * and two redeliveries, each with the platform's 8 attempts. A redelivery is a new delivery inside
 * a recovery's window, so without a limit an event a receiver always refuses (a workflow deleted
 * with its subscription left behind, a run that always fails) would be sent every day for ever.
 */
export const MAX_FAILED_DELIVERIES = 3;

const notSent = (reason: string) =>
	`${reason} Not sent again; set Options → ${REDELIVER_ANYWAY_OPTION} to send it anyway.`;

/**
 * Refuses a delivery that itself succeeded, or whose event the platform did not name (unless
 * `anyway`). Otherwise says which delivery of the same event makes sending it unnecessary: one
 * that succeeded or is pending (this one included), MAX_FAILED_DELIVERIES tried ones that
 * failed, else a newer one. Only an event's newest delivery is sent again, so a run that lists
 * several failed ones sends the event once, and a redelivery that fails at once does not double
 * with every run. `eventDeliveries`: the event's deliveries, newest first. Undefined: redeliver.
 */
export function redeliverSkip(
	delivery: JsonRecord,
	eventDeliveries: unknown[],
	anyway: boolean,
): Skip | undefined {
	if (anyway) return undefined;
	const id = String(delivery.id);
	if (delivery.status === 'succeeded') {
		throw new ActionableError(
			`Delivery ${quoted(id)} already succeeded, so Redeliver did not send event ${quoted(delivery.event_id)} again`,
			`To send it a second time on purpose, set Options → ${REDELIVER_ANYWAY_OPTION}. A receiver that de-duplicates on the event ID (the Education Platform Trigger does) ignores the copy.`,
		);
	}
	if (typeof delivery.event_id !== 'string') {
		throw new ActionableError(
			`The platform's answer for delivery ${quoted(id)} names no event_id, so Redeliver cannot check whether the event was delivered since`,
			`Check that the credential's Base URL points to the Education Platform API. To send it without the check, set Options → ${REDELIVER_ANYWAY_OPTION}.`,
		);
	}
	const deliveries = eventDeliveries.filter(isJsonRecord);
	const event = delivery.event_id;
	const isDelivered = (other: JsonRecord) => DELIVERED_STATUSES.includes(other.status);
	const delivered = deliveries.find(isDelivered) ?? (isDelivered(delivery) ? delivery : undefined);
	if (delivered) {
		const reason =
			delivered.status === 'succeeded'
				? `Event ${event} was delivered since: delivery ${String(delivered.id)} succeeded.`
				: String(delivered.id) === id
					? `Delivery ${id} is still pending: the platform retries it on its schedule (next attempt ${String(delivered.next_attempt_at ?? 'soon')}).`
					: `Event ${event} has a pending delivery (${String(delivered.id)}) that the platform is still retrying.`;
		return { reason: notSent(reason), delivery: summary(delivered) };
	}
	// Made while its subscription was disabled: failed without an attempt, so it does not count.
	const tried = deliveries.filter(
		(other) => other.status === 'failed' && Number(other.attempt_count) > 0,
	);
	if (tried.length >= MAX_FAILED_DELIVERIES) {
		return {
			reason: notSent(
				`Event ${event} failed ${tried.length} deliveries, each after the platform's attempts: Redeliver gives up on it, so an event the receiver always refuses is not sent for ever. Check that the subscription's workflow is active and its runs succeed.`,
			),
			delivery: summary(tried[0]),
		};
	}
	const own = deliveries.findIndex((other) => String(other.id) === id);
	const newer = deliveries.slice(0, own === -1 ? deliveries.length : own)[0];
	if (!newer) return undefined;
	return {
		reason: notSent(
			`Event ${event} has a newer delivery, ${String(newer.id)} (${String(newer.status)}): only an event's newest delivery is sent again.`,
		),
		delivery: summary(newer),
	};
}

/** A subscription that is switched off: the platform would log a redelivery as failed without an attempt (docs/api-contract.md §8.7). */
export function disabledSkip(subscription: unknown): Skip | undefined {
	if (!isJsonRecord(subscription) || subscription.enabled !== false) return undefined;
	return {
		reason: `Subscription ${String(subscription.id)} is disabled (enabled: false), so the platform would log a redelivery as failed without sending it. Enable it in the platform, then run again.`,
		delivery: null,
	};
}

function summary(delivery: JsonRecord): Skip['delivery'] {
	return {
		id: delivery.id ?? null,
		status: delivery.status ?? null,
		created_at: delivery.created_at ?? null,
	};
}
