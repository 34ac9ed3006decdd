// What Check Triggers asks of the platform and of this n8n, one question each: a delivery log and
// the proof in it, the answer of a trigger URL now, whether a recorded subscription still exists;
// and its writes, each failure kept on its item instead of ending the run.
import type { IExecuteFunctions } from 'n8n-workflow';
import { isJsonRecord } from '../../../../shared/jsonRecord';
import { isNotFoundError } from '../../../../shared/transport';
import {
	type WebhookRequest,
	deleteSubscription,
	listRecentDeliveries,
	patchSubscription,
	readSubscription,
} from '../../../../shared/resources/webhookSubscription/api';
import { type LogReading } from './orphans';
import {
	DELIVERIES_READ,
	refusalProof,
	refusedNow,
	servedMeanwhile,
	type ProofTimes,
} from './refusalProof';
import {
	type LookupAnswer,
	type Orphan,
	type Subscription,
	type TriggerVerdict,
} from './triggerVerdicts';
import { ownAndExtras, type CheckAction } from './checkActions';

/** A failed write's message for its item, with the platform's request ID when the error names one. */
function failureOf(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	const description =
		isJsonRecord(error) || error instanceof Error
			? (error as { description?: unknown }).description
			: undefined;
	const requestId =
		typeof description === 'string'
			? /Request ID: ([^\s]+?)\.?(?:\s|$)/.exec(description)?.[1]
			: undefined;
	return requestId === undefined ? message : `${message} (Request ID: ${requestId})`;
}

/** Runs `write`; its failure becomes the item's action and error instead of ending the run. */
export async function attempt(
	action: CheckAction,
	write: () => Promise<void>,
): Promise<{ action: CheckAction; error?: string }> {
	try {
		await write();
		return { action };
	} catch (error) {
		return { action: 'failed', error: failureOf(error) };
	}
}

/** A subscription's delivery log, newest first; a log that cannot be read proves nothing. */
async function readLog(
	request: WebhookRequest,
	subscriptionId: string,
): Promise<{ deliveries?: unknown[]; error?: string }> {
	try {
		return { deliveries: await listRecentDeliveries(request, subscriptionId, DELIVERIES_READ) };
	} catch (error) {
		return { error: failureOf(error) };
	}
}

/**
 * Each orphan's refusals from its log (refusalProof.ts), confirmed by the logs of this n8n's other
 * trigger subscriptions (`served`: n8n answered one meanwhile). Those are read only when an orphan
 * was refused, once each.
 */
export async function readProofs(
	request: WebhookRequest,
	orphans: readonly Orphan[],
	served: readonly Subscription[],
	now: number,
): Promise<Map<string, LogReading>> {
	const readings = new Map<string, LogReading>();
	for (const { subscription } of orphans) {
		const { deliveries, error } = await readLog(request, subscription.id);
		const times: ProofTimes = {
			now,
			changedAt: Date.parse(String(subscription.updated_at ?? subscription.created_at)),
		};
		readings.set(
			subscription.id,
			deliveries === undefined ? { error } : { proof: refusalProof(deliveries, times) },
		);
	}
	if (![...readings.values()].some((reading) => reading.proof !== undefined)) return readings;
	const otherLogs = new Map<string, unknown[]>();
	for (const { id } of served) otherLogs.set(id, (await readLog(request, id)).deliveries ?? []);
	for (const [id, { proof }] of readings)
		if (proof !== undefined)
			readings.set(id, { proof: servedMeanwhile(proof, otherLogs) ?? proof });
	return readings;
}

/**
 * What this n8n answers now to an unsigned POST to `url` (a subscription's, under its own webhook
 * address): refused when it is n8n's own "not registered" (refusalProof.ts refusedNow). A live
 * trigger refuses an unsigned delivery (401, or 503 before its subscription is stored) and starts
 * no run; an answer that cannot be had proves nothing.
 */
export async function askUrlNow(
	context: IExecuteFunctions,
	url: string,
): Promise<{ refused: boolean; answer: string }> {
	try {
		const response = (await context.helpers.httpRequest({
			method: 'POST',
			url,
			body: {},
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 15_000,
		})) as { statusCode?: number; body?: unknown };
		const body = typeof response.body === 'string' ? parsedJson(response.body) : response.body;
		return {
			refused: refusedNow(response.statusCode, body),
			answer: `it answered ${String(response.statusCode)}`,
		};
	} catch (error) {
		return { refused: false, answer: `no answer: ${failureOf(error)}` };
	}
}

function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** Whether the platform still has the subscription a trigger registered: `gone` only on its 404. */
export async function lookUp(
	request: WebhookRequest,
	subscriptionId: string,
): Promise<LookupAnswer> {
	try {
		return { gone: false, url: (await readSubscription(request, subscriptionId)).url };
	} catch (error) {
		return isNotFoundError(error) ? { gone: true } : { error: failureOf(error) };
	}
}

/** Carries out a verdict's action on the platform: re-enable, set the events back, or delete the extras beside its own. */
export async function repairInPlace(
	request: WebhookRequest,
	verdict: TriggerVerdict,
	action: CheckAction,
): Promise<{ action: CheckAction; error?: string }> {
	const { own, extras } = ownAndExtras(verdict);
	if (own === undefined || (action !== 're-enabled' && action !== 'repaired')) return { action };
	if (action === 're-enabled')
		return await attempt(
			action,
			async () => await patchSubscription(request, own.id, { enabled: true }),
		);
	if (verdict.state === 'wrong_events')
		return await attempt(
			action,
			async () => await patchSubscription(request, own.id, { events: verdict.events }),
		);
	return await attempt(action, async () => {
		for (const extra of extras) await deleteSubscription(request, extra.id);
	});
}
