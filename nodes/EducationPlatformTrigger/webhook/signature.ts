// Pure: no n8n import. Standard Webhooks v1 (symmetric) verification, docs/api-contract.md §8.4,
// over the body's raw bytes. Its rules, and where it differs from the reference library
// (`standardwebhooks`, which signature.test.ts runs beside it): docs/trigger-guarantees.md "How the
// signature is read". Results never echo the secret or a signature, so callers can log them.
import { createHmac, timingSafeEqual } from 'crypto';

const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks asks for at least 24 random bytes (192 bits). */
const MIN_SECRET_BYTES = 24;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** The base64 text of a 32-byte MAC (HMAC-SHA256): the only length a v1 signature can have. */
const SHA256_BASE64 = /^[A-Za-z0-9+/]{43}=$/;
/** Printable ASCII without spaces, bounded (it ends up in logs and run data). */
const WEBHOOK_ID = /^[\x21-\x7e]{1,256}$/;
const UNIX_SECONDS = /^[0-9]{1,15}$/;

/** Standard Webhooks' recommended 5 minutes (docs/api-contract.md §8.4): the default tolerance. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** Bounds of the trigger's Timestamp Tolerance, enforced at every delivery too (an expression can set any number). */
export const MIN_TOLERANCE_SECONDS = 1;
export const MAX_TOLERANCE_SECONDS = 3600;

type HeaderValue = string | string[] | undefined;
export type DeliveryHeaders = Record<string, HeaderValue>;

interface VerifyDeliveryInput {
	/**
	 * The signing secret, `whsec_<base64>` (the prefix may be omitted), or several: during a
	 * rotation's grace period a delivery signed with any of them is accepted.
	 */
	secret: string | readonly string[];
	/** Request headers; names are matched case-insensitively. */
	headers: DeliveryHeaders;
	/** The request body exactly as received. */
	rawBody: Uint8Array;
	/** Largest accepted distance, in seconds, between `webhook-timestamp` and `now()`. */
	toleranceSeconds: number;
	/** Current time in milliseconds since the epoch; injectable for tests. */
	now?: () => number;
}

type VerificationFailure =
	| 'missing_headers'
	| 'malformed_webhook_id'
	| 'malformed_timestamp'
	| 'timestamp_too_old'
	| 'timestamp_too_new'
	| 'no_v1_signature'
	| 'signature_mismatch';

type VerificationResult =
	| { valid: true; webhookId: string; timestamp: number }
	| { valid: false; reason: VerificationFailure; message: string };

/**
 * The HMAC key inside a `whsec_` secret. Throws, with a message fit for the user and without the
 * secret in it, when the value cannot be a Standard Webhooks secret; a plain Error, not an
 * ActionableError: the advice depends on where the secret came from, so each caller adds its own.
 */
export function decodeSigningSecret(secret: string): Buffer {
	const trimmed = (secret ?? '').trim();
	const encoded = trimmed.startsWith(SECRET_PREFIX) ? trimmed.slice(SECRET_PREFIX.length) : trimmed;
	if (encoded === '') {
		throw new Error('The signing secret is empty.');
	}
	if (!BASE64.test(encoded)) {
		throw new Error(
			'The signing secret is not a Standard Webhooks secret: it should look like whsec_ followed by base64 text (letters, digits, + and /). Copy it again from the platform.',
		);
	}
	const key = Buffer.from(encoded, 'base64');
	if (key.length < MIN_SECRET_BYTES) {
		throw new Error(
			`The signing secret is too short (${key.length} bytes; at least ${MIN_SECRET_BYTES} expected). Copy the whole secret from the platform.`,
		);
	}
	return key;
}

