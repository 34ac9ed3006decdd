// webhook(): the answer each delivery gets (docs/trigger-guarantees.md "What each delivery gets"),
// and the settings it checks deliveries against. Activation (lifecycle/) reads the same settings
// through the functions here, so a selection or secret activation accepts is exactly the one
// deliveries are checked with. Nothing logged here contains the secret or a signature.
import type {
	IDataObject,
	IHookFunctions,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { WEBHOOK_SIGNING_CREDENTIAL } from '../../shared/constants';
import { RESOURCES } from '../../shared/resources/registry';
import { eventVocabulary, expandEventSelection } from '../../shared/resources/webhookEvents';
import type { StoredSubscription } from '../storedSubscription';
import { eventOutput, parseEvent, type OutputMode } from './delivery';
import {
	decodeSigningSecret,
	DEFAULT_TOLERANCE_SECONDS,
	MAX_TOLERANCE_SECONDS,
	MIN_TOLERANCE_SECONDS,
	verifyDelivery,
} from './signature';

type TriggerContext = IHookFunctions | IWebhookFunctions;

interface TriggerOptions {
	timestampTolerance?: number;
	output?: OutputMode;
	includeHeaders?: boolean;
}

/** The event types of the catalog's resources and the "All …" options the Events parameter offers. */
const EVENT_VOCABULARY = eventVocabulary(RESOURCES);

const MANUAL_SECRET_ADVICE =
	"Open the trigger's Education Platform Webhook Signing Secret credential and paste the signing secret (whsec_…) the platform showed for this webhook.";

/** The 503's body: the same for every cause, which n8n's log names. */
const MISCONFIGURED_MESSAGE =
	"This n8n workflow's Education Platform Trigger is not set up to check deliveries; n8n's log says what to fix.";

export async function handleDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	let configuration: Configuration;
	try {
		configuration = await configurationOf.call(this);
	} catch (error) {
		return misconfigured.call(this, error as Error);
	}
	const { secret, options, toleranceSeconds, eventTypes } = configuration;
	const headers = this.getHeaderData();
	// The raw bytes n8n keeps in `req.rawBody`: a signature is over them, never over re-serialised JSON.
	const rawBody = await rawBodyOf.call(this);

	const verification = verifyDelivery({ secret, headers, rawBody, toleranceSeconds });
	if (!verification.valid) {
		this.logger.warn(
			`Education Platform Trigger: refused a delivery with 401 (${verification.reason}): ${verification.message}`,
		);
		return respond.call(this, 401, { message: verification.message });
	}

	const parsed = parseEvent(rawBody);
	if (!parsed.ok) {
		this.logger.warn(
			`Education Platform Trigger: refused signed delivery ${verification.webhookId} with 400: ${parsed.message}`,
		);
		return respond.call(this, 400, { message: parsed.message });
	}
	const { event } = parsed;

	if (!eventTypes.includes(event.type)) {
		return respond.call(this, 200, {
			received: true,
			message: `Event type ${event.type} is not selected in this trigger; ignored.`,
		});
	}

	// At least once: a verified delivery of a selected type always starts a run, even when its
	// webhook-id was seen before (docs/trigger-guarantees.md "Replays, retries and duplicates").
	const output = options.output === 'data' ? 'data' : 'event';
	const json = eventOutput(event, output, options.includeHeaders ? headers : undefined);
	return { workflowData: [this.helpers.returnJsonArray(json as IDataObject)] };
}

interface Configuration {
	secret: string[];
	options: TriggerOptions;
	toleranceSeconds: number;
	eventTypes: string[];
}

/** Everything a delivery is checked against; throws, saying what to fix, when the node's setup is unusable. */
async function configurationOf(this: IWebhookFunctions): Promise<Configuration> {
	const secret = await signingSecrets.call(this);
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	return {
		secret,
		options,
		toleranceSeconds: toleranceOf.call(this, options),
		eventTypes: selectedEventTypes.call(this),
	};
}

