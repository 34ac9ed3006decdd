// Pure: no n8n import. A webhook subscription's Simplify output.
import { isJsonRecord } from '../../jsonRecord';

export function simplifySubscription(subscription: unknown): unknown {
	if (!isJsonRecord(subscription)) return subscription;
	return {
		id: subscription.id ?? null,
		url: subscription.url ?? null,
		events: subscription.events ?? [],
		description: subscription.description ?? null,
		enabled: subscription.enabled ?? null,
		created_at: subscription.created_at ?? null,
	};
}
