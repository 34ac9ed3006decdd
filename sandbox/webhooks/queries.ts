// The filters and sorts of the subscription and delivery lists (docs/api-contract.md §8.1, §8.8),
// in the list query language the other lists use (../resources/query.ts), over the in-memory
// objects so only the page served is turned into JSON.
import { EVENT_TYPES } from '../schemas/events';
import type { ListDefinition } from '../resources/query';
import { formatTimestamp } from '../students/time';
import type { Delivery, Subscription } from './types';

const createdAt = (item: { createdAt: Date }) => formatTimestamp(item.createdAt.getTime());
/** `created_at` sorts by the order things were made: creation time, ties in the order they happened. */
const creationOrder = (item: { sequence: number }) => item.sequence;

/** Subscriptions: at most 100, in creation order unless sorted. */
export const SUBSCRIPTION_LIST: ListDefinition<Subscription> = {
	filters: {
		url: { kind: 'exact', value: (subscription) => subscription.url },
	},
	sorts: { created_at: creationOrder },
};

const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** Deliveries of one subscription; without a sort, the log's order (newest first). */
export const DELIVERY_LIST: ListDefinition<Delivery> = {
	filters: {
		status: { kind: 'values', value: (delivery) => delivery.status, allowed: DELIVERY_STATUSES },
		event_type: { kind: 'values', value: (delivery) => delivery.eventType, allowed: EVENT_TYPES },
		event_id: { kind: 'values', value: (delivery) => delivery.eventId },
		created_after: { kind: 'after', value: createdAt },
		created_before: { kind: 'before', value: createdAt },
	},
	sorts: { created_at: creationOrder },
};
