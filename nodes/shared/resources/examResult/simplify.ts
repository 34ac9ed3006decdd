// Pure: no n8n import. An exam result's Simplify output.
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { fieldsOf, listDay, listItemName, listText } from '../simplify';
import { studentFields } from '../student/simplify';

export function simplifyExamResult(result: unknown): unknown {
	if (!isJsonRecord(result)) return result;
	const exam = fieldsOf(result.exam);
	return {
		id: result.id ?? null,
		...studentFields(result),
		exam_id: exam.id ?? null,
		exam_name: exam.name ?? null,
		subject: exam.subject ?? null,
		taken_on: exam.taken_on ?? null,
		score: result.score ?? null,
		max_score: result.max_score ?? null,
		percentage: result.percentage ?? null,
		grade: result.grade ?? null,
		passed: result.passed ?? null,
		published_at: result.published_at ?? null,
	};
}

/** "Amara Okafor — Algebra I — Midterm, 41.5/100, grade F, 2026-11-10". */
export function examResultName(result: JsonRecord): string {
	const exam = fieldsOf(result.exam);
	const score =
		typeof result.score === 'number'
			? `${result.score}${typeof result.max_score === 'number' ? `/${result.max_score}` : ''}`
			: undefined;
	const grade = listText(result.grade) && `grade ${String(result.grade)}`;
	return listItemName(
		listText(studentFields(result).student_name),
		[
			listText(exam.name) ?? listText(exam.subject),
			score,
			grade,
			listDay(exam.taken_on) ?? listDay(result.published_at),
		],
		undefined,
	);
}
