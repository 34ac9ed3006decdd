import { ActionableError } from '../../../nodes/shared/errors';
import { wholeNumber } from '../../../nodes/shared/parameters';

describe('wholeNumber', () => {
	it.each([
		[1, 1, undefined, 1],
		['20', 1, 20, 20],
		[0, 0, undefined, 0],
		[100, 1, 100, 100],
	])('accepts %p (min %p, max %p) as %p', (value, min, max, expected) => {
		expect(wholeNumber(value, 'Page Size', min, max)).toBe(expected);
	});

	it.each([
		[
			0,
			1,
			undefined,
			'Limit is 0, it must be a whole number at least 1',
			'Set Limit to a whole number at least 1.',
		],
		[
			2.5,
			1,
			undefined,
			'Limit is 2.5, it must be a whole number at least 1',
			'Set Limit to a whole number at least 1.',
		],
		[
			'abc',
			1,
			undefined,
			'Limit is abc, it must be a whole number at least 1',
			'Set Limit to a whole number at least 1.',
		],
		[
			101,
			1,
			100,
			'Limit is 101, it must be a whole number from 1 to 100',
			'Set Limit to a whole number from 1 to 100.',
		],
		[
			undefined,
			2,
			undefined,
			'Limit is undefined, it must be a whole number at least 2',
			'Set Limit to a whole number at least 2.',
		],
	])(
		'refuses %p (min %p, max %p), saying what it takes',
		(value, min, max, message, description) => {
			let thrown: unknown;
			try {
				wholeNumber(value, 'Limit', min, max);
			} catch (error) {
				thrown = error;
			}
			expect(thrown).toBeInstanceOf(ActionableError);
			expect(thrown).toMatchObject({ message, description });
		},
	);
});
