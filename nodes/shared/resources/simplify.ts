// Pure: no n8n import. Building blocks of every resource's "Simplify" output: flat, friendly
// fields, easy to map into sheets, emails and AI tools.
import { isJsonRecord, type JsonRecord } from '../jsonRecord';
import type { ResourceDescriptor } from './descriptor';

/** Node version 2's Simplify: `simplify`'s record, cut to `simplifiedFields` when the resource names them. */
export function simplifiedRecord({ simplify, simplifiedFields }: Pick<ResourceDescriptor, 'simplify' | 'simplifiedFields'>): (record: unknown) => unknown {
	if (!simplifiedFields) return simplify;
	return (record) => {
		const simple = simplify(record);
		return isJsonRecord(simple) ? Object.fromEntries(simplifiedFields.keys.map((key) => [key, simple[key] ?? null])) : simple;
	};
}

/** The record as an object, or an empty one (a non-object is returned unchanged by the callers). */
export function fieldsOf(value: unknown): JsonRecord {
	return isJsonRecord(value) ? value : {};
}

/** The name people use: the preferred first name when there is one, then the last name. */
export function personName(person: JsonRecord): string {
	const first = person.preferred_name || person.first_name;
	return [first, person.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
}

/** Digits after the decimal point of a currency (USD 2, JPY 0, BHD 3); 2 when unknown. */
function minorUnitDigits(currency: string): number {
	try {
		return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
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
