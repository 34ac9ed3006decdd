// The trigger's webhook lifecycle (webhookMethods.default) for Registration = Automatic:
// one platform subscription per trigger node, tracked in the workflow's static data.
//
// A leftover subscription for this exact URL (an n8n crash between create and saving static
// data, a restored database, …) is reused, never duplicated. The platform returns a secret only
// when a subscription is created, so a reused one gets a new secret with
// POST /webhooks/{id}/rotate-secret and a grace period of 0: the unknown old secret stops signing
// at once, and deliveries still being retried for the subscription are signed with the new one.
// (Deleting and re-creating would drop those pending retries.)
import type { IDataObject, IHookFunctions, IHttpRequestMethods } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest, isNotFoundError, platformBaseUrl, type ApiRequestOptions } from '../../shared/transport';
import { sameEventTypes } from '../helpers/events';
import { unreachableWebhookUrlProblem } from '../helpers/webhookUrl';
import {
	checkedSigningSecret,
	PASTE_SECRET_ADVICE,
	registrationMode,
	selectedEventTypes,
} from '../triggerParameters';

/** A subscription as the API returns it (contract §8.1). */
interface Subscription {
	id: string;
	url: string;
	events: string[];
	enabled?: boolean;
	secret?: string;
}

/** What the node keeps in the workflow's static data. */
interface StoredSubscription extends IDataObject {
	webhookId?: string;
	webhookSecret?: string;
	webhookUrl?: string;
	webhookEvents?: string[];
}

const STORED_KEYS = ['webhookId', 'webhookSecret', 'webhookUrl', 'webhookEvents'] as const;
const PAGE_SIZE = 100;
/** The platform allows 100 subscriptions per account; this only guards against a looping API. */
const MAX_PAGES = 50;
const DESCRIPTION_MAX_LENGTH = 255;
/**
 * Activation and deactivation wait on these calls in the editor: a platform that keeps failing
 * should fail them within seconds, not after the transport's default minutes of retrying.
 * A rate-limit wait of up to 30 s is still honoured.
 */
const LIFECYCLE_RETRY: ApiRequestOptions['retry'] = { maxAttempts: 3, maxTotalWaitMs: 30_000 };

export async function subscriptionExists(this: IHookFunctions): Promise<boolean> {
	if (registrationMode.call(this) === 'manual') {
		checkManualSetup.call(this);
		return true;
	}
	const stored = storedSubscription.call(this);
	if (!stored.webhookId || !stored.webhookSecret) {
		// Without both there is nothing we can verify deliveries with: start over.
		clearStoredSubscription.call(this);
		return false;
	}
	const { url, events } = wantedSubscription.call(this);
	const subscription = await fetchSubscription.call(this, stored.webhookId);
	if (!subscription) {
		this.logger.info(
			`Education Platform Trigger: subscription ${stored.webhookId} no longer exists on the platform; it will be registered again`,
		);
		clearStoredSubscription.call(this);
		return false;
	}
	// Still ours and still signing with the stored secret: create() updates it in place.
	return (
		subscription.url === url &&
		sameEventTypes(subscription.events, events) &&
		subscription.enabled !== false
	);
}

export async function registerSubscription(this: IHookFunctions): Promise<boolean> {
	if (registrationMode.call(this) === 'manual') {
		checkManualSetup.call(this);
		return true;
	}
	const { url, events } = wantedSubscription.call(this);
	await assertPlatformCanReach.call(this, url);

	// Ours from static data if it still exists, else one left over for this URL, else a new one.
	const stored = await updateStoredSubscription.call(this, url, events);
	const forUrl = await subscriptionsForUrl.call(this, url);
	const chosen =
		stored ??
		(forUrl.length > 0
			? await reuseLeftover.call(this, forUrl[0], url, events)
			: await createSubscription.call(this, url, events));
	saveSubscription.call(this, { id: chosen.id, url, events }, chosen.secret);

	for (const duplicate of forUrl.filter((subscription) => subscription.id !== chosen.id)) {
		// Another subscription for this URL would deliver every event a second time.
		this.logger.info(
			`Education Platform Trigger: removing duplicate subscription ${duplicate.id} for this webhook URL`,
		);
		await deleteSubscription.call(this, duplicate.id);
	}
	return true;
}

