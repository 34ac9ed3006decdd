/** Plain JSON objects (not arrays, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `overrides` laid over `base`: nested objects merge key by key, anything else (arrays, null,
 * scalars) replaces. Neither input is modified.
 */
export function deepMerge(
	base: Record<string, unknown>,
	overrides: Record<string, unknown>,
): Record<string, unknown> {
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(overrides)) {
		const current = merged[key];
		merged[key] =
			isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
	}
	return merged;
}
