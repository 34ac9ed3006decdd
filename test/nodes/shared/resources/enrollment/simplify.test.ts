import {
	enrollmentName,
	simplifyEnrollment,
} from '../../../../../nodes/shared/resources/enrollment/simplify';

it('simplifyEnrollment keeps the flat, friendly fields and returns a non-record unchanged', () => {
	expect(
		simplifyEnrollment({
			id: 'enr_1',
			student_id: 7,
			student: {
				id: 7,
				student_number: 'S-7',
				first_name: 'Amara',
				preferred_name: null,
				last_name: 'Okafor',
			},
			course: { id: 131, code: 'MATH-9A', name: 'Algebra I' },
			term: { id: 80, name: 'Spring 2026' },
			status: 'completed',
			enrolled_at: '2026-01-10',
			completed_at: '2026-05-29',
			final_grade: 'B',
		}),
	).toEqual({
		id: 'enr_1',
		student_id: 7,
		student_name: 'Amara Okafor',
		student_number: 'S-7',
		course_id: 131,
		course_code: 'MATH-9A',
		course_name: 'Algebra I',
		term_name: 'Spring 2026',
		status: 'completed',
		enrolled_at: '2026-01-10',
		cancelled_at: null,
		cancellation_reason: null,
		completed_at: '2026-05-29',
		final_grade: 'B',
	});
	expect(simplifyEnrollment('not a record')).toBe('not a record');
});

const pickerStudent = {
	id: 1042,
	student_number: 'S-2024-001042',
	first_name: 'Amara',
	last_name: 'Okafor',
};

describe('enrollmentName (the record picker list)', () => {
	it('names an enrollment by student, course, term and status', () => {
		expect(
			enrollmentName({
				id: 'enr_1',
				student: pickerStudent,
				course: { code: 'MATH-9A', name: 'Algebra I' },
				term: { name: 'Fall 2026' },
				status: 'active',
			}),
		).toBe('Amara Okafor — MATH-9A Algebra I, Fall 2026 (active)');
	});

	it('leaves out what the record lacks instead of writing "null"', () => {
		expect(
			enrollmentName({
				id: 'enr_1',
				student: null,
				course: { name: 'Algebra I' },
				term: null,
				status: null,
			}),
		).toBe('Algebra I');
	});
});