/** Brings the subscription recorded in static data up to date; undefined when there is none. */
async function updateStoredSubscription(
	this: IHookFunctions,
	url: string,
	events: string[],
): Promise<{ id: string; secret: string } | undefined> {
	const stored = storedSubscription.call(this);
	if (!stored.webhookId || !stored.webhookSecret) return undefined;
	const current = await fetchSubscription.call(this, stored.webhookId);
	if (!current) {
		clearStoredSubscription.call(this);
		return undefined;
	}
	await updateSubscription.call(this, current.id, url, events);
	return { id: current.id, secret: stored.webhookSecret };
}

/** Adopts a subscription registered for this URL earlier; its secret is unknown, so it is rotated. */
async function reuseLeftover(
	this: IHookFunctions,
	leftover: Subscription,
	url: string,
	events: string[],
): Promise<{ id: string; secret: string }> {
	this.logger.info(
		`Education Platform Trigger: reusing subscription ${leftover.id} already registered for this webhook URL`,
	);
	await updateSubscription.call(this, leftover.id, url, events);
	const rotated = (await platformRequest.call(
		this,
		'POST',
		`/webhooks/${encodeURIComponent(leftover.id)}/rotate-secret`,
		{ body: { grace_period_seconds: 0 }, resourceLabel: `webhook subscription ${leftover.id}` },
	)) as { data: Subscription };
	return { id: leftover.id, secret: requireSecret.call(this, rotated.data) };
}

async function createSubscription(
	this: IHookFunctions,
	url: string,
	events: string[],
): Promise<{ id: string; secret: string }> {
	const created = (await platformRequest.call(this, 'POST', '/webhooks', {
		body: { url, events, description: subscriptionDescription.call(this), enabled: true },
	})) as { data: Subscription };
	this.logger.info(`Education Platform Trigger: registered subscription ${created.data.id}`);
	return { id: created.data.id, secret: requireSecret.call(this, created.data) };
}

export async function removeSubscription(this: IHookFunctions): Promise<boolean> {
	if (registrationMode.call(this) === 'manual') return true;
	const { webhookId } = storedSubscription.call(this);
	if (webhookId) await deleteSubscription.call(this, webhookId);
	clearStoredSubscription.call(this);
	return true;
}

