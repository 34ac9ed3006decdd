import {
	eventOutput,
	parseEvent,
	type PlatformEvent,
} from '../../../../nodes/EducationPlatformTrigger/webhook/delivery';

const event: PlatformEvent = {
	id: 'evt_1',
	type: 'payment.succeeded',
	created_at: '2026-11-21T09:15:02.000000Z',
	data: { id: 'pay_1', amount: 125000, currency: 'USD' },
};

describe('parseEvent', () => {
	it('parses an event envelope from the raw bytes', () => {
		expect(parseEvent(Buffer.from(JSON.stringify(event)))).toEqual({ ok: true, event });
	});

	it.each([
		['an empty body', ''],
		['text', 'hello'],
		['truncated JSON', '{"id":"evt_1",'],
	])('refuses %s as not JSON', (_label, body) => {
		expect(parseEvent(Buffer.from(body))).toEqual({
			ok: false,
			message: 'The request body is not valid UTF-8 JSON.',
		});
	});

	it('refuses bytes that are not UTF-8', () => {
		expect(parseEvent(Buffer.from([0x7b, 0xff, 0x7d])).ok).toBe(false);
	});

	it.each([
		['an array', '[]'],
		['null', 'null'],
		['a number', '42'],
	])('refuses %s as not an object', (_label, body) => {
		expect(parseEvent(Buffer.from(body))).toEqual({
			ok: false,
			message: 'The request body is not a JSON object.',
		});
	});

	it('names the envelope fields that are missing or of the wrong type', () => {
		const result = parseEvent(Buffer.from(JSON.stringify({ id: 'evt_1', type: 7, data: [] })));
		expect(result.ok).toBe(false);
		expect(!result.ok && result.message).toContain('type, created_at, data');
	});
});

describe('eventOutput', () => {
	it('emits the full envelope by default, keeping unknown top-level fields', () => {
		expect(eventOutput({ ...event, api_version: '2026-11' } as PlatformEvent, 'event')).toEqual({
			...event,
			api_version: '2026-11',
		});
	});

	it('emits the data plus event_id, event_type and event_created_at when asked', () => {
		expect(eventOutput(event, 'data')).toEqual({
			...event.data,
			event_id: event.id,
			event_type: event.type,
			event_created_at: event.created_at,
		});
	});

	it("adds the platform's delivery headers and no other: not the signature, no credential a proxy added", () => {
		const json = eventOutput(event, 'data', {
			'webhook-id': 'evt_1',
			'webhook-timestamp': '1795000000',
			'webhook-signature': 'v1,secretish',
			'Content-Type': 'application/json',
			'content-length': '245',
			'user-agent': 'EducationPlatform-Webhooks/1.0',
			Authorization: 'Bearer x',
			'proxy-authorization': 'Basic eA==',
			cookie: 'a=b',
			'x-api-key': 'key_live_1',
			'X-Auth-Token': 'tok',
			'x-amz-security-token': 'sts',
			'x-forwarded-for': ['10.0.0.1', '10.0.0.2'],
			'x-forwarded-authorization': 'Bearer y',
			'x-forwarded-client-cert': 'Hash=abc',
			forwarded: 'for=10.0.0.1',
		});
		expect(json.delivery_headers).toEqual({
			'webhook-id': 'evt_1',
			'webhook-timestamp': '1795000000',
			'content-type': 'application/json',
			'content-length': '245',
			'user-agent': 'EducationPlatform-Webhooks/1.0',
		});
		expect(json.amount).toBe(125000);
	});
});
