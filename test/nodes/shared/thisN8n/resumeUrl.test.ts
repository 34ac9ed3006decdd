// This n8n's webhook address as the action node reads it inside n8n's engine: from the run's
// `$execution.resumeUrl` (the harness's n8n runs at TEST_INSTANCE_URL), shown through Webhook
// Subscription → Get Many, whose records say whether they deliver to this n8n.
import nock from 'nock';
import type { IExecuteFunctions } from 'n8n-workflow';
import { thisN8nWebhookAddress } from '../../../../nodes/shared/thisN8n/resumeUrl';
import { TEST_INSTANCE_URL } from '../../../harness';
import { jsonOf, ORIGIN, runEducationPlatform } from '../../EducationPlatform/fixtures';
import { useNock } from '../../../harness/nock';

useNock();

const ID = '9d1c3e5a-7b2f-4c1d-8e6a-5f4b3a2c1d0e';
const subscription = (id: string, url: string) => ({
	id,
	url,
	events: ['payment.failed'],
	description: null,
	enabled: true,
});

describe('thisN8nWebhookAddress', () => {
	it("reads the address from the execution's resume URL", () => {
		const context = {
			evaluateExpression: (expression: string) =>
				expression === '{{ $execution.resumeUrl }}'
					? 'https://n8n.school.example/webhook-waiting/7'
					: undefined,
		};
		expect(thisN8nWebhookAddress.call(context as unknown as IExecuteFunctions, 0)).toBe(
			'https://n8n.school.example/',
		);
	});

	it("marks in n8n only this n8n's trigger URL, not one crafted to read as under its address (review of issue 29)", async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, {
				data: [
					subscription('wh_ours1', `${TEST_INSTANCE_URL}/webhook/${ID}/webhook`),
					subscription('wh_crafted1', `${TEST_INSTANCE_URL}\\@evil.example/${ID}/webhook`),
					subscription('wh_hooks1', `${TEST_INSTANCE_URL}/api/hooks/webhook`),
				],
				meta: { current_page: 1, last_page: 1, per_page: 50, total: 3 },
			});
		const listed = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'getMany',
			returnAll: true,
		});
		expect(listed.error).toBeUndefined();
		expect(jsonOf(listed.items).map((item) => [item.id, item.delivers_to_this_n8n])).toEqual([
			['wh_ours1', true],
			['wh_crafted1', false],
			['wh_hooks1', false],
		]);
	});
});
