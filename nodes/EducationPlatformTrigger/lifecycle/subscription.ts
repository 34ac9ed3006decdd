// The trigger's webhook lifecycle (webhookMethods.default) for Registration = Automatic: one
// platform subscription per trigger node, tracked in the workflow's static data. Each call is
// idempotent, so whatever order n8n runs them in ends with one subscription for this URL; which
// calls n8n makes, and why a leftover subscription is adopted with its secret rotated:
// docs/trigger-guarantees.md "What n8n does with the subscription".
import type { IHookFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { quoted } from '../../shared/errors';
import * as webhookApi from '../../shared/resources/webhookSubscription/api';
import { platformBaseUrl } from '../../shared/transport';
import { sameEventTypes } from '../../shared/resources/webhookEvents';
import { unreachableWebhookUrlProblem } from './webhookUrl';
import {
	manualSigningSecrets,
	registrationMode,
	selectedEventTypes,
} from '../webhook/handleDelivery';
import {
	createSubscription,
	deleteSubscription,
	fetchSubscription,
	rotateSecret,
	lifecycleCall,
	REGISTRATION_RECOVERY,
	subscriptionsForUrl,
	updateSubscription,
	type Subscription,
} from './platformApi';
import {
	clearStoredSubscription,
	saveSubscription,
	storedSubscription,
} from '../storedSubscription';

export async function subscriptionExists(this: IHookFunctions): Promise<boolean> {
	if (registrationMode.call(this) === 'manual') {
		await checkManualSetup.call(this);
		return true;
	}
	return await lifecycleCall(this, async () => await storedSubscriptionIsCurrent.call(this), {
		registered: (exists) => exists,
	});
}

async function storedSubscriptionIsCurrent(this: IHookFunctions): Promise<boolean> {
	const stored = storedSubscription.call(this);
	if (!stored.webhookId || !stored.webhookSecret) {
		// Without both there is nothing we can verify deliveries with: start over.
		clearStoredSubscription.call(this);
		return false;
	}
	// On another platform (the credential's Base URL changed): create() moves it.
	if (await movedPlatform.call(this)) return false;
	const { url, events } = wantedSubscription.call(this);
	const subscription = await fetchSubscription.call(this, stored.webhookId);
	if (!subscription) {
		this.logger.info(
			`Education Platform Trigger: subscription ${quoted(stored.webhookId)} no longer exists on the platform; it will be registered again`,
		);
		clearStoredSubscription.call(this);
		return false;
	}
	// Still ours, signing with the stored secret, and alone for this URL; otherwise create()
	// updates it in place and removes the extras.
	return (
		subscription.url === url &&
		Array.isArray(subscription.events) &&
		sameEventTypes(subscription.events as string[], events) &&
		subscription.enabled !== false &&
		(await subscriptionsForUrl.call(this, url)).every((other) => other.id === subscription.id)
	);
}

export async function registerSubscription(this: IHookFunctions): Promise<boolean> {
	if (registrationMode.call(this) === 'manual') {
		await checkManualSetup.call(this);
		return true;
	}
	await lifecycleCall(this, async () => await register.call(this), {
		registered: () => true,
		failed: (error, firstOfActivation) => registrationFailed.call(this, error, firstOfActivation),
	});
	return true;
}

/**
 * create() failed: the workflow receives no event. Where n8n shows it depends on its activation
 * path (docs/production.md, "When activation cannot register the subscription"); on n8n 2.x's
 * publication path the workflow even stays published, and nothing in n8n tries again. So the error
 * n8n shows says what failed and what to do, and n8n's log names the workflow, once per activation
 * (n8n's publication path tries create() up to 5 times).
 */
function registrationFailed(
	this: IHookFunctions,
	error: NodeApiError | NodeOperationError,
	firstOfActivation: boolean,
): Error {
	if (firstOfActivation) {
		const cause = error.message.replace(/[.\s]*$/, '');
		const workflow = this.getWorkflow();
		this.logger.error(
			`Education Platform Trigger: workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}) has no ${webhookApi.SUBSCRIPTION_NOUN} on the platform, so no event starts it: ${cause}. ${REGISTRATION_RECOVERY}`,
		);
	}
	// A message, not the error: n8n's NodeOperationError returns a NodeOperationError passed to it unchanged.
	return new NodeOperationError(
		this.getNode(),
		`Could not register the ${webhookApi.SUBSCRIPTION_NOUN} on the platform: ${error.message}`,
		{
			description:
				`${error.description ?? ''} Until it is registered no event starts this workflow. ${REGISTRATION_RECOVERY}`.trim(),
		},
	);
}

async function register(this: IHookFunctions): Promise<void> {
	const { url, events } = wantedSubscription.call(this);
	const platform = await platformBaseUrl.call(this);
	assertPlatformCanReach.call(this, url, platform);
	if (await movedPlatform.call(this)) await leaveOldPlatform.call(this);

	// Ours from static data if it still exists, else one left over for this URL, else a new one.
	const stored = await updateStoredSubscription.call(this, url, events);
	const forUrl = await subscriptionsForUrl.call(this, url);
	const chosen =
		stored ??
		(forUrl.length > 0
			? await reuseLeftover.call(this, forUrl[0], url, events)
			: await createSubscription.call(this, url, events));
	saveSubscription.call(this, { id: chosen.id, url, events, platform }, chosen.secret);

	for (const duplicate of forUrl.filter((subscription) => subscription.id !== chosen.id)) {
		// Another subscription for this URL would deliver every event a second time.
		this.logger.info(
			`Education Platform Trigger: removing duplicate subscription ${quoted(duplicate.id)} for this webhook URL`,
		);
		await deleteSubscription.call(this, duplicate.id);
	}
}

export async function removeSubscription(this: IHookFunctions): Promise<boolean> {
	return await lifecycleCall(this, async () => await remove.call(this));
}

async function remove(this: IHookFunctions): Promise<boolean> {
	if (registrationMode.call(this) === 'manual') {
		// Switched from Automatic to Manual: n8n may run delete() with the new settings.
		if (storedSubscription.call(this).webhookId) await leaveAutomaticSubscription.call(this);
		return true;
	}
	const { webhookId } = storedSubscription.call(this);
	if (await movedPlatform.call(this)) await leaveOldPlatform.call(this);
	else if (webhookId) await deleteSubscription.call(this, webhookId);
	clearStoredSubscription.call(this);
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
		`Education Platform Trigger: reusing subscription ${quoted(leftover.id)} already registered for this webhook URL`,
	);
	await updateSubscription.call(this, leftover.id, url, events);
	return { id: leftover.id, secret: await rotateSecret.call(this, leftover.id) };
}

