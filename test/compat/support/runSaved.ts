/**
 * Runs one saved Education Platform node against the in-process sandbox, through n8n's engine
 * (test/harness), and returns what it did as plain JSON for the golden file:
 * - action node: its output items and the requests it sent (method, path, sorted query);
 * - webhook trigger: activation's requests and the subscription the platform then holds (URL,
 *   expanded events), the node's answer and items for one signed delivery of every event type,
 *   and deactivation's requests;
 * - polling trigger: the items of the activation poll and of the next two polls (a backfill, then
 *   nothing new), the requests, and the static data n8n would save (the cursor's shape).
 * The caller freezes Date (the sandbox clock reads the same instant), so every value is stable
 * except the ones `normalise` replaces.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { EventFactory } from '../../../sandbox/events/factory';
import { EVENT_TYPES } from '../../../sandbox/schemas/events';
import { webhooksOf } from '../../../sandbox/webhooks/plugin';
import { signatureHeaders } from '../../../sandbox/webhooks/signing';
import { runNode } from '../../harness';
import { createPollWorkflow } from '../../harness/pollHarness';
import {
	createTriggerWorkflow,
	type Receiver,
	type TriggerWorkflow,
} from '../../harness/triggerHarness';
import type { RecordedRequest } from '../../integration/support/httpTraffic';
import {
	accessTokenCredentials,
	oAuth2Credentials,
	type LiveSandbox,
} from '../../integration/support/liveSandbox';
import { NODE_TYPES, type SavedNode } from './savedNodes';

/** The Manual registration's signing secret (the signing credential of the saved nodes). */
export const MANUAL_SIGNING_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** What an action node after a trigger gets: examples read `$json.student_id` / `$json.data.student_id`. */
const ACTION_INPUT = [{ student_id: 7, data: { student_id: 7 } }];

export interface CompatContext {
	sandbox: LiveSandbox;
	receiver: Receiver;
	/** The trigger the receiver hands deliveries to. */
	setTarget(trigger: TriggerWorkflow): void;
	/** The frozen "now", ms. */
	now: number;
}

/**
 * Values that differ on every run and nothing else: random event, subscription and secret ids,
 * signatures over them, and the loopback ports of the sandbox and the receiver.
 */
const VOLATILE: Array<[RegExp, string]> = [
	[/evt_[0-9A-Za-z]{20}/g, 'evt_<random>'],
	[/wh_[0-9A-Za-z]{10}/g, 'wh_<random>'],
	[/whsec_[A-Za-z0-9+/=]+/g, 'whsec_<random>'],
	[/v1,[A-Za-z0-9+/=]+/g, 'v1,<signature>'],
	[/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>'],
];

export function normalise(value: unknown): unknown {
	if (typeof value === 'string')
		return VOLATILE.reduce((text, [pattern, stand]) => text.replace(pattern, stand), value);
	if (Array.isArray(value)) return value.map(normalise);
	if (typeof value === 'object' && value !== null) {
		return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, normalise(field)]));
	}
	return value;
}

function describeRequest({ method, path, query, status }: RecordedRequest): string {
	const sorted = [...query.entries()].map(([key, value]) => `${key}=${value}`).sort();
	return `${method} ${path}${sorted.length ? `?${sorted.join('&')}` : ''} → ${String(status)}`;
}

/** Requests sent while `action` ran; sorted, since concurrent pages may go out in any order. */
async function withRequests<T>(
	sandbox: LiveSandbox,
	action: () => Promise<T>,
): Promise<{ result: T; requests: string[] }> {
	const from = sandbox.traffic.requests.length;
	const result = await action();
	return { result, requests: sandbox.traffic.requests.slice(from).map(describeRequest).sort() };
}

/** A poll's items, or the message n8n would show when it failed. */
async function pollStep(
	sandbox: LiveSandbox,
	poll: () => Promise<IDataObject[]>,
): Promise<IDataObject> {
	const { result, requests } = await withRequests(sandbox, async () => {
		try {
			return { items: await poll() };
		} catch (error) {
			const { message, description } = error as { message: string; description?: string };
			return { error: { message, description: description ?? null } };
		}
	});
	return { ...result, requests };
}

