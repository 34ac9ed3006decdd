import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { optionsCollection } from '../../../shared/descriptions/options';
import { ActionableError, quoted } from '../../../shared/errors';
import { isJsonRecord, type JsonRecord } from '../../../shared/jsonRecord';
import { nextPageQuery, type ListResponse, type ParsedPage } from '../../../shared/list/page';
import { readPages } from '../../../shared/list/paging';
import { thisN8nWebhookAddress } from '../../../shared/thisN8n/address';
import { apiRequest, readCredential, type ApiRequestOptions } from '../../../shared/transport';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import { WEBHOOK_SCOPES } from '../../../shared/scopes';
import {
	readSubscription as readWebhookSubscription,
	type Subscription,
} from '../../../shared/resources/webhookSubscription/api';
import { deliveryFields } from '../../../shared/resources/webhookSubscription/contractFields';
import {
	SUBSCRIPTION_NOT_FOUND_ADVICE,
	webhookRequest,
} from '../../../shared/resources/webhookSubscription/picker';
import { deliveriesPath, NOT_FOUND_ADVICE } from '../../../shared/resources/webhookDelivery/target';
import { runsAsTool } from '../helpers/aiTool';
import { readRecordTarget, recordProperties, type RecordTarget } from '../helpers/recordTarget';
import { requireDeliversToThisN8n } from '../../../shared/thisN8n/subscriptions';
import {
	disabledSkip,
	REDELIVER_ANYWAY_OPTION,
	REDELIVER_ELSEWHERE_OPTION,
	redeliverSkip,
} from './redeliverCheck';

// Redeliver: sends a past delivery's event again, as a new delivery with the same event ID.

/** One delivery of the target, only the contract's fields (webhookSubscription/contractFields.ts's deliveryFields). */
async function readDelivery(
	this: IExecuteFunctions,
	target: RecordTarget,
	options: ApiRequestOptions,
): Promise<JsonRecord> {
	const response = (await apiRequest.call(this, 'GET', target.path, options)) as { data?: unknown };
	const delivery = deliveryFields(response?.data ?? response);
	return isJsonRecord(delivery) ? delivery : {};
}

/** Pages of an event's deliveries Redeliver reads at most: far beyond what the retry schedule and MAX_FAILED_DELIVERIES make, so only a platform that loops reaches it. */
const MAX_EVENT_PAGES = 20;

/**
 * Every delivery of the event, newest first, page after page (`filter[event_id]`, docs/api-contract.md
 * §8.7): the one that makes sending it unnecessary may be on any page.
 */
async function readEventDeliveries(
	this: IExecuteFunctions,
	webhookId: string,
	eventId: string,
	options: ApiRequestOptions,
): Promise<unknown[]> {
	const fetchPage = async (qs: Record<string, string | number>): Promise<ListResponse> => {
		const response = (await apiRequest.call(this, 'GET', deliveriesPath(webhookId), {
			...options,
			qs,
			returnFullResponse: true,
		})) as ListResponse;
		if (
			!Array.isArray(response?.body) &&
			!Array.isArray((response?.body as { data?: unknown } | undefined)?.data)
		) {
			throw new ActionableError(
				`The API did not answer with a list of event ${quoted(eventId)}'s deliveries, so Redeliver could not check it and did not send it`,
				"Check that the credential's Base URL points to the Education Platform API (e.g. https://school.example.com or …/api).",
			);
		}
		return response;
	};
	let pagesRead = 0;
	const next = (query: Record<string, string | number>, page: ParsedPage) => {
		const after = nextPageQuery(query, page);
		if (after !== undefined && ++pagesRead >= MAX_EVENT_PAGES) {
			throw new ActionableError(
				`Event ${quoted(eventId)} has more than ${MAX_EVENT_PAGES * 100} deliveries, so Redeliver did not read them all and did not send it`,
				`Check the event's deliveries in the platform's delivery log. To send it without the check, set Options → ${REDELIVER_ANYWAY_OPTION}.`,
			);
		}
		return after;
	};
	return await readPages(
		fetchPage,
		{ 'filter[event_id]': eventId, sort: '-created_at', page: 1, per_page: 100 },
		{ next },
	);
}

function request(
	resource: ResourceDescriptor,
	target: RecordTarget,
	itemIndex: number,
): ApiRequestOptions {
	return {
		resourceLabel: target.label,
		notFoundAdvice: NOT_FOUND_ADVICE,
		requiredScope: resource.scope,
		itemIndex,
	};
}

/**
 * The subscriptions Redeliver read in one run of the node, by ID: a recovery that redelivers many
 * deliveries of one subscription reads it once (the context is the same for every input item).
 */
const subscriptionsRead = new WeakMap<IExecuteFunctions, Map<string, Promise<Subscription>>>();

function readSubscription(
	this: IExecuteFunctions,
	webhookId: string,
	options: ApiRequestOptions,
): Promise<Subscription> {
	const read = subscriptionsRead.get(this) ?? new Map<string, Promise<Subscription>>();
	subscriptionsRead.set(this, read);
	if (!read.has(webhookId)) {
		read.set(
			webhookId,
			readWebhookSubscription(
				webhookRequest(this, options),
				webhookId,
				{ notFoundAdvice: SUBSCRIPTION_NOT_FOUND_ADVICE },
				'so Redeliver sent nothing',
			),
		);
	}
	return read.get(webhookId)!;
}