/** Whether static data records a subscription on a platform other than the credential's Base URL. */
async function movedPlatform(this: IHookFunctions): Promise<boolean> {
	const { webhookId, webhookPlatform } = storedSubscription.call(this);
	return !!webhookId && !!webhookPlatform && webhookPlatform !== (await platformBaseUrl.call(this));
}

/**
 * The credential's Base URL changed since the subscription was registered. At the same address
 * (another path, e.g. /api added) the old subscription is deleted there. At another address it
 * cannot be: the credential is not sent to an address it no longer names, and the old platform
 * would not accept it anyway. That is logged with what to do; the old subscription's deliveries
 * are refused with 401 from now on (its secret is forgotten), so none runs the workflow.
 */
async function leaveOldPlatform(this: IHookFunctions): Promise<void> {
	const { webhookId, webhookPlatform } = storedSubscription.call(this) as {
		webhookId: string;
		webhookPlatform: string;
	};
	const current = await platformBaseUrl.call(this);
	if (new URL(webhookPlatform).origin === new URL(current).origin) {
		await deleteSubscription.call(this, webhookId, webhookPlatform);
	} else {
		this.logger.error(
			`Education Platform Trigger: the credential's Base URL changed from ${webhookPlatform} to ${current}. Subscription ${quoted(webhookId)} on ${webhookPlatform} was not removed: the trigger does not send this credential to ${webhookPlatform}. Delete it in that platform's webhook settings; until then its deliveries are refused with 401.`,
		);
	}
	clearStoredSubscription.call(this);
}

/**
 * The trigger was switched to Manual while static data still records the subscription it had
 * registered as Automatic. It is deleted when the API credential is still at hand; otherwise the
 * log names it so it can be deleted in the dashboard (it is no longer used: its secret is gone).
 */
async function leaveAutomaticSubscription(this: IHookFunctions): Promise<void> {
	const { webhookId } = storedSubscription.call(this) as { webhookId: string };
	try {
		await deleteSubscription.call(this, webhookId);
	} catch (error) {
		this.logger.error(
			`Education Platform Trigger: subscription ${quoted(webhookId)}, registered while Registration was Automatic, could not be removed (${(error as Error).message}). Delete it in the platform's webhook settings.`,
		);
	}
	clearStoredSubscription.call(this);
}

/**
 * Manual registration makes no API call, so activation checks what deliveries will need: a
 * signing-secret credential that can verify them, and events to accept (with none selected every
 * delivery would be acknowledged and dropped).
 */
async function checkManualSetup(this: IHookFunctions): Promise<void> {
	await manualSigningSecrets.call(this);
	selectedEventTypes.call(this);
}

function wantedSubscription(this: IHookFunctions): { url: string; events: string[] } {
	const url = this.getNodeWebhookUrl('default');
	if (!url) {
		throw new NodeOperationError(
			this.getNode(),
			'n8n did not provide a webhook URL for this node.',
		);
	}
	return { url, events: selectedEventTypes.call(this) };
}

function assertPlatformCanReach(this: IHookFunctions, url: string, platform: string): void {
	const problem = unreachableWebhookUrlProblem(url, platform);
	if (problem) {
		throw new NodeOperationError(this.getNode(), problem, {
			description: 'See "Expose n8n\'s webhook URL" in the node\'s documentation.',
		});
	}
}