/**
 * The node cannot check deliveries as it is set up: it answers 503 itself rather than throwing
 * (n8n's own 500 would tell the platform's delivery log nothing), and logs what to fix. Why 503
 * and not a 4xx: docs/trigger-guarantees.md "What each delivery gets".
 */
function misconfigured(this: IWebhookFunctions, error: Error): IWebhookResponseData {
	const hint = (error as { description?: unknown }).description;
	const workflow = this.getWorkflow();
	this.logger.error(
		`Education Platform Trigger in workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}) cannot check deliveries and answered 503: ${error.message}${typeof hint === 'string' && hint ? ` ${hint}` : ''}`,
	);
	// The details go to n8n's log only: anyone can call the URL, and this answer comes before any
	// signature is checked.
	return respond.call(this, 503, { message: MISCONFIGURED_MESSAGE });
}

/** The secrets deliveries are signed with: from the credential (Manual) or stored on registration (Automatic). */
async function signingSecrets(this: IWebhookFunctions): Promise<string[]> {
	if (registrationMode.call(this) === 'manual') return await manualSigningSecrets.call(this);
	const stored = this.getWorkflowStaticData('node') as StoredSubscription;
	const advice =
		'The subscription was not registered by this node or its secret was lost. Unpublish and publish the workflow again (on n8n 1.x: deactivate and activate it) to register it afresh.';
	if (!stored.webhookSecret) {
		throw new NodeOperationError(this.getNode(), 'No signing secret to verify the delivery with', {
			description: advice,
		});
	}
	return [checkedSigningSecret.call(this, stored.webhookSecret, advice)];
}

function toleranceOf(this: IWebhookFunctions, options: TriggerOptions): number {
	const tolerance = options.timestampTolerance ?? DEFAULT_TOLERANCE_SECONDS;
	if (
		typeof tolerance !== 'number' ||
		!Number.isFinite(tolerance) ||
		tolerance < MIN_TOLERANCE_SECONDS ||
		tolerance > MAX_TOLERANCE_SECONDS
	) {
		throw new NodeOperationError(
			this.getNode(),
			`Timestamp Tolerance must be between ${MIN_TOLERANCE_SECONDS} and ${MAX_TOLERANCE_SECONDS} seconds, not "${String(tolerance)}"`,
			{
				description:
					typeof tolerance === 'number' && tolerance > MAX_TOLERANCE_SECONDS
						? `Set Timestamp Tolerance in the trigger's options to at most ${MAX_TOLERANCE_SECONDS} seconds (the default ${DEFAULT_TOLERANCE_SECONDS} is the Standard Webhooks recommendation): a larger one would let a captured delivery be replayed long after it was sent.`
						: `Set Timestamp Tolerance in the trigger's options to a number of seconds from ${MIN_TOLERANCE_SECONDS} to ${MAX_TOLERANCE_SECONDS}, or remove the option for the default ${DEFAULT_TOLERANCE_SECONDS}.`,
			},
		);
	}
	return tolerance;
}

/** The body exactly as received. n8n reads it into `rawBody` before calling the node. */
async function rawBodyOf(this: IWebhookFunctions): Promise<Buffer> {
	const request = this.getRequestObject();
	if (!Buffer.isBuffer(request.rawBody) && typeof request.readRawBody === 'function') {
		await request.readRawBody();
	}
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	this.logger.warn(
		'Education Platform Trigger: n8n provided no raw request body; verifying an empty body',
	);
	return Buffer.alloc(0);
}

/** Answers the request here (no workflow run) with a short JSON body. */
function respond(this: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	const response = this.getResponseObject();
	response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	response.end(JSON.stringify(body));
	return { noWebhookResponse: true };
}

/** The Registration parameter: 'automatic' or 'manual'. */
export function registrationMode(this: TriggerContext): 'automatic' | 'manual' {
	return this.getNodeParameter('registration', 'automatic') as 'automatic' | 'manual';
}

/** The concrete event types selected. None, or a value that is no event type, is an error to fix. */
export function selectedEventTypes(this: TriggerContext): string[] {
	let events: string[];
	try {
		events = expandEventSelection(
			EVENT_VOCABULARY,
			this.getNodeParameter('events', []) as string[],
		);
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
