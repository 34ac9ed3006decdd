// Pure: no n8n import. Building blocks of every resource's "Simplify" output: flat, friendly
// fields, easy to map into sheets, emails and AI tools.
import { isJsonRecord, type JsonRecord } from '../jsonRecord';
import type { ResourceDescriptor } from './descriptor';

/** Node version 2's Simplify: `simplify`'s record, cut to `simplifiedFields` when the resource names them. */
export function simplifiedRecord({
	simplify,
	simplifiedFields,
}: Pick<ResourceDescriptor, 'simplify' | 'simplifiedFields'>): (record: unknown) => unknown {
	if (!simplifiedFields) return simplify;
	return (record) => {
		const simple = simplify(record);
		return isJsonRecord(simple)
			? Object.fromEntries(simplifiedFields.keys.map((key) => [key, simple[key] ?? null]))
			: simple;
	};
}

/** The record as an object, or an empty one (a non-object is returned unchanged by the callers). */
export function fieldsOf(value: unknown): JsonRecord {
	return isJsonRecord(value) ? value : {};
}

/** The name people use: the preferred first name when there is one, then the last name. */
export function personName(person: JsonRecord): string {
	const first = person.preferred_name || person.first_name;
	return [first, person.last_name]
		.filter((part) => typeof part === 'string' && part !== '')
		.join(' ');
}

/** Digits after the decimal point of a currency (USD 2, JPY 0, BHD 3); 2 when unknown. */
function minorUnitDigits(currency: string): number {
	try {
		return (
			new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
				.maximumFractionDigits ?? 2
		);
	} catch {
		return 2;
	}
}

/** An amount in minor units (12500 USD) as the currency amount (125); null stays null. */
export function decimalAmount(minor: unknown, currency: unknown): number | null {
	if (typeof minor !== 'number') return null;
	const digits = minorUnitDigits(typeof currency === 'string' ? currency : 'USD');
	return Number((minor / 10 ** digits).toFixed(digits));
}

// What a record picker's list shows for one record (each resource's `…Name`): the words a person
// scanning it recognises, from the fields the contract gives it. A missing field is left out.

/** The trimmed text, or undefined when there is none. */
export const listText = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** `2026-11-21T09:15:02.000000Z` → `2026-11-21`. */
export const listDay = (value: unknown): string | undefined => listText(value)?.slice(0, 10);

/** `partially_refunded` → `partially refunded`. */
export const listWords = (value: unknown): string | undefined =>
	listText(value)?.replace(/_/g, ' ');

/** The parts that exist, joined: "who — what, when (state)". */
export function listItemName(
	who: string | undefined,
	what: Array<string | undefined>,
	state?: string,
): string {
	const detail = what.filter((part) => part !== undefined && part !== '').join(', ');
	const head = [who, detail].filter((part) => part !== undefined && part !== '').join(' — ');
	return state ? `${head} (${state})` : head;
}

/** "1250.00 USD": an amount in minor units (as the API sends it) as the currency writes it. */
export function moneyText(minor: unknown, currency: unknown): string | undefined {
	if (typeof minor !== 'number') return undefined;
	const code = listText(currency);
	const digits = minorUnitDigits(code ?? 'USD');
	return [(minor / 10 ** digits).toFixed(digits), code].filter(Boolean).join(' ');
}
