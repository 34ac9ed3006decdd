import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getMany as standardGetMany, listPlan, type ListPlan } from '../../operations/getMany';
import { toNodeError } from '../../toNodeError';
import { thisN8nWebhookAddress } from '../../thisN8n/resumeUrl';
import { isNotFoundError } from '../../transport';
import type { OperationExecute, ResourceDescriptor, ResourceOperation } from '../descriptor';
import { deliveryFields, listSubscriptions } from '../webhookSubscription/api';
import { webhookRequest } from '../webhookSubscription/picker';
import { thisN8nSubscriptions } from '../webhookSubscription/thisN8n';
import { mergeByCreation } from './merge';
import { deliveriesPath, subscriptionParameter } from './target';

const SCOPE_PARAMETER = 'deliveriesOf';

/** The IDs of the subscriptions that deliver to this n8n, in creation order, read on the plan's rate budget. */
async function thisN8nSubscriptionIds(this: IExecuteFunctions, plan: ListPlan, itemIndex: number): Promise<string[]> {
	const subscriptions = await listSubscriptions(webhookRequest(this, plan.requestOptions));
	return thisN8nSubscriptions(thisN8nWebhookAddress.call(this, itemIndex), subscriptions).map((subscription) => subscription.id);
}

/**
 * One subscription's log, or the logs of every subscription that delivers to this n8n merged
 * by creation (docs/api-contract.md §8.8: there is no account-wide list), each read with the same
 * filters and sort, up to Limit records in all.
 */
const execute: OperationExecute = async function (this, resource, itemIndex) {
	// One subscription's log: the shared Get Many of a nested resource, under the subscription its parameter names.
	if (this.getNodeParameter(SCOPE_PARAMETER, itemIndex) === 'subscription') return await standardGetMany.execute.call(this, resource, itemIndex);
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
	const records = mergeByCreation(logs, plan.query.sort === 'created_at', plan.limit).map(deliveryFields);
	return records.map(plan.shape) as IDataObject[];
};

function properties(resource: ResourceDescriptor): INodeProperties[] {
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
						'Every subscription with one of this n8n\'s trigger URLs (delivers_to_this_n8n), their deliveries merged into one list, newest first unless a Sort rule says otherwise',
				},
				{ name: 'One Subscription', value: 'subscription', description: 'The log of one subscription' },
			],
			default: 'thisN8n',
		},
		{
			...subscriptionParameter('The subscription whose deliveries to list: pick one from the list, or give its ID'),
			displayOptions: { show: { [SCOPE_PARAMETER]: ['subscription'] } },
		},
		...standardGetMany.properties(resource),
	];
}

/** Get Many: deliveries of one subscription or of all of this n8n's, with the platform's filters. */
export const getMany: ResourceOperation = {
	value: 'getMany',
	option: (resource) => ({
		name: 'Get Many',
		value: 'getMany',
		description: `List the deliveries of one subscription or of all of this n8n's, filtered by status, event type and creation time; each item is one ${resource.displayName.toLowerCase()}: ${resource.summary}`,
		action: `Get many ${resource.plural}`,
	}),
	properties,
	execute,
};
