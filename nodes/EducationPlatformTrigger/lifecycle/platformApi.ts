// The platform's webhook API (shared/resources/webhookSubscription/api.ts) as the lifecycle calls it:
// every request fits the activation's time budget (budget.ts), and failures are
// worded and logged for the trigger.
import type { IHookFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiUrl } from '../../shared/transport/credential';
import * as webhookApi from '../../shared/resources/webhookSubscription/api';
import { quoted } from '../../shared/errors';
import { toNodeError } from '../../shared/toNodeError';
import { apiRequest, isNotFoundError } from '../../shared/transport';
import {
	ACTIVATION_BUDGET_MS,
	ACTIVATION_GAP_MS,
	Activations,
	requestBounds,
	type Activation,
} from './budget';
import { checkedSigningSecret } from '../webhook/handleDelivery';

export type Subscription = webhookApi.Subscription;
type SubscriptionWithSecret = webhookApi.SubscriptionWithSecret;
type WebhookRequest = webhookApi.WebhookRequest;

const DESCRIPTION_MAX_LENGTH = 255;

const activations = new Activations();
/** n8n builds a fresh hook context for every lifecycle call: the activation each call belongs to. */
const activationOf = new WeakMap<IHookFunctions, Activation>();
/** Failures that only say the budget is used up: the cause they repeat stays the last failure. */
const usedUpErrors = new WeakSet<object>();

/** What to do when the trigger could not register its subscription, on every n8n activation path. */
export const REGISTRATION_RECOVERY = `Fix the cause, wait ${ACTIVATION_GAP_MS / 1000} s, then publish the workflow again (on n8n 1.x: activate it); where n8n still shows it as published (active), unpublish (deactivate) it first.`;

interface LifecycleCallOptions<T> {
	/** Whether the call's result means the subscription is in place, which ends the activation. */
	registered?: (result: T) => boolean;
	/** Turns a failure into the error n8n shows; `firstOfActivation`: no earlier call of this activation got here. */
	failed?: (error: NodeApiError | NodeOperationError, firstOfActivation: boolean) => Error;
}

/**
 * Runs one lifecycle call (checkExists, create or delete) within the budget of the activation it
 * belongs to (budget.ts): the calls n8n makes for one trigger in quick succession
 * share it, so together they end before n8n gives up on the activation.
 */
export async function lifecycleCall<T>(
	context: IHookFunctions,
	work: () => Promise<T>,
	{ registered = () => false, failed }: LifecycleCallOptions<T> = {},
): Promise<T> {
	const node = context.getNode();
	const key = `${context.getWorkflow().id ?? ''}/${node.webhookId ?? node.name}`;
	const activation = activations.begin(key, Date.now());
	activationOf.set(context, activation);
	let registeredNow = false;
	try {
		const result = await work();
		registeredNow = registered(result);
		return result;
	} catch (caught) {
		const error = toNodeError(node, caught);
		if (!usedUpErrors.has(error)) activation.lastFailure = error.message;
		if (!failed) throw error;
		const first = !activation.failureLogged;
		activation.failureLogged = true;
		throw failed(error, first);
	} finally {
		activations.end(key, activation, Date.now(), registeredNow);
	}
}

/**
 * The webhook API's request function for one lifecycle call: every request fits what is left of
 * its activation's budget (budget.ts), or is not sent.
 */
function platformRequest(context: IHookFunctions): WebhookRequest {
	return async (method, endpoint, options) => {
		// Every request of the trigger's lifecycle runs inside lifecycleCall, which sets this.
		const activation = activationOf.get(context) as Activation;
		const bounds = requestBounds(activation.deadline - Date.now());
		if (!bounds) {
			const last = activation.lastFailure ? ` The last failure was: ${activation.lastFailure}` : '';
			const usedUp = new NodeOperationError(
				context.getNode(),
				`The trigger stopped before ${method} ${endpoint}: this activation's ${ACTIVATION_BUDGET_MS / 1000} s for talking to the platform are used up.${last}`,
				{
					description: `n8n gives up on an activation that takes too long, so the trigger stops in time and leaves no subscription behind unknown. Check that the platform is reachable. ${REGISTRATION_RECOVERY}`,
				},
			);
			usedUpErrors.add(usedUp);
			throw usedUp;
		}
		return await apiRequest.call(context, method, endpoint, { ...bounds, ...options });
	};
}

