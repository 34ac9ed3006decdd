/**
 * String order of the contract (§3.3): lower-cased, then by Unicode code point. JavaScript's `<`
 * compares UTF-16 code units, which differs only when a surrogate pair meets a character in
 * U+E000–U+FFFF; this handles that case.
 */
export function compareCodePoints(a: string, b: string): number {
	const length = Math.min(a.length, b.length);
	for (let i = 0; i < length; i++) {
		const x = a.charCodeAt(i);
		const y = b.charCodeAt(i);
		if (x === y) continue;
		const xSurrogate = x >= 0xd800 && x <= 0xdfff;
		const ySurrogate = y >= 0xd800 && y <= 0xdfff;
		if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
		return x - y;
	}
	return a.length - b.length;
}

/** Ranks (0 = lowest) for `count` values given by `valueAt` (compared lower-cased); equal values share a rank; null ranks below everything. */
export function stringRanks(count: number, valueAt: (i: number) => string | null): Uint32Array {
	const values: (string | null)[] = new Array(count);
	for (let i = 0; i < count; i++) {
		const value = valueAt(i);
		values[i] = value === null ? null : value.toLowerCase();
	}
	// Native `<` orders by UTF-16 code unit, which equals code-point order unless a value holds a
	// surrogate or a character from U+E000 up; only then pay for compareCodePoints.
	const native = !values.some((value) => value !== null && /[\uD800-\uFFFF]/.test(value));
	const order = Array.from({ length: count }, (_, i) => i);
	order.sort((a, b) => {
		const x = values[a];
		const y = values[b];
		if (x === y) return 0;
		if (x === null) return -1;
		if (y === null) return 1;
		if (native) return x < y ? -1 : 1;
		return compareCodePoints(x, y);
	});
	const ranks = new Uint32Array(count);
	let rank = 0;
	for (let k = 0; k < count; k++) {
		if (k > 0 && values[order[k]] !== values[order[k - 1]]) rank++;
		ranks[order[k]] = rank;
	}
	return ranks;
}
