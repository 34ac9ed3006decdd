import nock from 'nock';
import { jsonOf, ORIGIN, runEducationPlatform, student, TOKEN } from '../../fixtures';
import { useNock } from '../../../../harness/nock';
import {
	delivery,
	LOG,
	target,
	withHeaders,
	withoutHeaders,
} from '../webhookDelivery/deliveryFixtures';

useNock();

describe('Student → Get', () => {
	it('gets a student by ID with the bearer token and JSON accept header', async () => {
		const scope = nock(ORIGIN, {
			reqheaders: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
		})
			.get('/v1/students/1042')
			.reply(200, { data: student(1042) });

		const result = await runEducationPlatform({ operation: 'get', studentId: ' 1042 ' });

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([{ json: student(1042), pairedItem: { item: 0 } }]);
		expect(scope.isDone()).toBe(true);
	});

	it('simplifies the student when asked', async () => {
		nock(ORIGIN)
			.get('/v1/students/7')
			.reply(200, { data: student(7) });
		const result = await runEducationPlatform({
			operation: 'get',
			studentId: 7,
			options: { simplify: true },
		});
		expect(result.items[0].json).toMatchObject({
			id: 7,
			name: 'First7 Last7',
			primary_guardian_name: 'Guardian7',
		});
		expect(result.items[0].json).not.toHaveProperty('guardians');
	});

	it('turns a 404 into an error naming the student ID', async () => {
		nock(ORIGIN)
			.get('/v1/students/99999')
			.reply(404, { message: 'No student with ID 99999.', code: 'not_found' });

		const result = await runEducationPlatform({ operation: 'get', studentId: '99999' });

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe('No student with ID 99999. [item 0]');
		expect(result.error?.description).toMatch(
			/^No student 99999 exists on the platform\. The Student ID is the numeric "id", not the student number/,
		);
		expect((result.error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('refuses a Student ID that is not a positive whole number without calling the API', async () => {
		const result = await runEducationPlatform({ operation: 'get', studentId: 'S-2024-001042' });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			'Student ID is "S-2024-001042", it must be a whole number above 0 [item 0]',
		);
		expect(result.error?.description).toMatch(/looks like a student number/);
	});

	it('gets one student per input item, each paired with its item', async () => {
		nock(ORIGIN)
			.get('/v1/students/1')
			.reply(200, { data: student(1) });
		nock(ORIGIN)
			.get('/v1/students/2')
			.reply(200, { data: student(2) });
		const result = await runEducationPlatform(
			{ operation: 'get', studentId: '={{ $json.id }}' },
			{ input: [{ id: 1 }, { id: 2 }] },
		);
		expect(result.items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[2, { item: 1 }],
		]);
	});
});

describe('Webhook Delivery → Get (a record under its subscription)', () => {
	const parameters = {
		resource: 'webhookDelivery',
		operation: 'get',
		webhookSubscriptionId: { __rl: true, mode: 'id', value: 'wh_1' },
	};

	it("reads the delivery in its subscription's log, and a 404 names both", async () => {
		nock(ORIGIN)
			.get('/v1/webhooks/wh_1/deliveries/dlv_1')
			.reply(200, { data: { id: 'dlv_1', webhook_id: 'wh_1' } });
		nock(ORIGIN)
			.get('/v1/webhooks/wh_1/deliveries/dlv_2')
			.reply(404, { message: 'No delivery with ID dlv_2.', code: 'not_found' });
		const found = await runEducationPlatform({ ...parameters, webhookDeliveryId: 'dlv_1' });
		expect(found.items).toEqual([
			{ json: { id: 'dlv_1', webhook_id: 'wh_1' }, pairedItem: { item: 0 } },
		]);
		const missing = await runEducationPlatform({ ...parameters, webhookDeliveryId: 'dlv_2' });
		expect(missing.error?.description).toMatch(
			/^No webhook delivery dlv_2 of subscription wh_1 exists on the platform\. A delivery ID starts with dlv_/,
		);
	});

	it('refuses a malformed subscription ID before the delivery ID, without calling the API', async () => {
		const result = await runEducationPlatform({
			...parameters,
			webhookSubscriptionId: { __rl: true, mode: 'list', value: 'x' },
			webhookDeliveryId: 'y',
		});
		expect(result.error?.message).toMatch(/^Webhook Subscription ID is "x"/);
	});
});

describe('Webhook Delivery → Get: the delivery as the contract gives it', () => {
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
