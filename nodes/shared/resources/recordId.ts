// Pure: no n8n import.
import { ActionableError, quoted } from '../errors';

/** What an ID like `pay_3Qw8Er5T` looks like (docs/api-contract.md §1), as a regex source: the prefix, then letters and digits. */
export function prefixedIdPattern(prefix: string): string {
	return `${prefix}_[A-Za-z0-9]+`;
}

/**
 * A parser for IDs like `pay_3Qw8Er5T` (prefixedIdPattern). A record locator value or a number
 * from an expression is read as text.
 */
export function prefixedIdParser(
	prefix: string,
	label: string,
	example: string,
): (value: unknown) => string {
	const pattern = new RegExp(`^${prefixedIdPattern(prefix)}$`);
	return (value) => {
		const text = value === undefined || value === null ? '' : String(value).trim();
		if (pattern.test(text)) return text;
		throw new ActionableError(
			`${label} is ${text === '' ? 'empty' : quoted(text)}, it must look like ${example}`,
			`Enter the "id" of the record (it starts with ${prefix}_), e.g. map the "id" field of an earlier Education Platform node or trigger.`,
		);
	};
}

/** Get's ID parameter of a resource whose IDs carry a prefix, and what a 404 advises. */
interface PrefixedRecordId {
	parameter: string;
	displayName: string;
	placeholder: string;
	description: string;
	parse: (value: unknown) => string;
	notFoundAdvice: string;
}

/** e.g. `prefixedRecordId('payment', 'Payment', 'pay', 'pay_3Qw8Er5T', 'Student or Invoice')`. */
export function prefixedRecordId(
	value: string,
	displayName: string,
	prefix: string,
	example: string,
	findBy: string,
): PrefixedRecordId {
	const noun = displayName.toLowerCase();
	const label = `${displayName} ID`;
	const article = /^[aeiou]/.test(noun) ? 'An' : 'A';
	return {
		parameter: `${value}Id`,
		displayName: label,
		placeholder: `e.g. ${example}`,
		description: `The ${noun}'s "id", starting with ${prefix}_`,
		parse: prefixedIdParser(prefix, label, example),
		notFoundAdvice: `${article} ${noun} ID starts with ${prefix}_; Get Many with a ${findBy} filter finds one.`,
	};
}
