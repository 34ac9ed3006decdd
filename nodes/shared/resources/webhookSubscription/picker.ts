import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import { isJsonRecord } from '../../jsonRecord';
import type { ListResponse } from '../../list/page';
import { readPages } from '../../list/paging';
import { apiRequest, type ApiContext, type ApiRequestOptions } from '../../transport';
import { prefixedIdParser } from '../recordId';

// The Webhook Subscription picker: Webhook Subscription → Get and Delete, and the subscription
// every Webhook Delivery operation reads under. Saved workflows store the method name
// `searchWebhookSubscriptions` and the locator's modes.

export const SUBSCRIPTIONS_PATH = '/webhooks';
export const READ_SCOPE = 'webhooks:read';
export const WRITE_SCOPE = 'webhooks:write';
/** Said under a 404 for a subscription. */
export const SUBSCRIPTION_NOT_FOUND_ADVICE =
	'A webhook subscription ID starts with wh_; Get Many lists them. A subscription deleted in the platform, or by its trigger when the workflow was deactivated, is gone with its delivery log.';
/** The subscription's ID parameter, in every operation that names one (saved workflows store it). */
export const SUBSCRIPTION_ID_PARAMETER = 'webhookSubscriptionId';
/** An account has at most 100 subscriptions (docs/api-contract.md §8.1): one page of 100; more pages only guard a platform that allows more. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

/** `/webhooks/{id}`: one subscription. */
export function subscriptionPath(webhookId: string): string {
	return `${SUBSCRIPTIONS_PATH}/${encodeURIComponent(webhookId)}`;
}

export const parseSubscriptionId = prefixedIdParser('wh', 'Webhook Subscription ID', 'wh_2f9c1a7e4b');

/** "n8n workflow Fees (Trigger) — https://…/webhook/…/webhook": what a person scanning the list recognises. */
function subscriptionOption(subscription: unknown): INodeListSearchItems | undefined {
	if (!isJsonRecord(subscription) || typeof subscription.id !== 'string') return undefined;
	const label = [subscription.description, subscription.url].filter((part) => typeof part === 'string' && part !== '').join(' — ');
	return { name: `${label || subscription.id} (${subscription.id})`, value: subscription.id, url: typeof subscription.url === 'string' ? subscription.url : undefined };
}

/**
 * Every subscription of the account, in creation order (the picker, Webhook Delivery's "this
 * n8n's subscriptions"); `requestOptions` carries a listing's rate budget and credential.
 */
export async function listSubscriptions(this: ApiContext, requestOptions: ApiRequestOptions = {}): Promise<unknown[]> {
	const fetchPage = async (qs: Record<string, string | number>) =>
		(await apiRequest.call(this, 'GET', SUBSCRIPTIONS_PATH, { ...requestOptions, qs, returnFullResponse: true, requiredScope: READ_SCOPE })) as ListResponse;
	return readPages(fetchPage, { page: 1, per_page: PAGE_SIZE }, { maxPages: MAX_PAGES });
}

/** Every subscription, for the picker: the platform has no search filter, so the text is matched here (ID, description or URL). */
export async function searchWebhookSubscriptions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const subscriptions = await listSubscriptions.call(this);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = subscriptions
		.map(subscriptionOption)
		.filter((option): option is INodeListSearchItems => option !== undefined)
		.filter((option) => wanted === '' || option.name.toLowerCase().includes(wanted));
	return { results };
}

/** A webhook subscription picker: "From List" lists the account's subscriptions, "By ID" takes a `wh_…` ID (e.g. a delivery's `webhook_id`). */
export function subscriptionLocator(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a subscription…',
				typeOptions: { searchListMethod: 'searchWebhookSubscriptions', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. wh_2f9c1a7e4b',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*wh_[A-Za-z0-9]+\\s*$', errorMessage: 'A webhook subscription ID looks like wh_2f9c1a7e4b' },
					},
				],
			},
		],
	};
}
