import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { generateSecret, sign, signatureHeaders } from '../../../sandbox/webhooks/signing';

const now = () => Math.floor(Date.now() / 1000);
const body = JSON.stringify({
	id: 'evt_1',
	type: 'payment.succeeded',
	created_at: '2026-11-21T09:15:02.000000Z',
	data: { amount: 125000 },
});

describe('webhook signing (Standard Webhooks v1)', () => {
	it('issues whsec_ secrets of 32 random bytes', () => {
		const secret = generateSecret();
		expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
		expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
		expect(generateSecret()).not.toBe(secret);
	});

	it('produces signatures the reference library accepts', () => {
		const secret = generateSecret();
		const headers = signatureHeaders([secret], 'evt_1', now(), body);
		expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
		expect(sign(secret, 'evt_1', 1_700_000_000, body)).toBe(
			new Webhook(secret).sign('evt_1', new Date(1_700_000_000_000), body),
		);
	});

	it('fails verification when a byte of the body, the id or the timestamp changes', () => {
		const secret = generateSecret();
		const timestamp = now();
		const headers = signatureHeaders([secret], 'evt_1', timestamp, body);
		const webhook = new Webhook(secret);
		expect(() => webhook.verify(body.replace('125000', '125001'), { ...headers })).toThrow(
			WebhookVerificationError,
		);
		expect(() => webhook.verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow(
			WebhookVerificationError,
		);
		expect(() =>
			webhook.verify(body, { ...headers, 'webhook-timestamp': String(timestamp - 1) }),
		).toThrow(WebhookVerificationError);
		expect(() => new Webhook(generateSecret()).verify(body, { ...headers })).toThrow(
			WebhookVerificationError,
		);
	});

	it('signs with every secret given, space-separated, each verifying on its own', () => {
		const [fresh, old] = [generateSecret(), generateSecret()];
		const headers = signatureHeaders([fresh, old], 'evt_1', now(), body);
		const parts = headers['webhook-signature'].split(' ');
		expect(parts).toHaveLength(2);
		expect(parts.every((part) => part.startsWith('v1,'))).toBe(true);
		expect(() => new Webhook(fresh).verify(body, { ...headers })).not.toThrow();
		expect(() => new Webhook(old).verify(body, { ...headers })).not.toThrow();
		expect(() =>
			new Webhook(fresh).verify(body, { ...headers, 'webhook-signature': parts[1] }),
		).toThrow(WebhookVerificationError);
	});

	it('signs non-ASCII bodies over their UTF-8 bytes', () => {
		const secret = generateSecret();
		const text = JSON.stringify({ name: 'Algebra I — Midterm', student: 'Zoë Ñúñez' });
		const headers = signatureHeaders([secret], 'evt_3', now(), text);
		expect(() =>
			new Webhook(secret).verify(Buffer.from(text, 'utf8'), { ...headers }),
		).not.toThrow();
	});

	it('refuses secrets without the whsec_ prefix', () => {
		expect(() => sign('abc', 'evt_1', 1, body)).toThrow(/whsec_/);
	});
});
