// Webhook deliveries as the platform logs them, for Get (../record/get.operation.test.ts) and
// Redeliver (redeliver.operation.test.ts). The harness's n8n runs at TEST_INSTANCE_URL, so a
// subscription under it delivers to "this n8n".
import { TEST_INSTANCE_URL, TEST_WEBHOOK_ID } from '../../../../harness';

export const LOG = '/v1/webhooks/wh_1/deliveries';
/** wh_1: a trigger's subscription of this n8n. */
export const OURS = {
	id: 'wh_1',
	url: `${TEST_INSTANCE_URL}/webhook/${TEST_WEBHOOK_ID}/webhook`,
	enabled: true,
};
/** wh_1 as another integration's subscription on the same account. */
export const ACCOUNTING = {
	id: 'wh_1',
	url: 'https://accounting.example/hooks/edu',
	enabled: true,
};
export const delivery = (id: string, status: string) => ({
	id,
	webhook_id: 'wh_1',
	event_id: 'evt_1',
	event_type: 'payment.failed',
	status,
	attempt_count: 8,
	next_attempt_at: null,
	created_at: '2026-11-21T09:15:02.000000Z',
	attempts: [],
});
export const target = {
	resource: 'webhookDelivery',
	webhookSubscriptionId: { __rl: true, mode: 'id', value: 'wh_1' },
	webhookDeliveryId: 'dlv_1',
};

/**
 * A delivery as a platform might log it beyond the contract: the request it sent (the headers carry
 * credentials), a signing key, credentials, a nested object, in the delivery and in its attempts.
 */
export const withHeaders = (id: string, status: string) => ({
	...delivery(id, status),
	request_headers: { authorization: 'Bearer platform-token' },
	signing_key: 'sk_live_1',
	credentials: { username: 'sync', password: 'p' },
	receiver: { url: 'https://n8n.example/h', auth: { basic: 'dTpw' } },
	event_type: { name: 'payment.failed', token: 't' },
	attempts: [
		{
			attempt: 1,
			response_status: 500,
			error: null,
			request_headers: { 'webhook-signature': 'v1,abc' },
			response_body: { session: 's' },
		},
	],
});
export const withoutHeaders = (id: string, status: string) => {
	const { event_type: _eventType, ...rest } = delivery(id, status);
	return { ...rest, attempts: [{ attempt: 1, response_status: 500, error: null }] };
};
