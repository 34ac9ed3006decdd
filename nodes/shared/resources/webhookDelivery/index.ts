import type { NestedResource } from '../descriptor';
import {
	dateRangeFilters,
	enumFilter,
	listParameters,
	textListFilter,
} from '../../descriptions/filters';
import { WEBHOOK_SCOPES } from '../../scopes';
import { DELIVERY_RECORD_FIELDS, deliveryFields } from '../webhookSubscription/contractFields';
import { DELIVERY_PICKER } from './picker';
import { simplifyDelivery } from './simplify';
import { DELIVERY_ID, DELIVERY_PARENT } from './target';

// What `GET /v1/webhooks/{id}/deliveries` accepts (docs/api-contract.md §8.8).
const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
const DELIVERY_SORT_FIELDS = ['created_at'] as const;

const list = listParameters(
	[
		enumFilter(
			'status',
			'status',
			'Status',
			DELIVERY_STATUSES,
			'a delivery status',
			'Deliveries with any of these statuses',
		),
		textListFilter(
			'eventType',
			'event_type',
			'Event Types',
			'e.g. payment.succeeded, enrollment.created',
			"Deliveries of any of these event types (the types the trigger's Events lists, as area.type).",
		),
		textListFilter(
			'eventId',
			'event_id',
			'Event IDs',
			'e.g. evt_01JD3X9V7K2M4N6P8Q0R',
			'Deliveries of any of these events (an event and its redeliveries share the ID).',
		),
		...dateRangeFilters('created', 'Created', 'deliveries made'),
	],
	DELIVERY_SORT_FIELDS,
);

export const resource: NestedResource = {
	value: 'webhookDelivery',
	displayName: 'Webhook Delivery',
	plural: 'webhook deliveries',
	// Only under a subscription: /webhooks/{id}/deliveries (docs/api-contract.md §8.8).
	parent: DELIVERY_PARENT,
	scope: WEBHOOK_SCOPES.read,
	webhookScope: true,
	summary:
		"ID, subscription ID, event ID and type, status (pending, succeeded, failed), attempts and the next attempt's time",
	id: DELIVERY_ID,
	...list,
	defaultSortField: 'created_at',
	outputFields: deliveryFields,
	recordFields: DELIVERY_RECORD_FIELDS,
	simplify: simplifyDelivery,
	simplifyDescription:
		"ID, subscription ID, event ID and type, status, attempt count, next attempt, created date and the last attempt's response status and error",
	picker: DELIVERY_PICKER,
};
