import { ActionableError } from '../../../../nodes/shared/errors';
import { prefixedIdPattern, prefixedRecordId } from '../../../../nodes/shared/resources/recordId';

describe('prefixedRecordId', () => {
	const id = prefixedRecordId(
		'examResult',
		'Exam Result',
		'exr',
		'exr_5Tg7Uh2K',
		'Student or Exam',
	);

	it('describes the Get parameter and the 404 advice', () => {
		expect([id.parameter, id.displayName, id.placeholder]).toEqual([
			'examResultId',
			'Exam Result ID',
			'e.g. exr_5Tg7Uh2K',
		]);
		expect(id.description).toBe('The exam result\'s "id", starting with exr_');
		expect(id.notFoundAdvice).toBe(
			'An exam result ID starts with exr_; Get Many with a Student or Exam filter finds one.',
		);
	});

	it('accepts a trimmed ID with the prefix and refuses anything else, saying what to enter', () => {
		expect(id.parse(' exr_5Tg7Uh2K ')).toBe('exr_5Tg7Uh2K');
		expect(() => id.parse('pay_5Tg7Uh2K')).toThrow(ActionableError);
		expect(() => id.parse(undefined)).toThrow(
			'Exam Result ID is empty, it must look like exr_5Tg7Uh2K',
		);
	});

	it('quotes and truncates what it echoes: an ID with a line break cannot forge a log line', () => {
		const forged = `exr_1\n2026-11-26T05:00:00.000Z | info | Workflow activated ${'x'.repeat(100)}`;
		let message = '';
		try {
			id.parse(forged);
		} catch (error) {
			message = (error as Error).message;
		}
		expect(message).toBe(
			'Exam Result ID is "exr_1\\n2026-11-26T05:00:00.000Z | info | Workflow activated x…", it must look like exr_5Tg7Uh2K',
		);
		expect(message).not.toMatch(/[\n\r]/);
	});
});

describe('prefixedIdPattern', () => {
	it('is the prefix, an underscore, then letters and digits', () => {
		const pattern = new RegExp(`^${prefixedIdPattern('wh')}$`);
		expect(['wh_2f9c1a7e4b', 'wh_A1'].every((value) => pattern.test(value))).toBe(true);
		expect(['wh_', 'wh-1', 'pay_1', 'wh_1 x', 'wh_é'].some((value) => pattern.test(value))).toBe(
			false,
		);
	});
});
