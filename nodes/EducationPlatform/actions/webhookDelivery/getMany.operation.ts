import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { toNodeError } from '../../../shared/toNodeError';
import { thisN8nWebhookAddress } from '../../../shared/thisN8n/address';
import { isNotFoundError } from '../../../shared/transport';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import { listSubscriptions } from '../../../shared/resources/webhookSubscription/api';
import { deliveryFields } from '../../../shared/resources/webhookSubscription/contractFields';
import { webhookRequest } from '../../../shared/resources/webhookSubscription/picker';
import {
	deliveriesPath,
	subscriptionParameter,
} from '../../../shared/resources/webhookDelivery/target';
import { getManyProperties } from '../helpers/getManyParameters';
import { listPlan, listRecords, type ListPlan } from '../helpers/listPlan';
import { thisN8nSubscriptions } from '../../../shared/thisN8n/subscriptions';
import { mergeByCreation } from './merge';

// Get Many of webhook deliveries: of one subscription, or of all of this n8n's, with the
// platform's filters.

const SCOPE_PARAMETER = 'deliveriesOf';

/** The IDs of the subscriptions that deliver to this n8n, in creation order, read on the plan's rate budget. */
async function thisN8nSubscriptionIds(
	this: IExecuteFunctions,
	plan: ListPlan,
	itemIndex: number,
): Promise<string[]> {
	const subscriptions = await listSubscriptions(webhookRequest(this, plan.requestOptions));
	return thisN8nSubscriptions(thisN8nWebhookAddress.call(this, itemIndex), subscriptions).map(
		(subscription) => subscription.id,
	);
}

/**
 * One subscription's log, or the logs of every subscription that delivers to this n8n merged
 * by creation (docs/api-contract.md §8.8: there is no account-wide list), each read with the same
 * filters and sort, up to Limit records in all.
 */
export async function execute(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
): Promise<IDataObject[]> {
	// One subscription's log: the record's Get Many of a nested resource, under the subscription its parameter names.
	if (this.getNodeParameter(SCOPE_PARAMETER, itemIndex) === 'subscription')
		return await listRecords.call(this, resource, itemIndex);
	const plan = await listPlan.call(this, resource, itemIndex);
	const logs: unknown[][] = [];
	for (const webhookId of await thisN8nSubscriptionIds.call(this, plan, itemIndex)) {
		try {
			logs.push(await plan.collect(deliveriesPath(webhookId)));
		} catch (error) {
			// Deleted since it was listed (e.g. its workflow was deactivated): no log left to read.
			if (!isNotFoundError(error)) throw toNodeError(this.getNode(), error, itemIndex);
		}
	}
	const records = mergeByCreation(logs, plan.query.sort === 'created_at', plan.limit).map(
		deliveryFields,
	);
	return records.map(plan.shape) as IDataObject[];
}

export function description(resource: ResourceDescriptor): INodeProperties[] {
	return [
		{
			displayName: 'Deliveries Of',
			name: SCOPE_PARAMETER,
			type: 'options',
			description: 'Whose delivery logs to read: the platform keeps one per subscription',
			options: [
				{
					name: 'All Subscriptions Delivering Here',
					value: 'thisN8n',
					description:
						"Every subscription with one of this n8n's trigger URLs (delivers_to_this_n8n), their deliveries merged into one list, newest first unless a Sort rule says otherwise",
				},
				{
					name: 'One Subscription',
					value: 'subscription',
					description: 'The log of one subscription',
				},
			],
			default: 'thisN8n',
		},
		{
			...subscriptionParameter(
				'The subscription whose deliveries to list: pick one from the list, or give its ID',
			),
			displayOptions: { show: { [SCOPE_PARAMETER]: ['subscription'] } },
		},
		...getManyProperties(resource),
	];
}

export function option(resource: ResourceDescriptor): INodePropertyOptions {
	return {
		name: 'Get Many',
		value: 'getMany',
		description: `List the deliveries of one subscription or of all of this n8n's, filtered by status, event type and creation time; each item is one ${resource.displayName.toLowerCase()}: ${resource.summary}`,
		action: `Get many ${resource.plural}`,
	};
}
