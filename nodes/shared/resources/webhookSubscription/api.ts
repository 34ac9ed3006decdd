// The platform's webhook API (docs/api-contract.md §8.1) in one place: its paths, the one
// listing and what is read from it. The trigger's lifecycle (through its activation budget),
// Webhook Subscription and Webhook Delivery call it, each with a request function that carries its
// own budget and credential (the transport's apiRequest, bound), so it is tested without HTTP.
import type { IHttpRequestMethods } from 'n8n-workflow';
import { ActionableError, quoted } from '../../errors';
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { nextPageQuery, type ListResponse, type ParsedPage } from '../../list/page';
import { readPages } from '../../list/paging';
import type { Query } from '../../list/query';
import { sameTriggerUrl } from '../../thisN8n/address';
import type { ApiRequestOptions } from '../../transport';
import { WEBHOOK_SCOPES } from '../../scopes';
import { prefixedIdParser } from '../recordId';
import { deliveryFields, subscriptionFields } from './contractFields';

export const SUBSCRIPTIONS_PATH = '/webhooks';
/** What messages call one subscription, e.g. "webhook subscription wh_2f9c1a7e4b". */
export const SUBSCRIPTION_NOUN = 'webhook subscription';
/** An account has at most 100 subscriptions (docs/api-contract.md §8.1): one page of 100; more pages only guard a platform that allows more. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;
const BASE_URL_ADVICE =
	"Check that the credential's Base URL points to the Education Platform API (e.g. https://school.example.com or …/api).";

/** One request to the API under `/v1`, with the caller's budget and credential. */
export type WebhookRequest = (
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions,
) => Promise<unknown>;

/** A subscription as read from the platform, its ID checked (contract §8.1). */
export interface Subscription extends JsonRecord {
	id: string;
}

/** A subscription as POST answers it: the only time the platform returns its secret. */
export type SubscriptionWithSecret = Subscription & { secret?: unknown };

export const parseSubscriptionId = prefixedIdParser(
	'wh',
	'Webhook Subscription ID',
	'wh_2f9c1a7e4b',
);

/** `/webhooks/{id}`: one subscription. */
export function subscriptionPath(webhookId: string): string {
	return `${SUBSCRIPTIONS_PATH}/${encodeURIComponent(webhookId)}`;
}

/** e.g. "webhook subscription wh_2f9c1a7e4b", for error messages. */
export function subscriptionLabel(webhookId: string): string {
	return `${SUBSCRIPTION_NOUN} ${webhookId}`;
}

/**
 * A subscription the platform answered with, its ID checked as strictly as a user's: a `..` or
 * a missing ID in a path would reach another endpoint (`/v1/webhooks/../deliveries`).
 */
function checkedSubscription(record: unknown, answered: string): SubscriptionWithSecret {
	const id = isJsonRecord(record) ? record.id : undefined;
	if (!isSubscriptionId(id)) {
		const which =
			id === undefined || id === null || id === ''
				? 'with no ID'
				: `whose ID ${quoted(id)} is not one`;
		throw new ActionableError(
			`The platform ${answered} a ${SUBSCRIPTION_NOUN} ${which} (one looks like wh_2f9c1a7e4b), so nothing was done with it`,
			`${BASE_URL_ADVICE} If it does, report the answer to the platform.`,
		);
	}
	return record as SubscriptionWithSecret;
}

/** Whether `id` is a subscription ID exactly as a user's must be (parseSubscriptionId, untrimmed). */
function isSubscriptionId(id: unknown): boolean {
	try {
		return typeof id === 'string' && parseSubscriptionId(id) === id;
	} catch {
		return false;
	}
}

/**
 * The query of the page after `page`, refusing one past MAX_PAGES: for a caller that judges the
 * whole listing (Check Triggers), where a subscription left unread would be taken for missing.
 */
function nextPageWithinLimit(query: Query, page: ParsedPage): Query | undefined {
	const next = nextPageQuery(query, page);
	if (next !== undefined && Number(next.page) > MAX_PAGES) {
		throw new ActionableError(
			`The platform lists more than ${MAX_PAGES} pages of ${SUBSCRIPTION_NOUN}s, and a judgement on part of them would be wrong, so nothing was checked or changed`,
			`An account has at most ${PAGE_SIZE} subscriptions (docs/api-contract.md §8.1), so the platform strays from its contract: delete the subscriptions no n8n uses in its dashboard, or report the listing to the platform, then run again.`,
		);
	}
	return next;
}

/**
 * Every subscription of the account in creation order, or only those for `url`: every spelling
 * n8n serves alike (address.ts sameTriggerUrl), which the platform's exact `filter[url]` would
 * miss; a duplicate spelt otherwise delivers every event a second time all the same. Only the
 * contract's fields (subscriptionFields); an ID that is not one is an error. At most MAX_PAGES
 * pages: with `complete`, a page left unread is an error rather than a shorter list.
 */
