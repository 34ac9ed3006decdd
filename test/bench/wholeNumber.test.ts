import { wholeNumber } from '../../bench/wholeNumber';

describe('wholeNumber', () => {
	it('reads a whole number in range, with _ as a digit separator, and undefined for an absent flag', () => {
		expect(wholeNumber('100_000', '--students', 0, 5_000_000)).toBe(100_000);
		expect(wholeNumber(' 3 ', '--runs', 1)).toBe(3);
		expect(wholeNumber(undefined, '--runs', 1) ?? 3).toBe(3);
	});

	it('names the flag and the range when the value is not one', () => {
		expect(() => wholeNumber('0', '--runs', 1, 100)).toThrow(
			'--runs must be a whole number from 1 to 100; got "0".',
		);
		expect(() => wholeNumber('1.5', '--rate', 1)).toThrow(
			'--rate must be a whole number of at least 1; got "1.5".',
		);
		expect(() => wholeNumber('', '--seed', 0)).toThrow(
			'--seed must be a whole number of at least 0; got "".',
		);
	});
});