function credentialsFor(node: INode, sandbox: LiveSandbox) {
	if (node.parameters.registration === 'manual') {
		return { educationPlatformWebhookSigningApi: { signingSecret: MANUAL_SIGNING_SECRET } };
	}
	return node.parameters.authentication === 'oAuth2'
		? oAuth2Credentials(sandbox)
		: accessTokenCredentials(sandbox);
}

async function runAction({ node }: SavedNode, { sandbox }: CompatContext): Promise<IDataObject> {
	const { result, requests } = await withRequests(sandbox, async () =>
		runNode({
			nodeType: NODE_TYPES.action(),
			parameters: node.parameters,
			typeVersion: node.typeVersion,
			nodeName: node.name,
			credentials: credentialsFor(node, sandbox),
			input: ACTION_INPUT,
		}),
	);
	return {
		error: result.error
			? { message: result.error.message, description: result.error.description ?? null }
			: null,
		items: result.items.map((item) => item.json),
		requests,
	};
}

async function deliverEveryType(
	trigger: TriggerWorkflow,
	secret: string,
	context: CompatContext,
): Promise<IDataObject[]> {
	// A fresh generator per node, so a node's payloads do not depend on the nodes before it.
	const factory = new EventFactory(23, context.sandbox.state.students, () => context.now);
	context.setTarget(trigger);
	const deliveries: IDataObject[] = [];
	for (const type of EVENT_TYPES) {
		const event = factory.create(type);
		const body = JSON.stringify(event);
		const headers = signatureHeaders([secret], event.id, Math.floor(context.now / 1000), body);
		const before = context.receiver.deliveries.length;
		await fetch(context.receiver.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body,
		});
		const delivery = context.receiver.deliveries[before];
		deliveries.push({
			type,
			status: delivery.status,
			response: delivery.body === '' ? null : (JSON.parse(delivery.body) as IDataObject),
			items: delivery.items ?? null,
		});
	}
	return deliveries;
}

async function runTrigger({ node }: SavedNode, context: CompatContext): Promise<IDataObject> {
	const { sandbox, receiver } = context;
	const trigger = createTriggerWorkflow({
		nodeType: NODE_TYPES.trigger(),
		parameters: node.parameters,
		typeVersion: node.typeVersion,
		credentials: credentialsFor(node, sandbox),
		instanceUrl: new URL(receiver.url).origin,
	});
	const activation = await withRequests(sandbox, async () => await trigger.activate());
	const subscriptions = webhooksOf(sandbox.state).subscriptions.list({ url: receiver.url });
	const staticData = trigger.staticData();
	const secret =
		node.parameters.registration === 'manual'
			? MANUAL_SIGNING_SECRET
			: String(staticData.webhookSecret);
	const staticDataKeys = Object.keys(staticData).sort();
	const deliveries = await deliverEveryType(trigger, secret, context);
	const deactivation = await withRequests(sandbox, async () => await trigger.deactivate());
	return {
		activation: {
			requests: activation.requests,
			subscriptions: subscriptions.map(({ url, events, description, enabled }) => ({
				url,
				events,
				description,
				enabled,
			})),
			staticDataKeys,
		},
		deliveries,
		deactivation: { returned: deactivation.result, requests: deactivation.requests },
	};
}

async function runPolling({ node }: SavedNode, { sandbox }: CompatContext): Promise<IDataObject> {
	const poller = createPollWorkflow({
		nodeType: NODE_TYPES.polling(),
		parameters: node.parameters as INodeParameters,
		credentials: credentialsFor(node, sandbox),
	});
	const activation = await pollStep(sandbox, async () => await poller.activate());
	const firstPoll = await pollStep(sandbox, async () => await poller.poll());
	poller.restart();
	const afterRestart = await pollStep(sandbox, async () => await poller.poll());
	return { activation, firstPoll, afterRestart, savedStaticData: poller.savedStaticData() };
}

export async function runSaved(saved: SavedNode, context: CompatContext): Promise<unknown> {
	const run = { action: runAction, trigger: runTrigger, polling: runPolling }[saved.kind];
	return normalise(JSON.parse(JSON.stringify(await run(saved, context))));
}
