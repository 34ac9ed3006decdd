import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';
import { recordPicker } from '../../descriptions/recordPicker';
import { prefixedIdPattern } from '../recordId';
import { apiRequest, type ApiContext, type ApiRequestOptions } from '../../transport';
import { listSubscriptions, type Subscription, type WebhookRequest } from './api';

// The Webhook Subscription picker: Webhook Subscription → Get and Delete, and the subscription
// every Webhook Delivery operation reads under. Saved workflows store the method name
// `searchWebhookSubscriptions` and the locator's modes.

/** Said under a 404 for a subscription. */
export const SUBSCRIPTION_NOT_FOUND_ADVICE =
	'A webhook subscription ID starts with wh_; Get Many lists them. A subscription deleted in the platform, or by its trigger when its workflow was unpublished (on n8n 1.x: deactivated), is gone with its delivery log.';
/** The subscription's ID parameter, in every operation that names one (saved workflows store it). */
export const SUBSCRIPTION_ID_PARAMETER = 'webhookSubscriptionId';

/** "n8n workflow Fees (Trigger) — https://…/webhook/…/webhook": what a person scanning the list recognises. */
function subscriptionOption(subscription: Subscription): INodeListSearchItems {
	const label = [subscription.description, subscription.url]
		.filter((part) => typeof part === 'string' && part !== '')
		.join(' — ');
	return {
		name: `${label || subscription.id} (${subscription.id})`,
		value: subscription.id,
		url: typeof subscription.url === 'string' ? subscription.url : undefined,
	};
}

/** The webhook API's request function (api.ts) for an operation or the picker: the transport with `options` (a listing's rate budget, the item's credential). */
export function webhookRequest(
	context: ApiContext,
	options: ApiRequestOptions = {},
): WebhookRequest {
	return async (method, endpoint, request) =>
		await apiRequest.call(context, method, endpoint, { ...options, ...request });
}

/** Every subscription, for the picker: the platform has no search filter, so the text is matched here (ID, description or URL). */
export async function searchWebhookSubscriptions(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const subscriptions = await listSubscriptions(webhookRequest(this));
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = subscriptions
		.map(subscriptionOption)
		.filter((option) => wanted === '' || option.name.toLowerCase().includes(wanted));
	return { results };
}

/** A webhook subscription picker: "From List" lists the account's subscriptions, "By ID" takes a `wh_…` ID (e.g. a delivery's `webhook_id`). */
export function subscriptionLocator(
	name: string,
	displayName: string,
	description: string,
): INodeProperties {
	return recordPicker({
		name,
		displayName,
		description,
		required: true,
		list: { searchListMethod: 'searchWebhookSubscriptions', placeholder: 'Select a subscription…' },
		id: {
			example: 'wh_2f9c1a7e4b',
			check: {
				pattern: prefixedIdPattern('wh'),
				errorMessage: 'A webhook subscription ID looks like wh_2f9c1a7e4b',
			},
		},
	});
}
