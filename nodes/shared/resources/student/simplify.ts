// Pure: no n8n import. A student's Simplify output, and the student embedded in the records
// of the resources that belong to a student.
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { fieldsOf, personName } from '../simplify';

/** The student a record is about (its embedded summary), as flat fields. */
export function studentFields(record: JsonRecord): {
	student_id: unknown;
	student_name: string;
	student_number: unknown;
} {
	const student = fieldsOf(record.student);
	return {
		student_id: record.student_id ?? student.id ?? null,
		student_name: personName(student),
		student_number: student.student_number ?? null,
	};
}

/** The guardian marked primary, else the first one listed, else none. */
function primaryGuardian(guardians: unknown): JsonRecord | undefined {
	if (!Array.isArray(guardians)) return undefined;
	const records = guardians.filter(isJsonRecord);
	return records.find((guardian) => guardian.is_primary === true) ?? records[0];
}

/** The simplified student; anything that is not a student object is returned unchanged. */
export function simplifyStudent(student: unknown): unknown {
	if (!isJsonRecord(student)) return student;
	const guardian = primaryGuardian(student.guardians);
	return {
		id: student.id ?? null,
		student_number: student.student_number ?? null,
		name: personName(student),
		first_name: student.first_name ?? null,
		last_name: student.last_name ?? null,
		email: student.email ?? null,
		status: student.status ?? null,
		grade_level: student.grade_level ?? null,
		group_ids: student.group_ids ?? [],
		enrolled_at: student.enrolled_at ?? null,
		primary_guardian_name: guardian?.name ?? null,
		primary_guardian_email: guardian?.email ?? null,
		primary_guardian_phone: guardian?.phone ?? null,
	};
}