/**
 * `POST …/deliveries/{delivery_id}/redeliver`, only to a subscription that delivers to this n8n
 * (read first, once per run; a person may allow others with an option, an AI agent's tool never),
 * and unless redeliverCheck.ts finds a reason not to in the event's deliveries (one request with
 * `filter[event_id]`, docs/api-contract.md §8.7) or the subscription is disabled.
 */
export async function execute(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
): Promise<IDataObject[]> {
	// The subscription and the delivery, named as the shared Get names them.
	const target = readRecordTarget.call(this, resource, itemIndex);
	const webhookId = target.parentId as string;
	const chosen = this.getNodeParameter('options', itemIndex, {}) as {
		redeliverAnyway?: boolean;
		redeliverElsewhere?: boolean;
	};
	// An AI agent's tool sends only to this n8n, and only what the checks allow, whatever its saved
	// options say (or a model's $fromAI answer).
	const asTool = runsAsTool(this.getNode());
	const anyway = !asTool && chosen.redeliverAnyway === true;
	const elsewhere = !asTool && chosen.redeliverElsewhere === true;
	// One credential read for the item's requests: n8n loads and decrypts it on every read.
	const options = {
		...request(resource, target, itemIndex),
		credential: await readCredential.call(this),
	};
	const subscription = await readSubscription.call(this, webhookId, options);
	if (!elsewhere) {
		requireDeliversToThisN8n(subscription, thisN8nWebhookAddress.call(this, itemIndex), {
			operation: 'Redeliver',
			consequence: 'so Redeliver sent nothing',
			override: asTool ? undefined : REDELIVER_ELSEWHERE_OPTION,
		});
	}
	const delivery = await readDelivery.call(this, target, options);
	const outcome = {
		delivery_id: target.id,
		webhook_id: webhookId,
		event_id: delivery.event_id ?? null,
		event_type: delivery.event_type ?? null,
	};
	let eventDeliveries: unknown[] = [];
	// A succeeded delivery is refused without reading more; so is one without an event ID.
	if (!anyway && delivery.status !== 'succeeded' && typeof delivery.event_id === 'string') {
		eventDeliveries = await readEventDeliveries.call(this, webhookId, delivery.event_id, options);
	}
	const skip = redeliverSkip(delivery, eventDeliveries, anyway) ?? disabledSkip(subscription);
	if (skip)
		return [
			{
				redelivered: false,
				...outcome,
				skipped_reason: skip.reason,
				delivered_by: skip.delivery,
				new_delivery: null,
			},
		];
	const sent = (await apiRequest.call(this, 'POST', `${target.path}/redeliver`, {
		...options,
		requiredScope: WEBHOOK_SCOPES.write,
	})) as { data?: unknown };
	return [
		{
			redelivered: true,
			...outcome,
			skipped_reason: null,
			delivered_by: null,
			new_delivery: deliveryFields(sent?.data ?? null) as IDataObject,
		},
	];
}

export function option(): INodePropertyOptions {
	return {
		name: 'Redeliver',
		value: 'redeliver',
		description:
			"Send a delivery's event again to its subscription (same event ID, new delivery); skipped when the event was delivered since, is still being retried, has a newer delivery or failed 3 times, or the subscription is disabled",
		action: 'Send webhook delivery again',
	};
}

/** What an AI model reads after the Operation selector's text (../helpers/toolDescription.ts). */
export const toolSentence =
	'It sends only to subscriptions that deliver to this n8n (delivers_to_this_n8n: true); for any other it sends nothing and fails.';

export function description(resource: ResourceDescriptor): INodeProperties[] {
	return [
		...recordProperties(resource),
		optionsCollection([
			{
				displayName: REDELIVER_ANYWAY_OPTION,
				name: 'redeliverAnyway',
				type: 'boolean',
				default: false,
				description:
					"Whether to send the event without checking its deliveries: even when this delivery succeeded, another one of the same event succeeded, is pending or is newer, or the event failed 3 tried deliveries. Off: such a delivery is an error (succeeded) or skipped, so a scheduled recovery sends each event once. A disabled subscription is skipped either way. As an AI agent's tool the node always checks.",
				// The tool variant ignores it (execute): not shown there.
				displayOptions: { hide: { '@tool': [true] } },
			},
			{
				displayName: REDELIVER_ELSEWHERE_OPTION,
				name: 'redeliverElsewhere',
				type: 'boolean',
				default: false,
				description:
					"Whether to send the event also when its subscription does not deliver to this n8n: its URL is another n8n's or another service's, or this n8n's webhook address cannot be read. Off: such a subscription is an error and nothing is sent. As an AI agent's tool the node never sends elsewhere.",
				// The tool variant ignores it (execute): not shown there.
				displayOptions: { hide: { '@tool': [true] } },
			},
		]),
	];
}
