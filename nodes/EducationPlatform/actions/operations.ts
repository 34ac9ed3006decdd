import * as checkTriggers from './webhookSubscription/checkTriggers/checkTriggers.operation';
import type { OperationTable } from './helpers/operation';
import * as get from './record/get.operation';
import * as getMany from './record/getMany.operation';
import * as getManyDeliveries from './webhookDelivery/getMany.operation';
import * as redeliver from './webhookDelivery/redeliver.operation';
import * as remove from './webhookSubscription/delete.operation';
import { withDeliversToThisN8n } from './webhookSubscription/deliversToThisN8n';

/**
 * The operations of a resource that offers only reading its records (students, enrollments,
 * payments, exam results, and any resource added to the catalog without a folder here).
 */
const record = { get, getMany };

/**
 * The action node's routing table: each resource's operations by the Resource parameter's value,
 * each resource's in the Operation selector's order (by name, as n8n's linter wants). The node
 * hands it to the router, which dispatches through it, and to the panel (description.ts), which
 * lists it. Every resource of the catalog (nodes/shared/resources/registry.ts) is one line here:
 * the record's Get and Get Many, or those beside its own folder's operations.
 */
export const OPERATIONS: OperationTable = {
	student: record,
	enrollment: record,
	payment: record,
	examResult: record,
	webhookSubscription: {
		checkTriggers,
		delete: remove,
		get: withDeliversToThisN8n(get, { one: true }),
		getMany: withDeliversToThisN8n(getMany, { one: false }),
	},
	// Get is the record's, under the delivery's subscription.
	webhookDelivery: { get, getMany: getManyDeliveries, redeliver },
};
