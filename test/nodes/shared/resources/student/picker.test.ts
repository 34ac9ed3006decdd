import { parseStudentId } from '../../../../../nodes/shared/resources/student/picker';
import { ActionableError } from '../../../../../nodes/shared/errors';

describe('parseStudentId', () => {
	it.each([
		[1042, 1042],
		['1042', 1042],
		[' 7 ', 7],
	])('accepts %p', (input, expected) => {
		expect(parseStudentId(input)).toBe(expected);
	});

	it.each([0, -3, 1.5, 'abc', '', '  ', null, undefined, '12a', '99999999999999999999'])(
		'refuses %p',
		(input) => {
			expect(() => parseStudentId(input)).toThrow(ActionableError);
			expect(() => parseStudentId(input)).toThrow(
				/Student ID is .*, it must be a whole number above 0/,
			);
		},
	);

	it('recognises a pasted student number and says which field to use', () => {
		try {
			parseStudentId('S-2024-001042');
			throw new Error('expected an ActionableError');
		} catch (error) {
			expect((error as ActionableError).message).toBe(
				'Student ID is "S-2024-001042", it must be a whole number above 0',
			);
			expect((error as ActionableError).description).toMatch(/looks like a student number/);
		}
	});
});
