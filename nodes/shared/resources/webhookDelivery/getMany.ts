import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ListResponse } from '../../list/page';
import { readPages } from '../../list/paging';
import { getMany as standardGetMany, listPlan, type ListPlan } from '../../operations/getMany';
import { toNodeError } from '../../toNodeError';
import { apiRequest, isNotFoundError } from '../../transport';
import type { OperationExecute, ResourceDescriptor, ResourceOperation } from '../descriptor';
import { thisN8nWebhookAddress } from '../webhookSubscription/operations';
import { parseSubscriptionId, READ_SCOPE, SUBSCRIPTIONS_PATH } from '../webhookSubscription/picker';
import { deliversTo } from '../webhookSubscription/thisN8n';
import { mergeByCreation } from './merge';
import { deliveriesPath, SUBSCRIPTION_PARAMETER, subscriptionParameter } from './target';

const SCOPE_PARAMETER = 'deliveriesOf';
/** The platform allows 100 subscriptions per account: one page; more only guards a looping platform. */
const MAX_SUBSCRIPTION_PAGES = 10;

/** The IDs of the subscriptions that deliver to this n8n, in creation order, read on the plan's rate budget. */
async function thisN8nSubscriptions(this: IExecuteFunctions, plan: ListPlan, itemIndex: number): Promise<string[]> {
	const address = thisN8nWebhookAddress.call(this, itemIndex);
	const fetchPage = async (qs: Record<string, string | number>) =>
		(await apiRequest.call(this, 'GET', SUBSCRIPTIONS_PATH, { qs, returnFullResponse: true, requiredScope: READ_SCOPE, ...plan.requestOptions })) as ListResponse;
	const subscriptions = (await readPages(fetchPage, { page: 1, per_page: 100 }, { maxPages: MAX_SUBSCRIPTION_PAGES })) as IDataObject[];
	return subscriptions.filter((subscription) => deliversTo(address, subscription.url)).map((subscription) => String(subscription.id));
}

/**
 * One subscription's log, or the logs of every subscription that delivers to this n8n merged
 * by creation (docs/api-contract.md §8.8: there is no account-wide list), each read with the same
 * filters and sort, up to Limit records in all.
 */
const execute: OperationExecute = async function (this, resource, itemIndex) {
	const plan = await listPlan.call(this, resource, itemIndex);
	if (this.getNodeParameter(SCOPE_PARAMETER, itemIndex) === 'subscription') {
		const webhookId = parseSubscriptionId(this.getNodeParameter(SUBSCRIPTION_PARAMETER, itemIndex, undefined, { extractValue: true }));
		const records = await plan.collect(deliveriesPath(webhookId));
		return (plan.simplify ? records.map(resource.simplify) : records) as IDataObject[];
	}
	const logs: unknown[][] = [];
	for (const webhookId of await thisN8nSubscriptions.call(this, plan, itemIndex)) {
		try {
			logs.push(await plan.collect(deliveriesPath(webhookId)));
		} catch (error) {
			// Deleted since it was listed (e.g. its workflow was deactivated): no log left to read.
			if (!isNotFoundError(error)) throw toNodeError(this.getNode(), error, itemIndex);
		}
	}
	const records = mergeByCreation(logs, plan.query.sort === 'created_at', plan.limit);
	return (plan.simplify ? records.map(resource.simplify) : records) as IDataObject[];
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
					name: 'All Subscriptions of This Instance',
					value: 'thisN8n',
					description:
						'Every subscription whose URL lies under this n8n instance\'s webhook address (delivers_to_this_n8n), their deliveries merged newest first',
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
