import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { thisN8nWebhookAddress } from '../../../shared/thisN8n/resumeUrl';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import * as get from '../record/get.operation';
import * as getMany from '../record/getMany.operation';
import * as checkTriggers from './checkTriggers.operation';
import * as remove from './delete.operation';
import { markDelivery } from './thisN8n';

type ItemExecute = (this: IExecuteFunctions, resource: ResourceDescriptor, itemIndex: number) => Promise<IDataObject[]>;

/**
 * Get or Get Many (only the contract's fields: the descriptor's outputFields) with
 * `delivers_to_this_n8n` added after them on every record, the simplified ones included.
 */
function marked<T extends { execute: ItemExecute }>(operation: T): T {
	const execute: ItemExecute = async function (resource, itemIndex) {
		const records = await operation.execute.call(this, resource, itemIndex);
		return markDelivery(records, thisN8nWebhookAddress.call(this, itemIndex));
	};
	return { ...operation, execute };
}

/** The Operation selector's order: by name. */
export const operations = { checkTriggers, delete: remove, get: marked(get), getMany: marked(getMany) };
