import type { INodeProperties } from 'n8n-workflow';
import type { JsonRecord } from '../../jsonRecord';
import { get } from '../../operations/get';
import { getMany } from '../../operations/getMany';
import { deliversTo } from '../../thisN8n/address';
import { thisN8nWebhookAddress } from '../../thisN8n/resumeUrl';
import type { OperationExecute, ResourceDescriptor, ResourceOperation, WholeInputOperation } from '../descriptor';
import { deleteSubscription, readSubscription } from './api';
import { checkTriggers } from './checkTriggers';
import { subscriptionLocator, webhookRequest } from './picker';
import { markDelivery } from './thisN8n';

/**
 * Get or Get Many (only the contract's fields: the descriptor's outputFields) with
 * `delivers_to_this_n8n` added after them on every record, the simplified ones included.
 */
function marked(operation: ResourceOperation): ResourceOperation {
	const execute: OperationExecute = async function (this, resource, itemIndex) {
		const records = await operation.execute.call(this, resource, itemIndex);
		return markDelivery(records, thisN8nWebhookAddress.call(this, itemIndex));
	};
	return { ...operation, execute };
}

/** What Delete says of a subscription that delivered to this n8n. */
export function deletedNote(subscription: JsonRecord): string {
	const owner = typeof subscription.description === 'string' && subscription.description !== '' ? ` (${subscription.description})` : '';
	return `This subscription delivered to this n8n${owner}. If an active workflow's Education Platform Trigger registered it, that trigger receives no events from now on, and events meanwhile are not kept for it: deactivate and activate (unpublish and publish) that workflow to register it again.`;
}

/** `DELETE /v1/webhooks/{id}`, after reading it: the result says whether it delivered to this n8n. */
const executeDelete: OperationExecute = async function (this, resource, itemIndex) {
	const id = resource.id.parse(this.getNodeParameter(resource.id.parameter, itemIndex, undefined, { extractValue: true }));
	const request = webhookRequest(this, { notFoundAdvice: resource.id.notFoundAdvice, itemIndex });
	const subscription = await readSubscription(request, String(id), {}, 'so Delete deleted nothing');
	await deleteSubscription(request, String(id));
	const toThisN8n = deliversTo(thisN8nWebhookAddress.call(this, itemIndex), subscription.url);
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
};

const deleteProperties = (resource: ResourceDescriptor): INodeProperties[] => [
	subscriptionLocator(resource.id.parameter, resource.id.displayName, 'The subscription to delete: pick one from the list, or give its ID'),
];

/** Delete: removes a subscription and its delivery log (docs/api-contract.md §8.1, §8.5). */
const remove: ResourceOperation = {
	value: 'delete',
	option: (resource) => ({
		name: 'Delete',
		value: 'delete',
		description: `Delete a ${resource.displayName.toLowerCase()}, its pending retries and its delivery log; the result says when it delivered to this n8n`,
		action: `Delete a ${resource.displayName.toLowerCase()}`,
	}),
	properties: deleteProperties,
	execute: executeDelete,
};

/** The Operation selector's order: by name. */
export const SUBSCRIPTION_OPERATIONS: ReadonlyArray<ResourceOperation | WholeInputOperation> = [checkTriggers, remove, marked(get), marked(getMany)];