export async function listSubscriptions(
	request: WebhookRequest,
	url?: string,
	{ complete = false } = {},
): Promise<Subscription[]> {
	const fetchPage = async (qs: Record<string, string | number>) =>
		(await request('GET', SUBSCRIPTIONS_PATH, {
			qs,
			returnFullResponse: true,
			requiredScope: WEBHOOK_SCOPES.read,
		})) as ListResponse;
	const listed = await readPages(
		fetchPage,
		{ page: 1, per_page: PAGE_SIZE },
		complete ? { next: nextPageWithinLimit } : { maxPages: MAX_PAGES },
	);
	const wanted =
		url === undefined
			? listed
			: listed.filter((record) => isJsonRecord(record) && sameTriggerUrl(record.url, url));
	return wanted.map(
		(record) => subscriptionFields(checkedSubscription(record, 'listed')) as Subscription,
	);
}

/**
 * `GET /webhooks/{id}`: the subscription, only the contract's fields (a 404 is the caller's to read).
 * `consequence`: what an answer that is not a subscription means, e.g. "so Delete deleted nothing".
 */
export async function readSubscription(
	request: WebhookRequest,
	webhookId: string,
	options: ApiRequestOptions = {},
	consequence = 'so nothing was done with it',
): Promise<Subscription> {
	const response = (await request('GET', subscriptionPath(webhookId), {
		resourceLabel: subscriptionLabel(webhookId),
		requiredScope: WEBHOOK_SCOPES.read,
		...options,
	})) as { data?: unknown };
	if (!isJsonRecord(response?.data))
		throw new ActionableError(
			`The API did not answer with subscription ${quoted(webhookId)}, ${consequence}`,
			BASE_URL_ADVICE,
		);
	return subscriptionFields(checkedSubscription(response.data, 'answered with')) as Subscription;
}

/** What a subscription is for: its URL, event types, description and whether it is enabled. */
interface SubscriptionFields {
	url: string;
	events: string[];
	description: string;
	enabled: boolean;
}

/** `POST /webhooks`: the new subscription, with its secret. */
export async function createSubscription(
	request: WebhookRequest,
	fields: SubscriptionFields,
): Promise<SubscriptionWithSecret> {
	const created = (await request('POST', SUBSCRIPTIONS_PATH, {
		body: { ...fields },
		requiredScope: WEBHOOK_SCOPES.write,
	})) as { data?: unknown };
	return checkedSubscription(created?.data, 'created');
}

/** `PATCH /webhooks/{id}`. */
export async function updateSubscription(
	request: WebhookRequest,
	webhookId: string,
	fields: SubscriptionFields,
): Promise<void> {
	await request('PATCH', subscriptionPath(webhookId), {
		resourceLabel: subscriptionLabel(webhookId),
		body: { ...fields },
		requiredScope: WEBHOOK_SCOPES.write,
	});
}

/** `PATCH /webhooks/{id}` with only `changes` (e.g. `enabled: true`, or the events): its secret and the rest unchanged. */
export async function patchSubscription(
	request: WebhookRequest,
	webhookId: string,
	changes: Partial<SubscriptionFields>,
): Promise<void> {
	await request('PATCH', subscriptionPath(webhookId), {
		resourceLabel: subscriptionLabel(webhookId),
		body: { ...changes },
		requiredScope: WEBHOOK_SCOPES.write,
	});
}

/** `POST /webhooks/{id}/rotate-secret` with no grace period: the subscription with its new secret; the old one stops at once. */
export async function rotateSecret(
	request: WebhookRequest,
	webhookId: string,
): Promise<SubscriptionWithSecret> {
	const rotated = (await request('POST', `${subscriptionPath(webhookId)}/rotate-secret`, {
		body: { grace_period_seconds: 0 },
		resourceLabel: subscriptionLabel(webhookId),
		requiredScope: WEBHOOK_SCOPES.write,
	})) as { data?: unknown };
	return checkedSubscription(rotated?.data, 'rotated');
}

/** `DELETE /webhooks/{id}`; `endpoint` turns the path into the request's endpoint (e.g. on another Base URL). */
export async function deleteSubscription(
	request: WebhookRequest,
	webhookId: string,
	endpoint = (path: string) => path,
): Promise<void> {
	await request('DELETE', endpoint(subscriptionPath(webhookId)), {
		resourceLabel: subscriptionLabel(webhookId),
		requiredScope: WEBHOOK_SCOPES.write,
	});
}

/**
 * `GET /webhooks/{id}/deliveries`, newest first: the subscription's last `count` deliveries
 * (one page), only the contract's fields (deliveryFields). An answer that is not a list is an
 * error, never "no deliveries".
 */
export async function listRecentDeliveries(
	request: WebhookRequest,
	webhookId: string,
	count: number,
): Promise<unknown[]> {
	const response = (await request('GET', `${subscriptionPath(webhookId)}/deliveries`, {
		qs: { sort: '-created_at', page: 1, per_page: count },
		resourceLabel: subscriptionLabel(webhookId),
		requiredScope: WEBHOOK_SCOPES.read,
	})) as { data?: unknown };
	if (!Array.isArray(response?.data))
		throw new ActionableError(
			`The API did not answer with the delivery log of subscription ${quoted(webhookId)}`,
			BASE_URL_ADVICE,
		);
	return response.data.map(deliveryFields);
}
