import type { INodeProperties } from 'n8n-workflow';
import type { ParentRecord } from '../descriptor';
import { prefixedIdParser } from '../recordId';
import { parseSubscriptionId, subscriptionPath } from '../webhookSubscription/api';
import { SUBSCRIPTION_ID_PARAMETER, subscriptionLocator } from '../webhookSubscription/picker';

// Which subscription and delivery an operation is about: deliveries live in a subscription's log
// (`/v1/webhooks/{id}/deliveries/{delivery_id}`, docs/api-contract.md §8.1), so every operation
// but Get Many over all of this n8n's subscriptions names both.

const parseDeliveryId = prefixedIdParser('dlv', 'Webhook Delivery ID', 'dlv_8Ui9Op0A');

/** `/webhooks/{id}/deliveries`: one subscription's delivery log. */
export function deliveriesPath(webhookId: string): string {
	return `${subscriptionPath(webhookId)}/deliveries`;
}

/** The subscription whose log an operation reads: the Webhook Subscription picker. */
export function subscriptionParameter(description: string): INodeProperties {
	return subscriptionLocator(SUBSCRIPTION_ID_PARAMETER, 'Webhook Subscription', description);
}

export const NOT_FOUND_ADVICE =
	'A delivery ID starts with dlv_ and is found only in the log of the subscription it was made for (its webhook_id); Get Many lists both. Deleting a subscription discards its log.';

/** The descriptor's `parent`: the subscription whose log holds the delivery of Get and Redeliver. */
export const DELIVERY_PARENT: ParentRecord = {
	property: subscriptionParameter(
		"The subscription whose log holds the delivery (a delivery's webhook_id): pick one from the list, or give its ID",
	),
	parse: parseSubscriptionId,
	path: deliveriesPath,
	noun: 'subscription',
	recordNoun: 'delivery',
};

/** The descriptor's `id`: the delivery's ID parameter of Get and Redeliver. */
export const DELIVERY_ID = {
	parameter: 'webhookDeliveryId',
	displayName: 'Webhook Delivery ID',
	placeholder: 'e.g. dlv_8Ui9Op0A',
	description: "The delivery's ID, starting with dlv_ (e.g. mapped from Get Many)",
	parse: parseDeliveryId,
	notFoundAdvice: NOT_FOUND_ADVICE,
};
