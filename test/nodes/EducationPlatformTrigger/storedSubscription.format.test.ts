import { Webhook } from 'standardwebhooks';

import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { saveSubscription } from '../../../nodes/EducationPlatformTrigger/storedSubscription';
import { useNock } from '../../harness/nock';
import {
	TRIGGER_WEBHOOK_ID,
	createTriggerWorkflow,
	startReceiver,
} from '../../harness/triggerHarness';
import { quietNodeLogs } from '../../harness/triggerLogs';
import { fakePlatform } from '../../harness/triggerPlatformFake';

// The subscription record as version 0.1.0 stores it in the workflow's static data, written out
// literally. Updating the package through n8n's Community Nodes panel calls none of the trigger's
// lifecycle methods (docs/trigger-guarantees.md, "Updating and uninstalling the package"): the
// next delivery and the next activation of a new version read what the old version stored. A
// version that changes the format must keep reading this one; this test fails until it does.
const BASE = 'https://school.test';
const N8N = 'https://n8n.school.example';
const STORED_BY_0_1_0 = {
	webhookId: 'wh_01JD8Q3V7K2M4N6P8R0T2V4X6Z',
	webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
	webhookUrl: `${N8N}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`,
	webhookEvents: ['payment.failed'],
	webhookPlatform: BASE,
};

// startReceiver's server, through which the delivery reaches webhook(), listens on 127.0.0.1.
useNock({ allow: '127.0.0.1' });
quietNodeLogs();

function triggerWithStoredRecord() {
	return createTriggerWorkflow({
		nodeType: new EducationPlatformTrigger(),
		parameters: { events: ['payment.failed'], options: {} },
		credentials: { educationPlatformApi: { baseUrl: BASE, accessToken: 'pat-test' } },
		instanceUrl: N8N,
		staticData: { 'node:Education Platform Trigger': structuredClone(STORED_BY_0_1_0) },
	});
}

describe("the trigger's stored subscription, in the format of 0.1.0 (pinned)", () => {
	it('is the format the trigger writes today', () => {
		const staticData = {};
		saveSubscription.call(
			{ getWorkflowStaticData: () => staticData } as unknown as ThisParameterType<
				typeof saveSubscription
			>,
			{
				id: STORED_BY_0_1_0.webhookId,
				url: STORED_BY_0_1_0.webhookUrl,
				events: STORED_BY_0_1_0.webhookEvents,
				platform: BASE,
			},
			STORED_BY_0_1_0.webhookSecret,
		);
		expect(staticData).toEqual(STORED_BY_0_1_0);
	});

	it('checkExists() reads it: the subscription it names is current, nothing is registered again', async () => {
		const platform = fakePlatform(BASE);
		platform.seed({
			id: STORED_BY_0_1_0.webhookId,
			url: STORED_BY_0_1_0.webhookUrl,
			events: STORED_BY_0_1_0.webhookEvents,
		});
		const trigger = triggerWithStoredRecord();
		expect(await trigger.runWebhookMethod('checkExists')).toBe(true);
		expect(platform.calls.map((call) => call.method)).toEqual(['GET', 'GET']);
		expect(trigger.staticData()).toEqual(STORED_BY_0_1_0);
	});

	it('webhook() verifies a delivery with the stored secret and runs it', async () => {
		const receiver = await startReceiver(triggerWithStoredRecord());
		try {
			const event = {
				id: 'evt_pinned',
				type: 'payment.failed',
				created_at: '2026-11-21T09:15:02.000000Z',
				data: { id: 'pay_1' },
			};
			const body = JSON.stringify(event);
			const timestamp = new Date();
			const response = await fetch(receiver.url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'webhook-id': event.id,
					'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
					'webhook-signature': new Webhook(STORED_BY_0_1_0.webhookSecret).sign(
						event.id,
						timestamp,
						body,
					),
				},
				body,
			});
			expect(response.status).toBe(200);
			expect(receiver.deliveries.map((delivery) => delivery.items)).toEqual([[event]]);
		} finally {
			await receiver.close();
		}
	});
});
