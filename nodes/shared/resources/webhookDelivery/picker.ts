import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { ActionableError } from '../../errors';
import type { Picker } from '../descriptor';
import { searchablePicker, type ListPage } from '../listPicker';
import { deliveryName } from './simplify';
import { parseSubscriptionId } from '../webhookSubscription/api';
import { SUBSCRIPTION_ID_PARAMETER } from '../webhookSubscription/picker';
import { deliveriesPath, DELIVERY_ID } from './target';

// The Webhook Delivery picker of Get (action node version 2): a delivery lives in one
// subscription's log (docs/api-contract.md §8.8), so the list is the chosen subscription's,
// newest first. The platform has no search over deliveries, so the typed text is matched in each
// page's names (event type, time, status).

/** The subscription chosen above the picker, or what to do when there is none yet. */
function chosenSubscription(context: ILoadOptionsFunctions): string {
	const value = context.getCurrentNodeParameter(SUBSCRIPTION_ID_PARAMETER, { extractValue: true });
	if (value === undefined || value === null || String(value).trim() === '') {
		throw new ActionableError(
			'Webhook Subscription is empty, so there are no deliveries to list',
			'Pick a webhook subscription first (the field above): the list shows the deliveries in its log.',
		);
	}
	return parseSubscriptionId(value);
}

function deliveryList(this: ILoadOptionsFunctions, search?: string): ListPage {
	return {
		path: deliveriesPath(chosenSubscription(this)),
		sort: '-created_at',
		matchNames: search,
		name: deliveryName,
	};
}

export const DELIVERY_PICKER: Picker = searchablePicker({
	parameter: DELIVERY_ID.parameter,
	displayName: 'Webhook Delivery',
	prefix: 'dlv',
	example: 'dlv_8Ui9Op0A',
	method: 'searchWebhookDeliveries',
	placeholder: 'Search by event type, date or status…',
	// Get and Redeliver name the delivery with it.
	description:
		"The delivery in the chosen subscription's log: pick one from the list, or give its ID",
	list: deliveryList,
});
