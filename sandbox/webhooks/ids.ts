import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghijkmnopqrstuvwxyz';

/** A prefixed random id like `dlv_8Ui9Op0A` (contract §1: prefixed strings). */
export function randomId(prefix: string, length = 10): string {
	const bytes = randomBytes(length);
	let id = prefix;
	for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
	return id;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `evt_` + 20 characters: 10 encode the time (so ids sort by creation, like the contract's
 * ULID-style example), 10 are random. Unique across sandbox restarts, which receivers that
 * de-duplicate on `webhook-id` rely on.
 */
export function eventId(ms: number): string {
	let time = '';
	let rest = Math.floor(ms);
	for (let i = 0; i < 10; i++) {
		time = CROCKFORD[rest % 32] + time;
		rest = Math.floor(rest / 32);
	}
	let random = '';
	for (const byte of randomBytes(10)) random += CROCKFORD[byte % 32];
	return `evt_${time}${random}`;
}
