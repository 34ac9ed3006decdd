import { randomBytes } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';

import { EducationPlatformTrigger } from '../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import {
	createTriggerWorkflow,
	startReceiver,
	type Receiver,
	type TriggerWorkflow,
} from '../../../harness/triggerHarness';
import { captureNodeLogs } from '../../../harness/triggerLogs';

// webhook() through n8n-core's real WebhookContext, behind a real HTTP endpoint: every request
// below is an actual POST whose raw bytes reach the node as n8n hands them over.
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const SECRET = newSecret();
const nowSeconds = () => Math.floor(Date.now() / 1000);
const eventId = () => `evt_${randomBytes(10).toString('hex')}`;

function paymentEvent(id = eventId(), type = 'payment.succeeded') {
	return {
		id,
		type,
		created_at: '2026-11-21T09:15:02.000000Z',
		data: {
			id: 'pay_3Qw8Er5T',
			student_id: 1042,
			amount: 125000,
			currency: 'USD',
			status: 'succeeded',
		},
	};
}

interface SendOptions {
	secret?: string;
	id?: string;
	timestamp?: number;
	contentType?: string;
	headers?: Record<string, string>;
	omit?: string[];
}

async function send(receiver: Receiver, body: string | Buffer, options: SendOptions = {}) {
	const id = options.id ?? eventId();
	const timestamp = options.timestamp ?? nowSeconds();
	const headers: Record<string, string> = {
		'content-type': options.contentType ?? 'application/json',
		'user-agent': 'EducationPlatform-Webhooks/1.0',
		'webhook-id': id,
		'webhook-timestamp': String(timestamp),
		'webhook-signature': new Webhook(options.secret ?? SECRET).sign(
			id,
			new Date(timestamp * 1000),
			body,
		),
		...options.headers,
	};
	for (const name of options.omit ?? []) delete headers[name];
	const before = receiver.deliveries.length;
	const response = await fetch(receiver.url, { method: 'POST', headers, body });
	const text = await response.text();
	const delivery = receiver.deliveries[before];
	return {
		status: response.status,
		text,
		delivery,
		ran: delivery.items !== undefined,
		items: delivery.items ?? [],
	};
}

const sendEvent = async (
	receiver: Receiver,
	event: ReturnType<typeof paymentEvent>,
	options: SendOptions = {},
) => await send(receiver, JSON.stringify(event), { id: event.id, ...options });

function automaticTrigger(
	options: INodeParameters = {},
	events: string[] = ['payment.*'],
): TriggerWorkflow {
	return createTriggerWorkflow({
		nodeType: new EducationPlatformTrigger(),
		parameters: { events, options },
		staticData: { 'node:Education Platform Trigger': { webhookId: 'wh_1', webhookSecret: SECRET } },
	});
}

function manualTrigger(signing: {
	signingSecret: string;
	previousSigningSecret?: string;
}): TriggerWorkflow {
	return createTriggerWorkflow({
		nodeType: new EducationPlatformTrigger(),
		parameters: { registration: 'manual', events: ['*'] },
		credentials: { educationPlatformWebhookSigningApi: signing },
	});
}

let logs: ReturnType<typeof captureNodeLogs>;
const receivers: Receiver[] = [];
async function receiverFor(trigger: TriggerWorkflow) {
	const receiver = await startReceiver(trigger);
	receivers.push(receiver);
	return receiver;
}

beforeAll(() => {
	logs = captureNodeLogs();
});
afterAll(async () => {
	logs.restore();
	await Promise.all(receivers.map(async (receiver) => await receiver.close()));
});

