// The trigger's parameters as both the lifecycle (activation) and webhook() read them, so a
// selection or secret that activation accepts is exactly the one deliveries are checked with.
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { RegistrationMode } from './descriptions/triggerProperties';
import { expandEventSelection } from './helpers/events';
import { decodeSigningSecret } from './helpers/signature';

type TriggerContext = IHookFunctions | IWebhookFunctions;

export const PASTE_SECRET_ADVICE =
	'Paste the signing secret (whsec_…) the platform showed for this webhook into Signing Secret.';

export function registrationMode(this: TriggerContext): RegistrationMode {
	return this.getNodeParameter('registration', 'automatic') as RegistrationMode;
}

/** The concrete event types selected. None, or a value that is no event type, is an error to fix. */
export function selectedEventTypes(this: TriggerContext): string[] {
	let events: string[];
	try {
		events = expandEventSelection(this.getNodeParameter('events', []) as string[]);
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message);
	}
	if (events.length === 0) {
		throw new NodeOperationError(this.getNode(), 'Choose at least one event in Events.');
	}
	return events;
}

/**
 * `secret` when it is a usable Standard Webhooks secret; otherwise an error whose message says
 * what is wrong (never the secret itself) and whose description is `advice`.
 */
export function checkedSigningSecret(this: TriggerContext, secret: string | undefined, advice: string): string {
	try {
		decodeSigningSecret(secret ?? '');
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, { description: advice });
	}
	return secret as string;
}