/** Checks a delivery's `webhook-*` headers and signature against its raw body. */
export function verifyDelivery(input: VerifyDeliveryInput): VerificationResult {
	const keys = (typeof input.secret === 'string' ? [input.secret] : input.secret).map(
		decodeSigningSecret,
	);
	const headers = signatureHeaders(input.headers);
	const webhookId = single(headers['webhook-id']);
	const timestampHeader = single(headers['webhook-timestamp']);
	const signatureHeader = joined(headers['webhook-signature']);

	if (!webhookId || !timestampHeader || !signatureHeader) {
		return failure(
			'missing_headers',
			'The webhook-id, webhook-timestamp and webhook-signature headers are all required.',
		);
	}
	if (!WEBHOOK_ID.test(webhookId)) {
		return failure('malformed_webhook_id', 'The webhook-id header is malformed.');
	}
	if (!UNIX_SECONDS.test(timestampHeader)) {
		return failure(
			'malformed_timestamp',
			'The webhook-timestamp header is not a Unix time in seconds.',
		);
	}

	const timestamp = Number(timestampHeader);
	const nowSeconds = Math.floor((input.now ?? Date.now)() / 1000);
	if (nowSeconds - timestamp > input.toleranceSeconds) {
		return failure(
			'timestamp_too_old',
			`The webhook-timestamp is more than ${input.toleranceSeconds} seconds in the past.`,
		);
	}
	if (timestamp - nowSeconds > input.toleranceSeconds) {
		return failure(
			'timestamp_too_new',
			`The webhook-timestamp is more than ${input.toleranceSeconds} seconds in the future.`,
		);
	}

	const candidates = v1Signatures(signatureHeader);
	if (candidates.length === 0) {
		return failure(
			'no_v1_signature',
			'The webhook-signature header holds no well-formed v1 signature.',
		);
	}

	const expected = keys.map((key) =>
		Buffer.from(
			createHmac('sha256', key)
				.update(`${webhookId}.${timestampHeader}.`, 'utf8')
				.update(input.rawBody)
				.digest('base64'),
		),
	);
	// Every candidate is compared with every key, so the time taken does not depend on which matched.
	let matched = false;
	for (const candidate of candidates) {
		for (const signature of expected) matched = timingSafeEqual(candidate, signature) || matched;
	}
	if (!matched) {
		return failure('signature_mismatch', 'No signature in webhook-signature matches the body.');
	}
	return { valid: true, webhookId, timestamp };
}

/**
 * The `v1` signatures of a header as base64 text, read as the reference library reads them;
 * entries of other versions, and ones that cannot be a base64 SHA-256 MAC, are skipped.
 */
function v1Signatures(header: string): Buffer[] {
	const signatures: Buffer[] = [];
	for (const entry of header.split(' ')) {
		const [version, encoded = ''] = entry.split(',');
		if (version !== 'v1' || !SHA256_BASE64.test(encoded)) continue;
		signatures.push(Buffer.from(encoded));
	}
	return signatures;
}

function failure(reason: VerificationFailure, message: string): VerificationResult {
	return { valid: false, reason, message };
}

const SIGNATURE_HEADERS = new Set(['webhook-id', 'webhook-timestamp', 'webhook-signature']);

/** The three signature headers under lower-case names (a later spelling of a name wins); no other header is copied. */
function signatureHeaders(headers: DeliveryHeaders): DeliveryHeaders {
	const result: DeliveryHeaders = {};
	for (const name of Object.keys(headers ?? {})) {
		const lowerCase = name.toLowerCase();
		if (SIGNATURE_HEADERS.has(lowerCase)) result[lowerCase] = headers[name];
	}
	return result;
}

/** A header that must occur once; repeated values are ambiguous and treated as absent. */
function single(value: HeaderValue): string | undefined {
	if (Array.isArray(value)) return value.length === 1 ? value[0].trim() : undefined;
	return value?.trim();
}

/** Repeated signature headers are one list, as if sent space-separated. */
function joined(value: HeaderValue): string | undefined {
	return (Array.isArray(value) ? value.join(' ') : value)?.trim();
}
