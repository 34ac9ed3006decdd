/**
 * A bench flag's whole number (`100_000` reads 100000) from `min` to `max`, or undefined when the
 * flag is absent, so `wholeNumber(values.runs, '--runs', 1) ?? 3` gives its default.
 */
export function wholeNumber(raw: string, flag: string, min: number, max?: number): number;
export function wholeNumber(
	raw: string | undefined,
	flag: string,
	min: number,
	max?: number,
): number | undefined;
export function wholeNumber(
	raw: string | undefined,
	flag: string,
	min: number,
	max = Number.MAX_SAFE_INTEGER,
): number | undefined {
	if (raw === undefined) return undefined;
	const digits = raw.trim().replace(/_/g, '');
	const value = Number(digits);
	if (!/^\d+$/.test(digits) || value < min || value > max) {
		const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
		throw new Error(`${flag} must be a whole number ${range}; got "${raw}".`);
	}
	return value;
}