/** The subscription with this id, or undefined when the platform answers 404. */
export async function fetchSubscription(
	this: IHookFunctions,
	id: string,
): Promise<Subscription | undefined> {
	try {
		return await webhookApi.readSubscription(platformRequest(this), id);
	} catch (error) {
		if (isNotFoundError(error)) return undefined;
		this.logger.error(`Education Platform Trigger: could not read subscription ${quoted(id)}`, {
			error: (error as Error).message,
		});
		throw new NodeOperationError(this.getNode(), error as Error, {
			message: `Could not check ${webhookApi.subscriptionLabel(quoted(id))} on the platform: ${(error as Error).message}`,
			description: errorDescription(error),
		});
	}
}

/** Every subscription registered for exactly this URL, oldest first. */
export async function subscriptionsForUrl(
	this: IHookFunctions,
	url: string,
): Promise<Subscription[]> {
	return await webhookApi.listSubscriptions(platformRequest(this), url);
}

export async function createSubscription(
	this: IHookFunctions,
	url: string,
	events: string[],
): Promise<{ id: string; secret: string }> {
	const created = await webhookApi.createSubscription(platformRequest(this), {
		url,
		events,
		description: subscriptionDescription.call(this),
		enabled: true,
	});
	this.logger.info(`Education Platform Trigger: registered subscription ${quoted(created.id)}`);
	return { id: created.id, secret: requireSecret.call(this, created) };
}

export async function updateSubscription(
	this: IHookFunctions,
	id: string,
	url: string,
	events: string[],
): Promise<void> {
	await webhookApi.updateSubscription(platformRequest(this), id, {
		url,
		events,
		enabled: true,
		description: subscriptionDescription.call(this),
	});
}

/** A new secret for a subscription whose secret we do not know; the old one stops at once. */
export async function rotateSecret(this: IHookFunctions, id: string): Promise<string> {
	return requireSecret.call(this, await webhookApi.rotateSecret(platformRequest(this), id));
}

/**
 * Deletes a subscription; one that is already gone (404) counts as deleted. `platform`: the
 * Base URL that holds it, when it is not the credential's current one (same origin only; the
 * transport refuses to send the credential anywhere else).
 */
export async function deleteSubscription(
	this: IHookFunctions,
	id: string,
	platform?: string,
): Promise<void> {
	try {
		await webhookApi.deleteSubscription(
			platformRequest(this),
			id,
			platform ? (path) => apiUrl(platform, path) : undefined,
		);
	} catch (error) {
		if (isNotFoundError(error)) {
			this.logger.info(
				`Education Platform Trigger: subscription ${quoted(id)} was already deleted`,
			);
			return;
		}
		this.logger.error(`Education Platform Trigger: could not delete subscription ${quoted(id)}`, {
			error: (error as Error).message,
		});
		throw new NodeOperationError(this.getNode(), error as Error, {
			message: `Could not remove ${webhookApi.subscriptionLabel(quoted(id))} from the platform: ${(error as Error).message}`,
			description:
				`${errorDescription(error) ?? ''} The subscription may still send events: delete it in the platform's webhook settings, or publish the workflow again (on n8n 1.x: activate it), which reuses it.`.trim(),
		});
	}
}

function requireSecret(this: IHookFunctions, subscription: SubscriptionWithSecret): string {
	return checkedSigningSecret.call(
		this,
		typeof subscription.secret === 'string' ? subscription.secret : undefined,
		`The platform did not return a usable signing secret for subscription ${quoted(subscription.id)}. Activate the workflow again; if it persists, report it to the platform.`,
	);
}
function subscriptionDescription(this: IHookFunctions): string {
	const workflow = this.getWorkflow();
	const text = `n8n workflow ${workflow.name ?? workflow.id ?? ''} (${this.getNode().name})`;
	return text.slice(0, DESCRIPTION_MAX_LENGTH);
}

/** The platform's own explanation, which NodeApiError keeps in `description`. */
function errorDescription(error: unknown): string | undefined {
	const description = (error as { description?: unknown })?.description;
	return typeof description === 'string' && description !== '' ? description : undefined;
}
