import { ActionableError, quoted } from '../../../nodes/shared/errors';

describe('ActionableError', () => {
	it('carries what is wrong and what to fix', () => {
		const error = new ActionableError(
			'Limit is 0, it must be a whole number at least 1',
			'Set Limit to a whole number at least 1.',
		);
		expect(error).toBeInstanceOf(Error);
		expect(error.name).toBe('ActionableError');
		expect(error.message).toBe('Limit is 0, it must be a whole number at least 1');
		expect(error.description).toBe('Set Limit to a whole number at least 1.');
		expect(new ActionableError('no advice').description).toBeUndefined();
	});
});

describe('quoted', () => {
	it('quotes the text as JSON does', () => {
		expect(quoted('stu_1')).toBe('"stu_1"');
		expect(quoted('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
		expect(quoted('')).toBe('""');
	});

	it('escapes every control and line-breaking character, so the text stays on one line of a log', () => {
		expect(quoted('a\nb\rc\td\u0000e\u001bf')).toBe('"a\\nb\\rc\\td\\u0000e\\u001bf"');
		expect(quoted('a\u007fb\u0085c\u2028d\u2029e')).toBe('"a\\u007fb\\u0085c\\u2028d\\u2029e"');
		// Bidirectional overrides reorder what a reader sees.
		expect(quoted('a\u202eb\u2066c')).toBe('"a\\u202eb\\u2066c"');
	});

	it('keeps the first 60 characters and marks the cut with an ellipsis', () => {
		expect(quoted('x'.repeat(60))).toBe(`"${'x'.repeat(60)}"`);
		expect(quoted('x'.repeat(61))).toBe(`"${'x'.repeat(60)}…"`);
		expect(quoted('y'.repeat(20), 8)).toBe('"yyyyyyyy…"');
	});

	it('never cuts a character in half', () => {
		expect(quoted(`${'x'.repeat(59)}😀😀`)).toBe(`"${'x'.repeat(59)}😀…"`);
	});

	it('reads anything as text', () => {
		expect(quoted(42)).toBe('"42"');
		expect(quoted(null)).toBe('"null"');
	});
});
