/**
 * Deterministic pseudo-randomness for the sandbox: everything the sandbox invents (students, fault
 * schedules) derives from a seed, so two runs with the same seed serve the same data.
 *
 * - `hashString(text)` → a 32-bit seed from any string (`SANDBOX_SEED=springfield`).
 * - `mix(...parts)` → a well-spread 32-bit integer from several integers (seed, id, field salt).
 * - `createRng(seed)` → a mulberry32 generator returning floats in [0, 1).
 * - `Rng` helpers `int(rng, min, max)` (inclusive) and `pick(rng, items)`.
 * - `Random`, method-style access to one generator, which the record and event payload builders
 *   call dozens of times per record.
 */

export type Rng = () => number;

// Module-level copies: hot loops (a million students) must not look up the global `Math`, which
// is slow inside sandboxed contexts such as Jest's.
const { imul, floor } = Math;

export function hashString(text: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = imul(hash, 0x01000193);
	}
	return hash >>> 0;
}

export function mix(...parts: number[]): number {
	let h = 0x9e3779b9;
	for (const part of parts) {
		h ^= part >>> 0;
		h = imul(h ^ (h >>> 16), 0x85ebca6b);
		h = imul(h ^ (h >>> 13), 0xc2b2ae35);
		h ^= h >>> 16;
	}
	return h >>> 0;
}

export function createRng(seed: number): Rng {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = imul(t ^ (t >>> 15), t | 1);
		t ^= t + imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function int(rng: Rng, min: number, max: number): number {
	return min + floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
	return items[floor(rng() * items.length)];
}

const TOKEN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class Random {
	private readonly rng: Rng;

	constructor(seed: number) {
		this.rng = createRng(seed);
	}

	/** Uniform in [0, 1). */
	next(): number {
		return this.rng();
	}

	/** Integer in [min, max]. */
	int(min: number, max: number): number {
		return int(this.rng, min, max);
	}

	pick<T>(items: readonly T[]): T {
		return pick(this.rng, items);
	}

	chance(probability: number): boolean {
		return this.rng() < probability;
	}

	/** `length` characters of [0-9A-Za-z]: the tail of resource ids like `pay_3Qw8Er5T`. */
	token(length: number): string {
		let out = '';
		for (let i = 0; i < length; i++)
			out += TOKEN_ALPHABET[int(this.rng, 0, TOKEN_ALPHABET.length - 1)];
		return out;
	}
}