describe('webhook(): valid deliveries', () => {
	it('starts one run with the full event {id, type, created_at, data}', async () => {
		const receiver = await receiverFor(automaticTrigger());
		const event = paymentEvent();

		const response = await sendEvent(receiver, event);

		expect(response.status).toBe(200);
		expect(response.text).toBe(''); // n8n's answer with Respond's noData
		expect(response.items).toEqual([event]);
	});

	it("emits the data plus the event id, type and time with Output = Only Data (data.id is the payment's)", async () => {
		const receiver = await receiverFor(automaticTrigger({ output: 'data' }));
		const event = paymentEvent();

		const response = await sendEvent(receiver, event);

		expect(response.items).toEqual([
			{
				...event.data,
				event_id: event.id,
				event_type: event.type,
				event_created_at: event.created_at,
			},
		]);
		expect(response.items[0].id).toBe('pay_3Qw8Er5T');
	});

	it('attaches the delivery headers when asked, never the signature', async () => {
		const receiver = await receiverFor(automaticTrigger({ includeHeaders: true }));
		const event = paymentEvent();

		const response = await sendEvent(receiver, event);

		const headers = response.items[0].delivery_headers as Record<string, string>;
		expect(headers).toMatchObject({
			'webhook-id': event.id,
			'user-agent': 'EducationPlatform-Webhooks/1.0',
			'content-type': 'application/json',
		});
		expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
		expect(headers).not.toHaveProperty('webhook-signature');
		expect(response.items[0]).toMatchObject({ id: event.id, data: event.data });
	});

	it('never attaches a credential a proxy or sender added on the way', async () => {
		const receiver = await receiverFor(automaticTrigger({ includeHeaders: true }));
		const event = paymentEvent();
		const secrets = {
			'x-api-key': 'key_live_0123456789',
			authorization: 'Bearer gateway-token',
			'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
			cookie: 'session=s3cr3t',
			'x-forwarded-authorization': 'Bearer upstream-token',
			'x-forwarded-client-cert': 'By=spiffe://edge;Hash=0f0f',
			'x-forwarded-for': '10.0.0.1',
			'x-amz-security-token': 'sts-token',
		};

		const response = await sendEvent(receiver, event, { headers: secrets });

		expect(response.ran).toBe(true);
		expect(Object.keys(response.items[0].delivery_headers as object).sort()).toEqual([
			'content-length',
			'content-type',
			'user-agent',
			'webhook-id',
			'webhook-timestamp',
		]);
		for (const value of Object.values(secrets))
			expect(JSON.stringify(response.items)).not.toContain(value);
	});

	it('verifies the bytes as sent: pretty-printed JSON with escapes that re-serialising would change', async () => {
		const receiver = await receiverFor(automaticTrigger());
		const event = paymentEvent();
		const body = JSON.stringify(event, null, 3)
			.replace('"USD"', '"\\u0055SD"')
			.replace('125000', '125000.0');

		const response = await send(receiver, body, { id: event.id });

		expect(response.status).toBe(200);
		expect(response.items[0]).toMatchObject({
			id: event.id,
			data: { amount: 125000, currency: 'USD' },
		});
	});

	it('accepts a delivery during secret rotation (new and old signature)', async () => {
		const receiver = await receiverFor(automaticTrigger());
		const event = paymentEvent();
		const body = JSON.stringify(event);
		const timestamp = nowSeconds();
		const sign = (secret: string) =>
			new Webhook(secret).sign(event.id, new Date(timestamp * 1000), body);

		const response = await send(receiver, body, {
			id: event.id,
			timestamp,
			headers: { 'webhook-signature': `${sign(newSecret())} ${sign(SECRET)}` },
		});

		expect(response.status).toBe(200);
		expect(response.ran).toBe(true);
	});

	it('accepts a delivery whose two signatures came as two header lines (Node joins them with ", ")', async () => {
		const receiver = await receiverFor(automaticTrigger());
		const event = paymentEvent();
		const body = JSON.stringify(event);
		const timestamp = nowSeconds();
		const headers = new Headers({
			'content-type': 'application/json',
			'webhook-id': event.id,
			'webhook-timestamp': String(timestamp),
		});
		headers.append(
			'webhook-signature',
			new Webhook(SECRET).sign(event.id, new Date(timestamp * 1000), body),
		);
		headers.append(
			'webhook-signature',
			new Webhook(newSecret()).sign(event.id, new Date(timestamp * 1000), body),
		);

		const response = await fetch(receiver.url, { method: 'POST', headers, body });

		expect(response.status).toBe(200);
		expect(receiver.deliveries.at(-1)?.headers['webhook-signature']).toMatch(/^v1,\S+, v1,\S+$/);
		expect(receiver.deliveries.at(-1)?.items).toEqual([event]);
	});

	it('accepts a multi-megabyte body', async () => {
		const receiver = await receiverFor(automaticTrigger());
		const event = {
			...paymentEvent(),
			data: { ...paymentEvent().data, description: 'x'.repeat(3 * 1024 * 1024) },
		};

		const response = await sendEvent(receiver, event);

		expect(response.status).toBe(200);
		expect((response.items[0].data as { description: string }).description).toHaveLength(
			3 * 1024 * 1024,
		);
	});

	it('uses the signing-secret credential with Registration = Manual', async () => {
		const pasted = newSecret();
		const receiver = await receiverFor(manualTrigger({ signingSecret: pasted }));
		const event = paymentEvent(eventId(), 'enrollment.created');

		expect((await sendEvent(receiver, event, { secret: pasted })).ran).toBe(true);
		expect((await sendEvent(receiver, paymentEvent(), { secret: SECRET })).status).toBe(401);
	});

	it('accepts the previous secret too while a Manual rotation is under way, and only those two', async () => {
		const current = newSecret();
		const previous = newSecret();
		const receiver = await receiverFor(
			manualTrigger({ signingSecret: current, previousSigningSecret: previous }),
		);

		expect((await sendEvent(receiver, paymentEvent(), { secret: current })).ran).toBe(true);
		expect((await sendEvent(receiver, paymentEvent(), { secret: previous })).ran).toBe(true);
		expect((await sendEvent(receiver, paymentEvent(), { secret: newSecret() })).status).toBe(401);
	});
});

