// webhook(): what each delivery gets (docs/trigger-guarantees.md "What each delivery gets").
//   503 — the node's setup cannot check deliveries (no stored secret, bad signing-secret
//         credential, no Events, Timestamp Tolerance out of bounds); no run, logged with the
//         workflow's name, and the platform retries (see misconfigured())
//   401 — signature headers missing or malformed, no matching v1 signature, timestamp outside
//         the tolerance (replays of old deliveries); no run
//   400 — signed correctly but the body is not a JSON event envelope; no run
//   200 — an event type this trigger does not listen to: no run, and the platform does not retry
//   run — one item per event, shaped by the Output option; it always names the event's id and type
// At least once, never at most once: a verified delivery of a selected type always starts a run,
// even when its webhook-id was seen before. The 2xx comes from n8n: on receipt (Respond:
// Immediately; n8n 1.x answers before it starts the run) or once the run finished (When Last Node
// Finishes, where a failed or crashed run gets no 2xx and the platform retries it). Duplicates
// (platform retries, redeliveries) are stopped in n8n's database by a Remove Duplicates node keyed
// on the event id (docs/trigger-guarantees.md "Replays, retries and duplicates"): webhook() has no shared store.
// Verification uses the raw request bytes n8n keeps in `req.rawBody`, never re-serialised JSON.
// Nothing logged here contains the secret or a signature.
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { eventOutput, parseEvent, type OutputMode } from './delivery';
import {
	DEFAULT_TOLERANCE_SECONDS,
	MAX_TOLERANCE_SECONDS,
	MIN_TOLERANCE_SECONDS,
	verifyDelivery,
} from './signature';
import {
	checkedSigningSecret,
	manualSigningSecrets,
	registrationMode,
	selectedEventTypes,
} from '../parameterValues';

interface TriggerOptions {
	timestampTolerance?: number;
	output?: OutputMode;
	includeHeaders?: boolean;
}

export async function handleDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	let configuration: Configuration;
	try {
		configuration = await configurationOf.call(this);
	} catch (error) {
		return misconfigured.call(this, error as Error);
	}
	const { secret, options, toleranceSeconds, eventTypes } = configuration;
	const headers = this.getHeaderData();
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
 * The node cannot check deliveries as it is set up (no stored secret, an unusable signing-secret
 * credential, no Events, a Timestamp Tolerance out of bounds). It answers itself rather than
 * throwing, which n8n would turn into its own 500 "Workflow could not be started!" that tells
 * the platform's delivery log nothing: the log line names the workflow, what is wrong and how to fix it.
 * 503 Service Unavailable, not a 4xx: the fault is the receiver's and lasts until someone fixes
 * it, and nothing is wrong with the delivery. The platform retries every non-2xx on its schedule
 * (docs/api-contract.md §8.5, about 27.5 hours), so events sent meanwhile still arrive once the
 * setup is fixed, while a 4xx reads to senders and proxies as "this request is bad" (some drop it
 * or, after a 410, disable the subscription).
 */
/** The 503's body: the same for every cause, which n8n's log names. */
export const MISCONFIGURED_MESSAGE =
	"This n8n workflow's Education Platform Trigger is not set up to check deliveries; n8n's log says what to fix.";

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
	const stored = this.getWorkflowStaticData('node').webhookSecret as string | undefined;
	const advice =
		'The subscription was not registered by this node or its secret was lost. Deactivate and activate the workflow again to register it afresh.';
	if (!stored) {
		throw new NodeOperationError(this.getNode(), 'No signing secret to verify the delivery with', {
			description: advice,
		});
	}
	return [checkedSigningSecret.call(this, stored, advice)];
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
