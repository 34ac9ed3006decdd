import type { IHookFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { TRIGGER_WEBHOOK_PATH } from '../shared/thisN8n/address';
import { triggerProperties } from './description';
import { EVENT_TRIGGER_DESCRIPTION } from './panelTexts';
import { webhookResponseFields } from './webhook/responseFields';
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
		// 1.1 behaves exactly like 1. It exists because n8n (2.x webhook-helpers parseRequestBody)
		// evaluates the expression `$parameter.options.binaryData` for every request to a
		// version-1 webhook node, in its isolated-VM expression runtime: about 25 ms of CPU per
		// delivery, which the plain Webhook node (version 2) never pays. New nodes get 1.1.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{ [].concat($parameter["events"] || []).join(", ") }}',
		// n8n's node creator lists this trigger and the action node as one entry (it pairs a node with
		// the one named like it plus "Trigger") and shows this text, not the action node's, on it: in
		// "What happens next?" too. So it describes both.
		description:
			'Read students, enrollments, payments and exam results, and start workflows on enrollment, payment and exam result events',
		eventTriggerDescription: EVENT_TRIGGER_DESCRIPTION,
		defaults: {
			name: 'Education Platform Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// Written out here, not imported: the scanner reads this array literally (names, testedBy).
		credentials: [
			{
				name: 'educationPlatformApi',
				required: true,
				displayOptions: { show: { registration: ['automatic'], authentication: ['accessToken'] } },
			},
			{
				name: 'educationPlatformOAuth2Api',
				required: true,
				displayOptions: { show: { registration: ['automatic'], authentication: ['oAuth2'] } },
			},
			{
				// Registration = Manual: the signing secret pasted from the platform's dashboard.
				name: 'educationPlatformWebhookSigningApi',
				required: true,
				// methods.credentialTest.signingSecretTest: a local check, there is nothing to call.
				testedBy: 'signingSecretTest',
				displayOptions: { show: { registration: ['manual'] } },
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// Respond: on receipt, or when the last node finishes (500 when the run failed); saved
				// workflows from before the parameter get its default, "on receipt". No body either way.
				...webhookResponseFields(),
				// The path that tells this n8n's subscriptions from others' (delivers_to_this_n8n).
				path: TRIGGER_WEBHOOK_PATH,
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

	// n8n calls it with the delivery's webhook context as `this`, as it calls the credential test
	// above: the delivery starts in handleDelivery.ts, with no wrapper in between.
	webhook = handleDelivery;
}
