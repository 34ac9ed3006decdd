import {
	examResultName,
	simplifyExamResult,
} from '../../../../../nodes/shared/resources/examResult/simplify';

it('simplifyExamResult keeps the flat, friendly fields and returns a non-record unchanged', () => {
	expect(
		simplifyExamResult({
			id: 'exr_1',
			exam: { id: 412, name: 'Midterm', subject: 'Mathematics', taken_on: '2026-03-02' },
			student_id: 7,
			score: 38.5,
			max_score: 100,
			percentage: 38.5,
			grade: 'F',
			passed: false,
		}),
	).toEqual({
		id: 'exr_1',
		student_id: 7,
		student_name: '',
		student_number: null,
		exam_id: 412,
		exam_name: 'Midterm',
		subject: 'Mathematics',
		taken_on: '2026-03-02',
		score: 38.5,
		max_score: 100,
		percentage: 38.5,
		grade: 'F',
		passed: false,
		published_at: null,
	});
	expect(simplifyExamResult('not a record')).toBe('not a record');
});

const pickerStudent = {
	id: 1042,
	student_number: 'S-2024-001042',
	first_name: 'Amara',
	last_name: 'Okafor',
};

describe('examResultName (the record picker list)', () => {
	it('names an exam result by student, exam, score, grade and day', () => {
		const exam = { name: 'Algebra I — Midterm', subject: 'Mathematics', taken_on: '2026-11-10' };
		expect(
			examResultName({
				id: 'exr_1',
				student: pickerStudent,
				exam,
				score: 41.5,
				max_score: 100,
				grade: 'F',
			}),
		).toBe('Amara Okafor — Algebra I — Midterm, 41.5/100, grade F, 2026-11-10');
	});

	it('falls back to the subject and leaves out what the record lacks', () => {
		expect(
			examResultName({ id: 'exr_1', student: pickerStudent, exam: { subject: 'Mathematics' } }),
		).toBe('Amara Okafor — Mathematics');
	});
});