describe('webhook(): refused deliveries get 401 and start nothing', () => {
	let receiver: Receiver;
	beforeAll(async () => {
		receiver = await receiverFor(automaticTrigger());
	});

	const expectRefused = (response: Awaited<ReturnType<typeof send>>, message: RegExp) => {
		expect(response.status).toBe(401);
		expect(response.ran).toBe(false);
		expect(response.delivery.result).toEqual({ noWebhookResponse: true });
		expect(response.text.length).toBeLessThan(200);
		expect(JSON.parse(response.text).message).toMatch(message);
	};

	it.each(['webhook-signature', 'webhook-id', 'webhook-timestamp'])(
		'missing %s',
		async (header) => {
			expectRefused(
				await sendEvent(receiver, paymentEvent(), { omit: [header] }),
				/headers are all required/,
			);
		},
	);

	it('malformed signature header', async () => {
		expectRefused(
			await sendEvent(receiver, paymentEvent(), {
				headers: { 'webhook-signature': 'sha256=deadbeef' },
			}),
			/no well-formed v1 signature/,
		);
	});

	it('signature of an unknown version only', async () => {
		const event = paymentEvent();
		const timestamp = nowSeconds();
		const v1 = new Webhook(SECRET).sign(
			event.id,
			new Date(timestamp * 1000),
			JSON.stringify(event),
		);
		expectRefused(
			await sendEvent(receiver, event, {
				timestamp,
				headers: { 'webhook-signature': v1.replace('v1,', 'v2,') },
			}),
			/no well-formed v1 signature/,
		);
	});

	it('malformed timestamp', async () => {
		expectRefused(
			await sendEvent(receiver, paymentEvent(), { headers: { 'webhook-timestamp': 'yesterday' } }),
			/not a Unix time/,
		);
	});

	it('signed with another secret', async () => {
		expectRefused(
			await sendEvent(receiver, paymentEvent(), { secret: newSecret() }),
			/No signature .* matches/,
		);
	});

	it('tampered body', async () => {
		const event = paymentEvent();
		const timestamp = nowSeconds();
		const signature = new Webhook(SECRET).sign(
			event.id,
			new Date(timestamp * 1000),
			JSON.stringify(event),
		);
		const tampered = JSON.stringify({ ...event, data: { ...event.data, amount: 1 } });
		expectRefused(
			await send(receiver, tampered, {
				id: event.id,
				timestamp,
				headers: { 'webhook-signature': signature },
			}),
			/No signature .* matches/,
		);
	});

	it('timestamp older than the tolerance (a replayed old delivery)', async () => {
		expectRefused(
			await sendEvent(receiver, paymentEvent(), { timestamp: nowSeconds() - 301 }),
			/in the past/,
		);
	});

	it('timestamp further in the future than the tolerance', async () => {
		expectRefused(
			await sendEvent(receiver, paymentEvent(), { timestamp: nowSeconds() + 301 }),
			/in the future/,
		);
	});

	it('timestamp outside a configured tolerance', async () => {
		const strict = await receiverFor(automaticTrigger({ timestampTolerance: 60 }));
		expectRefused(
			await sendEvent(strict, paymentEvent(), { timestamp: nowSeconds() - 90 }),
			/more than 60 seconds/,
		);
		expect((await sendEvent(strict, paymentEvent(), { timestamp: nowSeconds() - 30 })).ran).toBe(
			true,
		);
	});

	it('an unsigned request from anyone who found the URL', async () => {
		const response = await fetch(receiver.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(paymentEvent()),
		});
		expect(response.status).toBe(401);
		expect(receiver.deliveries.at(-1)?.items).toBeUndefined();
	});
});

