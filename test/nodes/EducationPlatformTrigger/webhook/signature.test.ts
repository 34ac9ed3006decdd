import * as crypto from 'crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

import { createRng } from '../../../../sandbox/random';

import {
	decodeSigningSecret,
	verifyDelivery,
	type DeliveryHeaders,
} from '../../../../nodes/EducationPlatformTrigger/webhook/signature';

// Vectors are made with the reference implementation (the `standardwebhooks` npm package), so
// this module is checked against the standard, not against itself.
const NOW_S = 1_795_000_000;
const now = () => NOW_S * 1000;
const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

function signed(
	secret: string,
	body: string | Buffer,
	options: { id?: string; timestamp?: number } = {},
) {
	const id = options.id ?? 'evt_01JD3X9V7K2M4N6P8Q0R';
	const timestamp = options.timestamp ?? NOW_S;
	const signature = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
	const headers: DeliveryHeaders = {
		'webhook-id': id,
		'webhook-timestamp': String(timestamp),
		'webhook-signature': signature,
	};
	return { headers, rawBody: Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'), signature };
}

function verify(
	secret: string,
	headers: DeliveryHeaders,
	rawBody: Buffer,
	toleranceSeconds = 300,
	clock = now,
): ReturnType<typeof verifyDelivery> {
	return verifyDelivery({ secret, headers, rawBody, toleranceSeconds, now: clock });
}

const reasonOf = (result: ReturnType<typeof verifyDelivery>) =>
	result.valid ? 'valid' : result.reason;

/** Whether the reference library accepts the delivery (its clock is the real one). */
function referenceAccepts(secret: string, headers: DeliveryHeaders, body: string): boolean {
	try {
		new Webhook(secret).verify(body, headers as Record<string, string>, { jsonParse: false });
		return true;
	} catch {
		return false;
	}
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The same 32 bytes in non-canonical base64: the last character before `=` carries 2 unused bits. */
function otherSpelling(mac: string): string {
	const last = BASE64_ALPHABET.indexOf(mac[42]);
	return `${mac.slice(0, 42)}${BASE64_ALPHABET[last ^ 1]}${mac.slice(43)}`;
}

describe('verifyDelivery (Standard Webhooks v1)', () => {
	const secret = newSecret();
	const body = JSON.stringify({
		id: 'evt_1',
		type: 'payment.succeeded',
		created_at: '2026-11-21T09:15:02.000000Z',
		data: { amount: 125000 },
	});

	// libraries/go/webhook_test.go (TestWebhookSign) in github.com/standard-webhooks/standard-webhooks
	const published = {
		secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
		headers: {
			'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
			'webhook-timestamp': '1614265330',
			'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
		},
		body: '{"test": 2432232314}',
		now: () => 1614265330 * 1000,
	};
	const verifyPublished = (body: string) =>
		verify(published.secret, published.headers, Buffer.from(body), 300, published.now);

	it('accepts the example vector published in the standard-webhooks repository', () => {
		expect(verifyPublished(published.body)).toEqual({
			valid: true,
			webhookId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
			timestamp: 1614265330,
		});
	});

	it('rejects the published vector when one character of the body changes', () => {
		expect(reasonOf(verifyPublished('{"test": 2432232315}'))).toBe('signature_mismatch');
	});

	it('accepts a delivery signed by the reference implementation', () => {
		const { headers, rawBody } = signed(secret, body);
		expect(verify(secret, headers, rawBody)).toEqual({
			valid: true,
			webhookId: 'evt_01JD3X9V7K2M4N6P8Q0R',
			timestamp: NOW_S,
		});
	});

	it('accepts the secret without its whsec_ prefix and header names in any case', () => {
		const { headers, rawBody } = signed(secret, body);
		const mixedCase = {
			'Webhook-Id': headers['webhook-id'],
			'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'],
			'Webhook-Signature': headers['webhook-signature'],
		};
		expect(reasonOf(verify(secret.slice('whsec_'.length), mixedCase, rawBody))).toBe('valid');
	});

	it('rejects a delivery signed with another secret', () => {
		const { headers, rawBody } = signed(newSecret(), body);
		expect(reasonOf(verify(secret, headers, rawBody))).toBe('signature_mismatch');
	});

	it('rejects a tampered body (one byte changed)', () => {
		const { headers, rawBody } = signed(secret, body);
		const tampered = Buffer.from(rawBody);
		tampered[tampered.indexOf('125000')] = '9'.charCodeAt(0);
		expect(reasonOf(verify(secret, headers, tampered))).toBe('signature_mismatch');
	});

	it('rejects a tampered webhook-id or timestamp (both are signed)', () => {
		const { headers, rawBody } = signed(secret, body);
		expect(reasonOf(verify(secret, { ...headers, 'webhook-id': 'evt_other' }, rawBody))).toBe(
			'signature_mismatch',
		);
		expect(
			reasonOf(verify(secret, { ...headers, 'webhook-timestamp': String(NOW_S - 1) }, rawBody)),
		).toBe('signature_mismatch');
	});

	it('verifies the bytes sent: whitespace-changed or re-serialised JSON does not verify', () => {
		const pretty = JSON.stringify(JSON.parse(body), null, 2);
		const { headers, rawBody } = signed(secret, pretty);
		expect(reasonOf(verify(secret, headers, rawBody))).toBe('valid');
		// What a receiver that parsed and re-serialised the body would verify:
		const reserialised = Buffer.from(JSON.stringify(JSON.parse(pretty)));
		expect(reasonOf(verify(secret, headers, reserialised))).toBe('signature_mismatch');
		const extraSpace = Buffer.from(pretty.replace('{', '{ '));
		expect(reasonOf(verify(secret, headers, extraSpace))).toBe('signature_mismatch');
	});

	it('hashes raw bytes, so a body that is not valid UTF-8 still verifies exactly', () => {
		const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
		const key = decodeSigningSecret(secret);
		const signature = crypto
			.createHmac('sha256', key)
			.update(`evt_1.${NOW_S}.`)
			.update(bytes)
			.digest('base64');
		const headers = {
			'webhook-id': 'evt_1',
			'webhook-timestamp': String(NOW_S),
			'webhook-signature': `v1,${signature}`,
		};
		expect(reasonOf(verify(secret, headers, bytes))).toBe('valid');
		expect(reasonOf(verify(secret, headers, Buffer.from(bytes.toString('utf8'))))).toBe(
			'signature_mismatch',
		);
	});

	describe('timestamp tolerance', () => {
		it.each([
			['exactly the tolerance in the past', -300, 'valid'],
			['one second beyond the tolerance in the past', -301, 'timestamp_too_old'],
			['an hour old', -3600, 'timestamp_too_old'],
			['exactly the tolerance in the future', 300, 'valid'],
			['one second beyond the tolerance in the future', 301, 'timestamp_too_new'],
			['a day in the future', 86400, 'timestamp_too_new'],
		])('%s → %s', (_label, offset, expected) => {
			const { headers, rawBody } = signed(secret, body, { timestamp: NOW_S + offset });
			expect(reasonOf(verify(secret, headers, rawBody))).toBe(expected);
		});

		it('uses the configured tolerance', () => {
			const { headers, rawBody } = signed(secret, body, { timestamp: NOW_S - 61 });
			expect(reasonOf(verify(secret, headers, rawBody, 60))).toBe('timestamp_too_old');
			expect(reasonOf(verify(secret, headers, rawBody, 61))).toBe('valid');
		});

		it('checks the timestamp even when the signature is right (a replayed old delivery)', () => {
			const { headers, rawBody } = signed(secret, body, { timestamp: NOW_S });
			const tenMinutesLater = () => (NOW_S + 600) * 1000;
			expect(reasonOf(verify(secret, headers, rawBody, 300, tenMinutesLater))).toBe(
				'timestamp_too_old',
			);
		});
	});

	describe('secret rotation: several space-separated signatures', () => {
		const oldSecret = newSecret();
		const newer = newSecret();
		const both = (first: string, second: string) => {
			const a = signed(first, body);
			const b = signed(second, body);
			return { ...a.headers, 'webhook-signature': `${a.signature} ${b.signature}` };
		};

		it('accepts when the new signature comes first and we hold the old secret', () => {
			expect(reasonOf(verify(oldSecret, both(newer, oldSecret), Buffer.from(body)))).toBe('valid');
		});

		it('accepts when we already hold the new secret', () => {
			expect(reasonOf(verify(newer, both(newer, oldSecret), Buffer.from(body)))).toBe('valid');
		});

		it('rejects when neither signature is made with our secret', () => {
			expect(reasonOf(verify(secret, both(newer, oldSecret), Buffer.from(body)))).toBe(
				'signature_mismatch',
			);
		});

		it('tolerates extra spaces between signatures', () => {
			const headers = both(newer, oldSecret);
			headers['webhook-signature'] =
				` ${String(headers['webhook-signature']).replace(' ', '   ')} `;
			expect(reasonOf(verify(oldSecret, headers, Buffer.from(body)))).toBe('valid');
		});

		it('treats repeated webhook-signature headers as one list', () => {
			const a = signed(newer, body);
			const b = signed(oldSecret, body);
			const headers = { ...a.headers, 'webhook-signature': [a.signature, b.signature] };
			expect(reasonOf(verify(oldSecret, headers, Buffer.from(body)))).toBe('valid');
		});
	});

	describe('header forms the reference library accepts', () => {
		// The reference checks the timestamp against the real clock: sign at the real time here.
		const signedNow = () => signed(secret, body, { timestamp: Math.floor(Date.now() / 1000) });
		const bothVerdicts = (headers: DeliveryHeaders, rawBody: Buffer) => [
			referenceAccepts(secret, headers, body),
			reasonOf(verify(secret, headers, rawBody, 300, Date.now)),
		];

		it('two header lines as Node joins them, "v1,<a>, v1,<b>", whichever line holds the valid MAC', () => {
			const { headers, rawBody, signature } = signedNow();
			const other = `v1,${crypto.randomBytes(32).toString('base64')}`;
			for (const header of [`${signature}, ${other}`, `${other}, ${signature}`]) {
				expect(bothVerdicts({ ...headers, 'webhook-signature': header }, rawBody)).toEqual([
					true,
					'valid',
				]);
			}
		});

		it('"v1,<valid>,extra": what follows a second comma is ignored', () => {
			const { headers, rawBody, signature } = signedNow();
			expect(
				bothVerdicts({ ...headers, 'webhook-signature': `${signature},extra` }, rawBody),
			).toEqual([true, 'valid']);
		});

		it('but not a MAC in another base64 spelling of the same bytes, which the reference rejects too', () => {
			const { headers, rawBody, signature } = signedNow();
			const header = `v1,${otherSpelling(signature.slice(3))}`;
			expect(bothVerdicts({ ...headers, 'webhook-signature': header }, rawBody)).toEqual([
				false,
				'signature_mismatch',
			]);
		});
	});

	describe('signature versions', () => {
		it('ignores entries of unknown versions even when their bytes would match', () => {
			const { headers, rawBody, signature } = signed(secret, body);
			const asV2 = signature.replace(/^v1,/, 'v2,');
			const asV1a = signature.replace(/^v1,/, 'v1a,');
			expect(reasonOf(verify(secret, { ...headers, 'webhook-signature': asV2 }, rawBody))).toBe(
				'no_v1_signature',
			);
			expect(
				reasonOf(verify(secret, { ...headers, 'webhook-signature': `${asV1a} ${asV2}` }, rawBody)),
			).toBe('no_v1_signature');
		});

		it('accepts a v1 signature next to entries of unknown versions', () => {
			const { headers, rawBody, signature } = signed(secret, body);
			const header = `v2,${crypto.randomBytes(32).toString('base64')} v1a,${crypto.randomBytes(64).toString('base64')} ${signature}`;
			expect(reasonOf(verify(secret, { ...headers, 'webhook-signature': header }, rawBody))).toBe(
				'valid',
			);
		});
	});

	describe('malformed or missing headers', () => {
		const { headers, rawBody } = signed(secret, body);

		it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])(
			'missing %s → missing_headers',
			(name) => {
				const without = { ...headers };
				delete without[name];
				expect(reasonOf(verify(secret, without, rawBody))).toBe('missing_headers');
				expect(reasonOf(verify(secret, { ...headers, [name]: '' }, rawBody))).toBe(
					'missing_headers',
				);
			},
		);

		it('no headers at all → missing_headers', () => {
			expect(reasonOf(verify(secret, {}, rawBody))).toBe('missing_headers');
		});

		it.each(['abc', '12.5', '-5', '1e9', '0x6a', `${NOW_S}abc`, '1'.repeat(16)])(
			'webhook-timestamp %p → malformed_timestamp',
			(timestamp) => {
				expect(
					reasonOf(verify(secret, { ...headers, 'webhook-timestamp': timestamp }, rawBody)),
				).toBe('malformed_timestamp');
			},
		);

		it.each([
			['no comma', 'garbage'],
			['empty v1 signature', 'v1,'],
			['not base64', 'v1,!!!not-base64!!!'],
			['base64 of the wrong length', `v1,${crypto.randomBytes(31).toString('base64')}`],
			[
				'base64 without padding',
				`v1,${crypto.randomBytes(32).toString('base64').replace(/=+$/, '')}`,
			],
			['a comma but no version', `,${crypto.randomBytes(32).toString('base64')}`],
		])('webhook-signature with %s → no_v1_signature', (_label, header) => {
			expect(reasonOf(verify(secret, { ...headers, 'webhook-signature': header }, rawBody))).toBe(
				'no_v1_signature',
			);
		});

		it('a webhook-id with spaces or of absurd length → malformed_webhook_id', () => {
			expect(reasonOf(verify(secret, { ...headers, 'webhook-id': 'evt 1' }, rawBody))).toBe(
				'malformed_webhook_id',
			);
			expect(reasonOf(verify(secret, { ...headers, 'webhook-id': 'e'.repeat(257) }, rawBody))).toBe(
				'malformed_webhook_id',
			);
		});

		it('repeated webhook-id or webhook-timestamp headers are ambiguous → missing_headers', () => {
			expect(
				reasonOf(verify(secret, { ...headers, 'webhook-id': ['evt_1', 'evt_2'] }, rawBody)),
			).toBe('missing_headers');
			expect(
				reasonOf(
					verify(
						secret,
						{ ...headers, 'webhook-timestamp': [String(NOW_S), String(NOW_S)] },
						rawBody,
					),
				),
			).toBe('missing_headers');
		});
	});

	describe('bodies', () => {
		it('verifies an empty body signed as empty', () => {
			const { headers, rawBody } = signed(secret, '');
			expect(rawBody.length).toBe(0);
			expect(reasonOf(verify(secret, headers, rawBody))).toBe('valid');
		});

		it('rejects an empty body when a non-empty one was signed', () => {
			const { headers } = signed(secret, body);
			expect(reasonOf(verify(secret, headers, Buffer.alloc(0)))).toBe('signature_mismatch');
		});

		it('verifies a multi-megabyte body and notices a change in its last byte', () => {
			const big = JSON.stringify({
				id: 'evt_big',
				type: 'payment.succeeded',
				created_at: 'x',
				data: { blob: 'a'.repeat(5 * 1024 * 1024) },
			});
			const { headers, rawBody } = signed(secret, big);
			expect(rawBody.length).toBeGreaterThan(5 * 1024 * 1024);
			expect(reasonOf(verify(secret, headers, rawBody))).toBe('valid');
			const tampered = Buffer.from(rawBody);
			tampered[tampered.length - 3] = 'b'.charCodeAt(0);
			expect(reasonOf(verify(secret, headers, tampered))).toBe('signature_mismatch');
		});
	});

	it('agrees with the reference implementation on valid and invalid deliveries', () => {
		jest.useFakeTimers({ now: now(), doNotFake: ['nextTick', 'setImmediate'] });
		try {
			const cases: Array<{ headers: DeliveryHeaders; rawBody: Buffer }> = [];
			for (const offset of [-400, -300, 0, 300, 400]) {
				const s = signed(secret, body, { timestamp: NOW_S + offset });
				cases.push(s, { ...s, rawBody: Buffer.from(`${body} `) });
				cases.push({
					...s,
					headers: { ...s.headers, 'webhook-signature': s.signature.replace('v1,', 'v2,') },
				});
			}
			cases.push(signed(newSecret(), body));
			for (const { headers, rawBody } of cases) {
				let reference: boolean;
				try {
					new Webhook(secret).verify(rawBody.toString('utf8'), headers as Record<string, string>, {
						jsonParse: false,
					});
					reference = true;
				} catch {
					reference = false;
				}
				expect(verify(secret, headers, rawBody).valid).toBe(reference);
			}
		} finally {
			jest.useRealTimers();
		}
	});

	it('compares signatures with crypto.timingSafeEqual', () => {
		// The module object itself (the `import * as` namespace has read-only bindings).
		const cryptoModule = jest.requireActual<typeof crypto>('crypto');
		const spy = jest.spyOn(cryptoModule, 'timingSafeEqual');
		try {
			const { headers, rawBody } = signed(secret, body);
			verify(secret, headers, rawBody);
			expect(spy).toHaveBeenCalled();
		} finally {
			spy.mockRestore();
		}
	});

	it('never puts the secret or a signature into its result', () => {
		const { headers, rawBody, signature } = signed(newSecret(), body);
		const text = JSON.stringify(verify(secret, headers, rawBody));
		expect(text).not.toContain(secret.slice('whsec_'.length, 20));
		expect(text).not.toContain(signature.slice(3, 20));
	});
});