async function platformRequest(
	this: IHookFunctions,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<unknown> {
	return await apiRequest.call(this, method, endpoint, { retry: LIFECYCLE_RETRY, ...options });
}

/**
 * Manual registration makes no API call, so activation checks what deliveries will need: a
 * pasted secret that can verify them, and events to accept (with none selected every delivery
 * would be acknowledged and dropped).
 */
function checkManualSetup(this: IHookFunctions): void {
	checkedSigningSecret.call(this, this.getNodeParameter('signingSecret', '') as string, PASTE_SECRET_ADVICE);
	selectedEventTypes.call(this);
}

function wantedSubscription(this: IHookFunctions): { url: string; events: string[] } {
	const url = this.getNodeWebhookUrl('default');
	if (!url) {
		throw new NodeOperationError(this.getNode(), 'n8n did not provide a webhook URL for this node.');
	}
	return { url, events: selectedEventTypes.call(this) };
}

async function assertPlatformCanReach(this: IHookFunctions, url: string): Promise<void> {
	const problem = unreachableWebhookUrlProblem(url, await platformBaseUrl.call(this));
	if (problem) {
		throw new NodeOperationError(this.getNode(), problem, {
			description: 'See "Expose n8n\'s webhook URL" in the node\'s documentation.',
		});
	}
}

/** The subscription with this id, or undefined when the platform answers 404. */
async function fetchSubscription(this: IHookFunctions, id: string): Promise<Subscription | undefined> {
	try {
		const response = (await platformRequest.call(this, 'GET', `/webhooks/${encodeURIComponent(id)}`, {
			resourceLabel: `webhook subscription ${id}`,
		})) as {
			data: Subscription;
		};
		return response.data;
	} catch (error) {
		if (isNotFoundError(error)) return undefined;
		this.logger.error(`Education Platform Trigger: could not read subscription ${id}`, {
			error: (error as Error).message,
		});
		throw new NodeOperationError(this.getNode(), error as Error, {
			message: `Could not check webhook subscription ${id} on the platform: ${(error as Error).message}`,
			description: errorDescription(error),
		});
	}
}

/** Every subscription registered for exactly this URL, oldest first. */
async function subscriptionsForUrl(this: IHookFunctions, url: string): Promise<Subscription[]> {
	const found: Subscription[] = [];
	for (let page = 1; page <= MAX_PAGES; page++) {
		const response = (await platformRequest.call(this, 'GET', '/webhooks', {
			qs: { 'filter[url]': url, page, per_page: PAGE_SIZE },
		})) as { data?: Subscription[]; meta?: { last_page?: number } } | Subscription[];
		const subscriptions = Array.isArray(response) ? response : (response.data ?? []);
		// Compared here too: a platform that ignored the filter must not make us adopt others' URLs.
		found.push(...subscriptions.filter((subscription) => subscription.url === url));
		const lastPage = Array.isArray(response) ? undefined : response.meta?.last_page;
		if (subscriptions.length < PAGE_SIZE || (lastPage !== undefined && page >= lastPage)) break;
	}
	return found;
}

async function updateSubscription(
	this: IHookFunctions,
	id: string,
	url: string,
	events: string[],
): Promise<void> {
	await platformRequest.call(this, 'PATCH', `/webhooks/${encodeURIComponent(id)}`, {
		resourceLabel: `webhook subscription ${id}`,
		body: { url, events, enabled: true, description: subscriptionDescription.call(this) },
	});
}

/** Deletes a subscription; one that is already gone (404) counts as deleted. */
async function deleteSubscription(this: IHookFunctions, id: string): Promise<void> {
	try {
		await platformRequest.call(this, 'DELETE', `/webhooks/${encodeURIComponent(id)}`, {
			resourceLabel: `webhook subscription ${id}`,
		});
	} catch (error) {
		if (isNotFoundError(error)) {
			this.logger.info(`Education Platform Trigger: subscription ${id} was already deleted`);
			return;
		}
		this.logger.error(`Education Platform Trigger: could not delete subscription ${id}`, {
			error: (error as Error).message,
		});
		throw new NodeOperationError(this.getNode(), error as Error, {
			message: `Could not remove webhook subscription ${id} from the platform: ${(error as Error).message}`,
			description: `${errorDescription(error) ?? ''} The subscription may still send events: delete it in the platform's webhook settings, or activate the workflow again, which reuses it.`.trim(),
		});
	}
}

function requireSecret(this: IHookFunctions, subscription: Subscription): string {
	return checkedSigningSecret.call(
		this,
		subscription?.secret,
		`The platform did not return a usable signing secret for subscription ${subscription?.id}. Activate the workflow again; if it persists, report it to the platform.`,
	);
}

function subscriptionDescription(this: IHookFunctions): string {
	const workflow = this.getWorkflow();
	const text = `n8n workflow ${workflow.name ?? workflow.id ?? ''} (${this.getNode().name})`;
	return text.slice(0, DESCRIPTION_MAX_LENGTH);
}

function storedSubscription(this: IHookFunctions): StoredSubscription {
	return this.getWorkflowStaticData('node') as StoredSubscription;
}

function saveSubscription(
	this: IHookFunctions,
	subscription: { id: string; url: string; events: string[] },
	secret: string,
): void {
	const stored = storedSubscription.call(this);
	stored.webhookId = subscription.id;
	stored.webhookSecret = secret;
	stored.webhookUrl = subscription.url;
	stored.webhookEvents = subscription.events;
}

function clearStoredSubscription(this: IHookFunctions): void {
	const stored = storedSubscription.call(this);
	for (const key of STORED_KEYS) delete stored[key];
}

/** The platform's own explanation, which NodeApiError keeps in `description`. */
function errorDescription(error: unknown): string | undefined {
	const description = (error as { description?: unknown })?.description;
	return typeof description === 'string' && description !== '' ? description : undefined;
}