describe('webhook(): other answers that start nothing', () => {
	let receiver: Receiver;
	beforeAll(async () => {
		receiver = await receiverFor(automaticTrigger({}, ['payment.succeeded', 'exam_result.*']));
	});

	it('400 when the signature checks out but the body is not JSON', async () => {
		const response = await send(receiver, 'amount=125000', { contentType: 'text/plain' });
		expect(response.status).toBe(400);
		expect(response.ran).toBe(false);
		expect(JSON.parse(response.text).message).toBe('The request body is not valid UTF-8 JSON.');
	});

	it('400 when the signed body is JSON but not an event envelope', async () => {
		const response = await send(receiver, JSON.stringify([{ id: 'evt_1' }]));
		expect(response.status).toBe(400);
		expect(response.ran).toBe(false);
	});

	it('400 for a signed empty body', async () => {
		const response = await send(receiver, '', { contentType: 'text/plain' });
		expect(response.status).toBe(400);
		expect(response.ran).toBe(false);
	});

	it('401, not 400, for an unsigned body that is not JSON (the signature is checked first)', async () => {
		const response = await send(receiver, 'not json', {
			contentType: 'text/plain',
			secret: newSecret(),
		});
		expect(response.status).toBe(401);
	});

	it('200 without a run for a valid event of a type that is not selected', async () => {
		const response = await sendEvent(receiver, paymentEvent(eventId(), 'payment.failed'));
		expect(response.status).toBe(200);
		expect(response.ran).toBe(false);
		expect(JSON.parse(response.text)).toEqual({
			received: true,
			message: 'Event type payment.failed is not selected in this trigger; ignored.',
		});
	});

	it('at least once: a repeated delivery (same webhook-id) starts a run every time; the event id lets Remove Duplicates stop it', async () => {
		const event = paymentEvent();
		const body = JSON.stringify(event);
		const timestamp = nowSeconds();
		const signature = new Webhook(SECRET).sign(event.id, new Date(timestamp * 1000), body);
		const replay = { id: event.id, timestamp, headers: { 'webhook-signature': signature } };

		const first = await send(receiver, body, replay);
		const second = await send(receiver, body, replay);
		// A platform retry or redelivery: same id, fresh timestamp and signature.
		const retry = await send(receiver, body, { id: event.id, timestamp: timestamp + 5 });

		// Acknowledging a repeat without a run could drop an event whose first run never started.
		for (const response of [first, second, retry]) {
			expect([response.status, response.ran]).toEqual([200, true]);
			expect(response.items).toEqual([event]);
		}
	});

	it('still refuses a replay whose timestamp is outside the tolerance', async () => {
		const event = paymentEvent();
		const old = await sendEvent(receiver, event, { timestamp: nowSeconds() - 301 });
		expect([old.status, old.ran]).toEqual([401, false]);
	});
});

