// Webhook Delivery → Get (the record Get, under the delivery's subscription) through n8n's engine
// with nock.
import nock from 'nock';
import * as get from '../../../../../nodes/EducationPlatform/actions/record/get.operation';
import { operations } from '../../../../../nodes/EducationPlatform/actions/webhookDelivery/WebhookDelivery.resource';
import { jsonOf, ORIGIN, runEducationPlatform } from '../../fixtures';
import { useNock } from '../../../../harness/nock';
import { delivery, LOG, target, withHeaders, withoutHeaders } from './deliveryFixtures';

useNock();

describe('Webhook Delivery → Get', () => {
	it('reads the delivery under its subscription, simplified when asked', async () => {
		nock(ORIGIN)
			.get(`${LOG}/dlv_1`)
			.reply(200, { data: delivery('dlv_1', 'failed') });
		const result = await runEducationPlatform({
			...target,
			operation: 'get',
			options: { simplify: true },
		});
		expect(jsonOf(result.items)).toEqual([
			expect.objectContaining({ id: 'dlv_1', status: 'failed', last_error: null }),
		]);
	});
});

it("Get outputs only the contract's fields of a delivery and its attempts, Simplify off (the default)", async () => {
	nock(ORIGIN)
		.get(`${LOG}/dlv_1`)
		.reply(200, { data: withHeaders('dlv_1', 'failed') });
	const result = await runEducationPlatform({ ...target, operation: 'get' });
	expect(result.error).toBeUndefined();
	expect(jsonOf(result.items)).toEqual([withoutHeaders('dlv_1', 'failed')]);
});

it('offers the record Get, which reads a delivery under its subscription', () => {
	expect(operations.get).toBe(get);
});
