import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { triggerCredentials, triggerProperties } from './descriptions/triggerProperties';
import {
	registerSubscription,
	removeSubscription,
	subscriptionExists,
} from './lifecycle/subscription';
import { signingSecretTest } from './signingSecretTest';
import { handleDelivery } from './webhook/handleDelivery';

export class EducationPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Education Platform Trigger',
		name: 'educationPlatformTrigger',
		icon: {
			light: 'file:../../icons/educationPlatform.svg',
			dark: 'file:../../icons/educationPlatform.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{ [].concat($parameter["events"] || []).join(", ") }}',
		description: 'Starts the workflow on Education Platform enrollment, payment and exam-result events',
		defaults: {
			name: 'Education Platform Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: triggerCredentials,
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	methods = {
		credentialTest: { signingSecretTest },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await subscriptionExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await registerSubscription.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await removeSubscription.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await handleDelivery.call(this);
	}
}
