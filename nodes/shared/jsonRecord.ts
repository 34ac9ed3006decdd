// Pure: no n8n import.

export type JsonRecord = Record<string, unknown>;

/** A JSON object: not null and not an array. */
export function isJsonRecord(value: unknown): value is JsonRecord {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record's `id` as text, or undefined when it has none that is a number or a string. */
export function idOf(item: unknown): string | undefined {
	return isJsonRecord(item) && (typeof item.id === 'number' || typeof item.id === 'string')
		? String(item.id)
		: undefined;
}
