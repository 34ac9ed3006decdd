// Pure: no n8n import.
import { InputError } from './inputError';

/**
 * A parser for IDs like `pay_3Qw8Er5T` (docs/api-contract.md §1): the prefix, then letters and
 * digits. A record locator value or a number from an expression is read as text.
 */
export function prefixedIdParser(prefix: string, label: string, example: string): (value: unknown) => string {
	const pattern = new RegExp(`^${prefix}_[A-Za-z0-9]+$`);
	return (value) => {
		const text = value === undefined || value === null ? '' : String(value).trim();
		if (pattern.test(text)) return text;
		throw new InputError(
			`${label} is ${text === '' ? 'empty' : `"${text}"`}, it must look like ${example}`,
			`Enter the "id" of the record (it starts with ${prefix}_), e.g. map the "id" field of an earlier Education Platform node or trigger.`,
		);
	};
}