describe('webhook(): misconfiguration answers 503 with what to fix, logs it, and runs nothing', () => {
	const misconfigured = async (trigger: TriggerWorkflow) => {
		const receiver = await receiverFor(trigger);
		logs.clear();
		const response = await sendEvent(receiver, paymentEvent());
		expect(response.status).toBe(503);
		expect(response.ran).toBe(false);
		// The node's own answer, not an exception n8n would turn into "Workflow could not be started!".
		expect(response.delivery.error).toBeUndefined();
		expect(response.delivery.result).toEqual({ noWebhookResponse: true });
		const errors = logs.entries.filter((entry) => entry.level === 'error');
		expect(errors).toHaveLength(1);
		expect(errors[0].message).toMatch(
			/^Education Platform Trigger in workflow "Trigger test workflow" \(wf-trigger-1\) cannot check deliveries and answered 503: /,
		);
		// The same answer for every cause: anyone can call the URL; the details are in n8n's log.
		expect(JSON.parse(response.text)).toEqual({
			message:
				"This n8n workflow's Education Platform Trigger is not set up to check deliveries; n8n's log says what to fix.",
		});
		return errors[0].message;
	};

	it('Automatic with no secret stored by registration: says to re-activate', async () => {
		const log = await misconfigured(
			createTriggerWorkflow({
				nodeType: new EducationPlatformTrigger(),
				parameters: { events: ['payment.*'] },
			}),
		);
		expect(log).toContain('answered 503: No signing secret to verify the delivery with');
		expect(log).toContain(
			'Unpublish and publish the workflow again (on n8n 1.x: deactivate and activate it)',
		);
	});

	it('no Events selected', async () => {
		expect(await misconfigured(automaticTrigger({}, []))).toContain(
			'answered 503: Choose at least one event in Events.',
		);
	});

	it('Manual with a signing secret that is not one: says which credential to fix, never the value', async () => {
		const log = await misconfigured(manualTrigger({ signingSecret: 'wh_2f9c1a7e4b' }));
		expect(log).toMatch(/not a Standard Webhooks secret/);
		expect(log).toContain(
			"Open the trigger's Education Platform Webhook Signing Secret credential and paste the signing secret",
		);
		expect(log).not.toContain('wh_2f9c1a7e4b');
	});

	it.each([0, 3601, 1e9, -5])(
		'Timestamp Tolerance %s (an expression can set anything): refused with the bounds',
		async (tolerance) => {
			const log = await misconfigured(automaticTrigger({ timestampTolerance: tolerance }));
			expect(log).toContain(
				`answered 503: Timestamp Tolerance must be between 1 and 3600 seconds, not "${tolerance}"`,
			);
			expect(log).toMatch(
				tolerance > 3600 ? /to at most 3600 seconds/ : /from 1 to 3600, or remove the option/,
			);
		},
	);

	it('so a year-old signed delivery never runs, whatever the tolerance says', async () => {
		const receiver = await receiverFor(automaticTrigger({ timestampTolerance: 1e9 }));
		const response = await sendEvent(receiver, paymentEvent(), {
			timestamp: nowSeconds() - 365 * 24 * 3600,
		});
		expect([response.status, response.ran]).toEqual([503, false]);
	});

	it('accepts the bounds themselves', async () => {
		for (const tolerance of [1, 3600]) {
			const receiver = await receiverFor(automaticTrigger({ timestampTolerance: tolerance }));
			expect((await sendEvent(receiver, paymentEvent())).ran).toBe(true);
		}
	});
});

describe('webhook(): logging', () => {
	it('logs refusals without the secret or any signature', async () => {
		const receiver = await receiverFor(automaticTrigger());
		const event = paymentEvent();
		const timestamp = nowSeconds() - 1000;
		const signature = new Webhook(SECRET).sign(
			event.id,
			new Date(timestamp * 1000),
			JSON.stringify(event),
		);
		logs.clear();

		await sendEvent(receiver, event, { timestamp, headers: { 'webhook-signature': signature } });
		await sendEvent(receiver, event, { secret: newSecret() });

		expect(logs.entries.filter((entry) => entry.level === 'warn')).toHaveLength(2);
		expect(logs.text()).toContain('timestamp_too_old');
		expect(logs.text()).not.toContain(SECRET.slice(6, 26));
		expect(logs.text()).not.toContain(signature.slice(3, 23));
	});
});
