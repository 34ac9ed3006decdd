import { simplifyExamResult } from '../../../../../nodes/shared/resources/examResult/simplify';

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
