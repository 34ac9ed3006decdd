// In-memory subscriptions and deliveries → the JSON the API returns (docs/api-contract.md §8.1, §8.6).
import { formatTimestamp } from '../students/time';
import type { Delivery, Subscription } from './types';

export function webhookResource(subscription: Subscription) {
	return {
		id: subscription.id,
		url: subscription.url,
		events: [...subscription.events],
		description: subscription.description,
		enabled: subscription.enabled,
		created_at: formatTimestamp(subscription.createdAt.getTime()),
		updated_at: formatTimestamp(subscription.updatedAt.getTime()),
	};
}

/** Only create and rotate-secret responses carry the secret. */
export function webhookResourceWithSecret(subscription: Subscription) {
	return { ...webhookResource(subscription), secret: subscription.secret };
}

export function deliveryResource(delivery: Delivery) {
	return {
		id: delivery.id,
		webhook_id: delivery.webhookId,
		event_id: delivery.eventId,
		event_type: delivery.eventType,
		status: delivery.status,
		attempt_count: delivery.attempts.length,
		next_attempt_at: delivery.nextAttemptAt
			? formatTimestamp(delivery.nextAttemptAt.getTime())
			: null,
		created_at: formatTimestamp(delivery.createdAt.getTime()),
		attempts: delivery.attempts.map((attempt) => ({
			attempt: attempt.attempt,
			started_at: formatTimestamp(attempt.startedAt.getTime()),
			duration_ms: attempt.durationMs,
			response_status: attempt.responseStatus,
			error: attempt.error,
		})),
	};
}
