// Pure: no n8n import.

export type JsonRecord = Record<string, unknown>;

/** A JSON object: not null and not an array. */
export function isJsonRecord(value: unknown): value is JsonRecord {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