describe('decodeSigningSecret', () => {
	it('returns the base64-decoded key after whsec_', () => {
		const key = crypto.randomBytes(32);
		expect(decodeSigningSecret(`whsec_${key.toString('base64')}`).equals(key)).toBe(true);
		expect(decodeSigningSecret(` whsec_${key.toString('base64')}\n`).equals(key)).toBe(true);
	});

	it.each([
		['empty', ''],
		['only the prefix', 'whsec_'],
		['not base64', 'whsec_not*base64*at*all'],
		['a webhook id pasted by mistake', 'wh_2f9c1a7e4b'],
		['too short', `whsec_${crypto.randomBytes(16).toString('base64')}`],
	])('rejects %s with a message that does not repeat it', (_label, value) => {
		expect(() => decodeSigningSecret(value)).toThrow(/^The signing secret /);
		try {
			decodeSigningSecret(value);
		} catch (error) {
			if (value.length > 8) expect((error as Error).message).not.toContain(value);
		}
	});

	it('makes verifyDelivery throw rather than accept anything', () => {
		expect(() =>
			verifyDelivery({
				secret: '',
				headers: {},
				rawBody: Buffer.alloc(0),
				toleranceSeconds: 300,
				now,
			}),
		).toThrow(/^The signing secret /);
	});
});

