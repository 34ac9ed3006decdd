import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { optionsCollection } from '../../../shared/descriptions/options';
import type { JsonRecord } from '../../../shared/jsonRecord';
import { deliversTo, thisN8nWebhookAddress } from '../../../shared/thisN8n/address';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import {
	deleteSubscription,
	readSubscription,
} from '../../../shared/resources/webhookSubscription/api';
import {
	subscriptionLocator,
	webhookRequest,
} from '../../../shared/resources/webhookSubscription/picker';
import { requireDeliversToThisN8n } from '../../../shared/thisN8n/subscriptions';

// Delete: removes a subscription for good, with its pending retries and delivery log
// (docs/api-contract.md §8.1, §8.5).

/** What Delete says of a subscription that delivered to this n8n. */
function deletedNote(subscription: JsonRecord): string {
	const owner =
		typeof subscription.description === 'string' && subscription.description !== ''
			? ` (${subscription.description})`
			: '';
	return `This subscription delivered to this n8n${owner}. If the Education Platform Trigger of a published workflow registered it, that trigger receives no events from now on, and events meanwhile are not kept for it: unpublish and publish that workflow (on n8n 1.x: deactivate and activate it) to register it again.`;
}

/** The option with which Delete deletes a subscription that does not deliver to this n8n. */
const DELETE_ELSEWHERE_OPTION = 'Delete Even If It Delivers Elsewhere';

export function option(resource: ResourceDescriptor): INodePropertyOptions {
	return {
		name: 'Delete',
		value: 'delete',
		description: `Delete a ${resource.displayName.toLowerCase()} permanently: its pending retries and delivery log are gone; only one that delivers to this n8n, unless an option allows others`,
		action: `Delete ${resource.displayName.toLowerCase()}`,
		// Not an AI agent's tool: deleting cannot be undone, and an agent reads subscriptions'
		// descriptions, which others write. `hide`, as Check Triggers does (checkTriggers.operation.ts).
		displayOptions: { hide: { '@tool': [true] } },
	};
}

export function description(resource: ResourceDescriptor): INodeProperties[] {
	return [
		subscriptionLocator(
			resource.id.parameter,
			resource.id.displayName,
			'The subscription to delete: pick one from the list, or give its ID',
		),
		optionsCollection([
			{
				displayName: DELETE_ELSEWHERE_OPTION,
				name: 'deleteElsewhere',
				type: 'boolean',
				default: false,
				description:
					"Whether to delete the subscription also when it does not deliver to this n8n: its URL is another n8n's or another service's, or this n8n's webhook address cannot be read. Off: such a subscription is an error and stays.",
			},
		]),
	];
}

/**
 * `DELETE /v1/webhooks/{id}`, after reading it: only a subscription that delivers to this n8n,
 * unless Options say otherwise (shared/thisN8n/subscriptions.ts requireDeliversToThisN8n).
 * Deleting is for good: the platform cancels its pending retries and discards its delivery log
 * (docs/api-contract.md §8.5). The result says whether it delivered to this n8n. Never run by an
 * AI agent's tool: the Operation selector hides it there, and the router refuses it
 * (../helpers/aiTool.ts).
 */
export async function execute(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
): Promise<IDataObject[]> {
	const id = resource.id.parse(
		this.getNodeParameter(resource.id.parameter, itemIndex, undefined, { extractValue: true }),
	);
	const { deleteElsewhere } = this.getNodeParameter('options', itemIndex, {}) as {
		deleteElsewhere?: boolean;
	};
	const request = webhookRequest(this, { notFoundAdvice: resource.id.notFoundAdvice, itemIndex });
	const consequence = 'so Delete deleted nothing';
	const subscription = await readSubscription(request, String(id), {}, consequence);
	const address = thisN8nWebhookAddress.call(this, itemIndex);
	if (deleteElsewhere !== true)
		requireDeliversToThisN8n(subscription, address, {
			operation: 'Delete',
			consequence,
			override: DELETE_ELSEWHERE_OPTION,
		});
	await deleteSubscription(request, String(id));
	const toThisN8n = deliversTo(address, subscription.url);
	return [
		{
			id,
			deleted: true,
			url: subscription.url ?? null,
			description: subscription.description ?? null,
			events: subscription.events ?? [],
			delivers_to_this_n8n: toThisN8n,
			note: toThisN8n ? deletedNote(subscription) : null,
		},
	];
}
