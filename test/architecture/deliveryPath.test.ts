// The files one webhook delivery runs through: a signed payment.succeeded that the trigger's
// Events select, handed to the node's webhook() through n8n-core's real WebhookContext behind a
// real HTTP server (test/harness/triggerHarness.ts), as the trigger's integration tests deliver.
// docs/architecture.md gives the number. A ceiling: a shorter path passes.
import { randomBytes } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

import { EducationPlatformTrigger } from '../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { createTriggerWorkflow, startReceiver, TRIGGER_NODE_NAME } from '../harness/triggerHarness';
import { expectAtMost, shippedFilesOf } from './pathCoverage';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

it('one verified delivery of a selected event runs through at most 5 shipped files', async () => {
	// Activated as Automatic registration leaves it: the secret in the node's static data.
	const trigger = createTriggerWorkflow({
		nodeType: new EducationPlatformTrigger(),
		parameters: { events: ['payment.*'] },
		staticData: { [`node:${TRIGGER_NODE_NAME}`]: { webhookId: 'wh_1', webhookSecret: SECRET } },
	});
	const receiver = await startReceiver(trigger);
	try {
		const deliver = async () => {
			const id = `evt_${randomBytes(10).toString('hex')}`;
			const body = JSON.stringify({
				id,
				type: 'payment.succeeded',
				created_at: new Date().toISOString(),
				data: { id: 'pay_1', amount: 125000, currency: 'USD' },
			});
			const response = await fetch(receiver.url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'webhook-id': id,
					'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
					'webhook-signature': new Webhook(SECRET).sign(id, new Date(), body),
				},
				body,
			});
			return { status: response.status, id };
		};
		const { warmUp, measured, files } = await shippedFilesOf(deliver);
		// Both started a run with their event: the measured path is a verified, selected delivery.
		expect([warmUp.status, measured.status]).toEqual([200, 200]);
		expect(receiver.emitted().map((item) => item.id)).toEqual([warmUp.id, measured.id]);
		expectAtMost(files, 5);
	} finally {
		await receiver.close();
	}
	// Two deliveries, one under V8's precise coverage: well under a second alone, and given room
	// for a busy 2-core machine.
}, 120_000);
