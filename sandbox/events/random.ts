// Method-style access to the sandbox's seeded generator (../random), which the payload builders
// call dozens of times per event.
import { createRng, int, pick, type Rng } from '../random';

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
		for (let i = 0; i < length; i++) out += TOKEN_ALPHABET[int(this.rng, 0, TOKEN_ALPHABET.length - 1)];
		return out;
	}
}