// A seeded property test against the reference library, both ways: for thousands of random
// secrets, ids, bodies and webhook-signature headers assembled from valid, foreign, misspelt and
// oddly separated entries, this module accepts a delivery exactly when `standardwebhooks` does.
describe('verifyDelivery agrees with the reference library (seeded property test)', () => {
	const CASES = 3000;
	const rng = createRng(22_4);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)];
	const printable = (min: number, max: number) =>
		Array.from({ length: min + Math.floor(rng() * (max - min + 1)) }, () =>
			String.fromCharCode(0x21 + Math.floor(rng() * 94)),
		).join('');
	/** Code points of every plane, surrogates excepted (a body is UTF-8 text on both sides). */
	const text = (max: number) =>
		Array.from({ length: Math.floor(rng() * max) }, () => {
			const plane = pick([0x7f, 0x7ff, 0xd7ff, 0x10ffff]);
			const code = Math.floor(rng() * plane);
			return String.fromCodePoint(code >= 0xd800 && code <= 0xdfff ? 0x41 : code);
		}).join('');
	const seededSecret = () =>
		`whsec_${Buffer.from(Array.from({ length: 24 + Math.floor(rng() * 41) }, () => Math.floor(rng() * 256))).toString('base64')}`;

	interface Case {
		secret: string;
		headers: DeliveryHeaders;
		body: string;
	}

	function randomCase(): Case {
		const secret = seededSecret();
		const id = printable(1, 40);
		const timestamp = Math.floor(Date.now() / 1000) - 200 + Math.floor(rng() * 400);
		const body = text(200);
		const valid = new Webhook(secret).sign(id, new Date(timestamp * 1000), body).slice(3);
		const foreign = new Webhook(seededSecret()).sign(id, new Date(timestamp * 1000), body).slice(3);
		const entries = [
			() => `v1,${valid}`,
			() => `v1,${foreign}`,
			() => `v1,${valid},${printable(0, 6)}`,
			() => `v2,${valid}`,
			() => `V1,${valid}`,
			() => `v1,${otherSpelling(valid)}`,
			() => `v1,${valid.replace(/=$/, '')}`,
			() => `v1,${valid.slice(0, 20)}`,
			() => `v1,${valid}=`,
			() => `v1,,${valid}`,
			() => `,${valid}`,
			() => 'v1',
			() => 'v1,',
			() => printable(1, 10),
		];
		const separators = [' ', ', ', '  ', ',', '\t', ' ,'];
		const count = 1 + Math.floor(rng() * 3);
		let header = pick(entries)();
		for (let i = 1; i < count; i++) header += pick(separators) + pick(entries)();
		return {
			secret,
			body,
			headers: {
				'webhook-id': id,
				'webhook-timestamp': String(timestamp),
				'webhook-signature': header,
			},
		};
	}

	it(`accepts what the reference signs, and nothing else changes the verdict (${CASES} cases)`, () => {
		let accepted = 0;
		for (let n = 0; n < CASES; n++) {
			const sample = randomCase();
			const ours = verifyDelivery({
				secret: sample.secret,
				headers: sample.headers,
				rawBody: Buffer.from(sample.body, 'utf8'),
				toleranceSeconds: 300,
			});
			const reference = referenceAccepts(sample.secret, sample.headers, sample.body);
			if (ours.valid !== reference)
				throw new Error(
					`disagreement (reference ${String(reference)}) on ${JSON.stringify(sample)}`,
				);
			if (reference) accepted++;
		}
		// Both verdicts occur often enough for the comparison to mean something.
		expect(accepted).toBeGreaterThan(CASES / 10);
		expect(accepted).toBeLessThan(CASES * 0.9);
	});

	it(`verifies every delivery the reference signs, and no other body (${CASES} cases)`, () => {
		for (let n = 0; n < CASES; n++) {
			const { secret: key, headers, body: payload } = randomCase();
			const signature = new Webhook(key).sign(
				String(headers['webhook-id']),
				new Date(Number(headers['webhook-timestamp']) * 1000),
				payload,
			);
			const delivery = { ...headers, 'webhook-signature': signature };
			expect(
				verifyDelivery({
					secret: key,
					headers: delivery,
					rawBody: Buffer.from(payload, 'utf8'),
					toleranceSeconds: 300,
				}).valid,
			).toBe(true);
			expect(
				verifyDelivery({
					secret: key,
					headers: delivery,
					rawBody: Buffer.from(`${payload} `, 'utf8'),
					toleranceSeconds: 300,
				}).valid,
			).toBe(false);
		}
	});
});

