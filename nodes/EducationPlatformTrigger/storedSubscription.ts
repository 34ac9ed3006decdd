// What the trigger keeps in the workflow's static data about its subscription: lifecycle/ writes
// it (n8n saves static data after the lifecycle calls), webhook/ reads the secret from it on any
// process.
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

export interface StoredSubscription extends IDataObject {
	webhookId?: string;
	webhookSecret?: string;
	webhookUrl?: string;
	webhookEvents?: string[];
	/** The normalised Base URL of the platform that holds the subscription. */
	webhookPlatform?: string;
}

const STORED_KEYS = [
	'webhookId',
	'webhookSecret',
	'webhookUrl',
	'webhookEvents',
	'webhookPlatform',
] as const;

export function storedSubscription(this: IHookFunctions): StoredSubscription {
	return this.getWorkflowStaticData('node') as StoredSubscription;
}

export function saveSubscription(
	this: IHookFunctions,
	subscription: { id: string; url: string; events: string[]; platform: string },
	secret: string,
): void {
	const stored = storedSubscription.call(this);
	stored.webhookId = subscription.id;
	stored.webhookSecret = secret;
	stored.webhookUrl = subscription.url;
	stored.webhookEvents = subscription.events;
	stored.webhookPlatform = subscription.platform;
}

export function clearStoredSubscription(this: IHookFunctions): void {
	const stored = storedSubscription.call(this);
	for (const key of STORED_KEYS) delete stored[key];
}
