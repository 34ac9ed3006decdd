// Pure: no n8n import. An exam result's Simplify output.
import { isJsonRecord } from '../../jsonRecord';
import { fieldsOf } from '../simplify';
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
