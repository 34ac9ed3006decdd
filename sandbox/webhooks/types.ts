// The sandbox's in-memory shapes for subscriptions and deliveries (docs/api-contract.md §8.1, §8.6).
// Resources on the wire are built from these by ./resources.ts.
import type { EventType } from '../schemas/events';

export interface Subscription {
	id: string;
	url: string;
	events: EventType[];
	description: string | null;
	enabled: boolean;
	createdAt: Date;
	updatedAt: Date;
	secret: string;
	/** The secret replaced by the last rotation, signing alongside until `expiresAt` (ms). */
	previousSecret: { secret: string; expiresAt: number } | null;
	/** Counts up as subscriptions are made: orders those made within the same millisecond. */
	sequence: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryAttempt {
	attempt: number;
	startedAt: Date;
	durationMs: number;
	responseStatus: number | null;
	error: string | null;
}

export interface Delivery {
	id: string;
	webhookId: string;
	eventId: string;
	eventType: EventType;
	/** The exact bytes sent on every attempt. */
	body: string;
	status: DeliveryStatus;
	attempts: DeliveryAttempt[];
	nextAttemptAt: Date | null;
	createdAt: Date;
	/** Counts up as deliveries are made: orders deliveries made within the same millisecond. */
	sequence: number;
}
