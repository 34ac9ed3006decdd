// The trigger's parameters as both the lifecycle (activation) and webhook() read them, so a
// selection or secret that activation accepts is exactly the one deliveries are checked with.
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { WEBHOOK_SIGNING_CREDENTIAL } from '../shared/constants';
import { expandEventSelection } from './events';
import { decodeSigningSecret } from './webhook/signature';

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** Values of the Registration parameter. */
export type RegistrationMode = 'automatic' | 'manual';

export const MANUAL_SECRET_ADVICE =
	"Open the trigger's Education Platform Webhook Signing Secret credential and paste the signing secret (whsec_…) the platform showed for this webhook.";

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
export function checkedSigningSecret(
	this: TriggerContext,
	secret: string | undefined,
	advice: string,
): string {
	try {
		decodeSigningSecret(secret ?? '');
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, { description: advice });
	}
	return secret as string;
}

/**
 * Registration = Manual: the secrets from the signing-secret credential, the current one first,
 * then the previous one while a rotation's grace period lasts (when filled in).
 */
export async function manualSigningSecrets(this: TriggerContext): Promise<string[]> {
	let credential: { signingSecret?: unknown; previousSigningSecret?: unknown };
	try {
		credential = await this.getCredentials(WEBHOOK_SIGNING_CREDENTIAL);
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, {
			description: MANUAL_SECRET_ADVICE,
		});
	}
	const secrets = [
		checkedSigningSecret.call(this, String(credential.signingSecret ?? ''), MANUAL_SECRET_ADVICE),
	];
	const previous = String(credential.previousSigningSecret ?? '').trim();
	if (previous !== '') {
		secrets.push(
			checkedSigningSecret.call(
				this,
				previous,
				"Previous Signing Secret is only for a rotation's grace period: paste the old secret completely, or clear the field.",
			),
		);
	}
	return secrets;
}
