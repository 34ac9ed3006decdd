import type { ResourceDescriptor } from '../descriptor';
import { listParameters, textFilter } from '../../descriptions/filters';
import { WEBHOOK_SCOPES } from '../../scopes';
import { parseSubscriptionId, SUBSCRIPTIONS_PATH } from './api';
import { SUBSCRIPTION_RECORD_FIELDS, subscriptionFields } from './contractFields';
import {
	searchWebhookSubscriptions,
	SUBSCRIPTION_ID_PARAMETER,
	SUBSCRIPTION_NOT_FOUND_ADVICE,
	subscriptionLocator,
} from './picker';
import { simplifySubscription } from './simplify';

// What `GET /v1/webhooks` accepts (docs/api-contract.md §8.1, §8.8).
const SUBSCRIPTION_SORT_FIELDS = ['created_at'] as const;

const list = listParameters(
	[
		textFilter(
			'url',
			'url',
			'URL',
			'e.g. https://n8n.example.com/webhook/…/webhook',
			'Only the subscriptions for exactly this URL (case-sensitive)',
		),
	],
	SUBSCRIPTION_SORT_FIELDS,
);

export const resource: ResourceDescriptor = {
	value: 'webhookSubscription',
	displayName: 'Webhook Subscription',
	plural: 'webhook subscriptions',
	path: SUBSCRIPTIONS_PATH,
	scope: WEBHOOK_SCOPES.read,
	webhookScope: true,
	summary:
		'ID, URL, event types, description, whether enabled, and whether it delivers to this n8n (delivers_to_this_n8n)',
	id: {
		parameter: SUBSCRIPTION_ID_PARAMETER,
		displayName: 'Webhook Subscription',
		placeholder: 'e.g. wh_2f9c1a7e4b',
		description: 'The subscription: pick one from the list, or give its ID',
		parse: parseSubscriptionId,
		notFoundAdvice: SUBSCRIPTION_NOT_FOUND_ADVICE,
	},
	...list,
	defaultSortField: 'created_at',
	outputFields: subscriptionFields,
	recordFields: SUBSCRIPTION_RECORD_FIELDS,
	simplify: simplifySubscription,
	simplifyDescription: 'ID, URL, event types, description, enabled and created date',
	picker: {
		getProperty: subscriptionLocator(
			SUBSCRIPTION_ID_PARAMETER,
			'Webhook Subscription',
			'The subscription to get: pick one from the list, or give its ID',
		),
		listSearch: { searchWebhookSubscriptions },
	},
};
