// Standard Webhooks v1 signing (docs/api-contract.md §8.4), implemented on node:crypto so the
// reference `standardwebhooks` package can check it independently in the tests.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes: what a subscription is given on create and rotate. */
export function generateSecret(): string {
	return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The HMAC key is the base64-decoded part after the prefix, not the secret string itself. */
function secretKey(secret: string): Buffer {
	if (!secret.startsWith(SECRET_PREFIX))
		throw new Error(`Webhook secret must start with ${SECRET_PREFIX}`);
	return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** One `v1,<base64>` signature over `${id}.${timestamp}.${body}`. */
export function sign(
	secret: string,
	webhookId: string,
	timestampSeconds: number,
	body: string,
): string {
	const digest = createHmac('sha256', secretKey(secret))
		.update(`${webhookId}.${timestampSeconds}.`)
		.update(body)
		.digest('base64');
	return `v1,${digest}`;
}

export interface SignedHeaders {
	'webhook-id': string;
	'webhook-timestamp': string;
	'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers of one attempt. With several secrets (a rotation's grace
 * period) the signatures are space-separated, newest secret first.
 */
export function signatureHeaders(
	secrets: readonly string[],
	webhookId: string,
	timestampSeconds: number,
	body: string,
): SignedHeaders {
	if (secrets.length === 0) throw new Error('At least one secret is needed to sign a delivery');
	return {
		'webhook-id': webhookId,
		'webhook-timestamp': String(timestampSeconds),
		'webhook-signature': secrets
			.map((secret) => sign(secret, webhookId, timestampSeconds, body))
			.join(' '),
	};
}