// What signature.ts's header comment says about the reference library, measured: each row runs
// `standardwebhooks`' Webhook.verify and verifyDelivery on the same headers and raw body (the
// reference gets the Buffer, as a receiver holding the raw body would pass it) and pins both
// verdicts. The MAC of each row is made over an explicit signed content, so a row says which
// reading of the headers and body each side signs.
describe('verifyDelivery where it differs from the reference library (both verdicts pinned)', () => {
	const secret = newSecret();
	const key = decodeSigningSecret(secret);
	const body = Buffer.from('{"id":"evt_1","type":"payment.succeeded"}');
	const ts = String(NOW_S);
	const macOver = (signedContent: string, payload: Buffer = body) =>
		`v1,${crypto.createHmac('sha256', key).update(signedContent, 'utf8').update(payload).digest('base64')}`;
	const delivery = (
		id: DeliveryHeaders[string],
		timestamp: DeliveryHeaders[string],
		signature: DeliveryHeaders[string],
	) => ({
		'webhook-id': id,
		'webhook-timestamp': timestamp,
		'webhook-signature': signature,
	});

	/** 'valid', the reference's WebhookVerificationError message, or another error's name and message. */
	function referenceVerdict(
		headers: DeliveryHeaders,
		payload: Buffer,
		referenceSecret = secret,
	): string {
		try {
			new Webhook(referenceSecret).verify(payload, headers as Record<string, string>, {
				jsonParse: false,
			});
			return 'valid';
		} catch (error) {
			if (error instanceof WebhookVerificationError) return error.message;
			return `${(error as Error).name}: ${(error as Error).message}`;
		}
	}
	const verdicts = (headers: DeliveryHeaders, payload: Buffer = body) => ({
		reference: referenceVerdict(headers, payload),
		ours: reasonOf(verify(secret, headers, payload)),
	});

	beforeAll(() => jest.useFakeTimers({ now: now(), doNotFake: ['nextTick', 'setImmediate'] }));
	afterAll(() => jest.useRealTimers());

	it('agrees on the plain form (the baseline of the rows below)', () => {
		expect(verdicts(delivery('evt_1', ts, macOver(`evt_1.${ts}.`)))).toEqual({
			reference: 'valid',
			ours: 'valid',
		});
	});

	describe('webhook-timestamp: the reference reads parseInt(header, 10) and signs that number; we take only digits and sign the header text', () => {
		it.each([
			['a plus sign', `+${ts}`, { reference: 'valid', ours: 'malformed_timestamp' }],
			['a fraction', `${ts}.5`, { reference: 'valid', ours: 'malformed_timestamp' }],
			['trailing letters', `${ts}abc`, { reference: 'valid', ours: 'malformed_timestamp' }],
			[
				'an exponent that parseInt stops before',
				`${ts}e0`,
				{ reference: 'valid', ours: 'malformed_timestamp' },
			],
			['a leading space (both trim it)', ` ${ts}`, { reference: 'valid', ours: 'valid' }],
			[
				'a leading zero, MAC over the number',
				`0${ts}`,
				{ reference: 'valid', ours: 'signature_mismatch' },
			],
			[
				'exponent notation (parseInt reads 1)',
				`${NOW_S / 1e9}e9`,
				{ reference: 'Message timestamp too old', ours: 'malformed_timestamp' },
			],
			[
				'hexadecimal (parseInt reads 0)',
				`0x${NOW_S.toString(16)}`,
				{ reference: 'Message timestamp too old', ours: 'malformed_timestamp' },
			],
		])('%s (%p) signed as the reference reads it', (_label, header, expected) => {
			expect(verdicts(delivery('evt_1', header, macOver(`evt_1.${ts}.`)))).toEqual(expected);
		});

		it('a leading zero, MAC over the header text as sent: we accept, the reference does not', () => {
			expect(verdicts(delivery('evt_1', `0${ts}`, macOver(`evt_1.0${ts}.`)))).toEqual({
				reference: 'No matching signature found',
				ours: 'valid',
			});
		});
	});

	describe('webhook-id: the reference signs any text as it is; we take printable ASCII without spaces, trimmed', () => {
		it('an id with a space inside', () => {
			expect(verdicts(delivery('evt 1', ts, macOver(`evt 1.${ts}.`)))).toEqual({
				reference: 'valid',
				ours: 'malformed_webhook_id',
			});
		});

		it('an id outside ASCII', () => {
			expect(verdicts(delivery('évt_1', ts, macOver(`évt_1.${ts}.`)))).toEqual({
				reference: 'valid',
				ours: 'malformed_webhook_id',
			});
		});

		it('an id with surrounding spaces: each side accepts only the MAC over its own reading', () => {
			expect(verdicts(delivery(' evt_1 ', ts, macOver(` evt_1 .${ts}.`)))).toEqual({
				reference: 'valid',
				ours: 'signature_mismatch',
			});
			expect(verdicts(delivery(' evt_1 ', ts, macOver(`evt_1.${ts}.`)))).toEqual({
				reference: 'No matching signature found',
				ours: 'valid',
			});
		});
	});

	describe('repeated headers (arrays, as n8n hands over duplicated headers)', () => {
		it('two webhook-id values: the reference signs them joined by a comma; we refuse them as ambiguous', () => {
			expect(verdicts(delivery(['evt_1', 'evt_2'], ts, macOver(`evt_1,evt_2.${ts}.`)))).toEqual({
				reference: 'valid',
				ours: 'missing_headers',
			});
		});

		it('two different webhook-timestamp values: the reference reads the first; we refuse them as ambiguous', () => {
			expect(
				verdicts(delivery('evt_1', [ts, String(NOW_S - 3600)], macOver(`evt_1.${ts}.`))),
			).toEqual({
				reference: 'valid',
				ours: 'missing_headers',
			});
		});

		it('two webhook-signature values: the reference throws a TypeError; we read them as one list', () => {
			const other = `v1,${crypto.randomBytes(32).toString('base64')}`;
			expect(verdicts(delivery('evt_1', ts, [other, macOver(`evt_1.${ts}.`)]))).toEqual({
				reference: 'TypeError: msgSignature.split is not a function',
				ours: 'valid',
			});
		});
	});

	describe('a body that is not valid UTF-8: the reference decodes it (bad bytes become U+FFFD) and MACs the re-encoded text; we MAC the bytes received', () => {
		const raw = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
		const asReferenceReadsIt = Buffer.from(raw.toString('utf8'), 'utf8');

		it('the decoded text differs from the bytes received', () => {
			expect(asReferenceReadsIt.equals(raw)).toBe(false);
		});

		it('a MAC over the bytes received', () => {
			expect(verdicts(delivery('evt_1', ts, macOver(`evt_1.${ts}.`, raw)), raw)).toEqual({
				reference: 'No matching signature found',
				ours: 'valid',
			});
		});

		it('a MAC over the decoded text', () => {
			expect(
				verdicts(delivery('evt_1', ts, macOver(`evt_1.${ts}.`, asReferenceReadsIt)), raw),
			).toEqual({
				reference: 'valid',
				ours: 'signature_mismatch',
			});
		});
	});

	it('a secret shorter than 24 bytes: the reference verifies with it; we refuse the secret', () => {
		const short = `whsec_${crypto.randomBytes(16).toString('base64')}`;
		const signature = new Webhook(short).sign('evt_1', new Date(NOW_S * 1000), body);
		const headers = delivery('evt_1', ts, signature);
		expect(referenceVerdict(headers, body, short)).toBe('valid');
		expect(() => verify(short, headers, body)).toThrow(/^The signing secret /);
	});
});
