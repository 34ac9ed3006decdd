// Webhook subscriptions as the platform lists them, for Get and Get Many
// (deliversToThisN8n.test.ts) and Delete (delete.operation.test.ts). The harness's n8n
// runs at TEST_INSTANCE_URL, so subscriptions under it deliver to "this n8n".
import { TEST_INSTANCE_URL, TEST_WEBHOOK_ID } from '../../../../harness';

export const ours = {
	id: 'wh_ours1',
	url: `${TEST_INSTANCE_URL}/webhook/${TEST_WEBHOOK_ID}/webhook`,
	events: ['payment.failed'],
	description: 'n8n workflow Fees (Trigger)',
	enabled: true,
};
export const theirs = {
	id: 'wh_theirs1',
	url: 'https://elsewhere.example/hook',
	events: ['payment.failed'],
	description: null,
	enabled: true,
};
/** Another integration's subscription on the same platform account. */
export const accounting = {
	id: 'wh_acct1',
	url: 'https://accounting.example/hooks/edu',
	events: ['payment.succeeded'],
	description: 'Accounting sync',
	enabled: true,
};
export const locator = (id: string) => ({ __rl: true, mode: 'id', value: id });
