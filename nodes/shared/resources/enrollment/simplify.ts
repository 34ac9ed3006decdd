// Pure: no n8n import. An enrollment's Simplify output (docs/api-contract.md §8.3 shape).
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { fieldsOf, listItemName, listText, listWords } from '../simplify';
import { studentFields } from '../student/simplify';

export function simplifyEnrollment(enrollment: unknown): unknown {
	if (!isJsonRecord(enrollment)) return enrollment;
	const course = fieldsOf(enrollment.course);
	const term = fieldsOf(enrollment.term);
	return {
		id: enrollment.id ?? null,
		...studentFields(enrollment),
		course_id: course.id ?? null,
		course_code: course.code ?? null,
		course_name: course.name ?? null,
		term_name: term.name ?? null,
		status: enrollment.status ?? null,
		enrolled_at: enrollment.enrolled_at ?? null,
		cancelled_at: enrollment.cancelled_at ?? null,
		cancellation_reason: enrollment.cancellation_reason ?? null,
		completed_at: enrollment.completed_at ?? null,
		final_grade: enrollment.final_grade ?? null,
	};
}

/** "Amara Okafor — MATH-9A Algebra I, Fall 2026 (active)". */
export function enrollmentName(enrollment: JsonRecord): string {
	const course = fieldsOf(enrollment.course);
	const courseName = [listText(course.code), listText(course.name)].filter(Boolean).join(' ');
	return listItemName(
		listText(studentFields(enrollment).student_name),
		[courseName || undefined, listText(fieldsOf(enrollment.term).name)],
		listWords(enrollment.status),
	);
}
