// Pure: no n8n import. The "Simplify" output: a flat, friendly subset of a student
// (docs/api-contract.md §2), easy to map into sheets, emails and AI tools.
import { isJsonRecord, type JsonRecord } from '../../shared/jsonRecord';

export interface SimplifiedStudent {
	id: unknown;
	student_number: unknown;
	name: string;
	first_name: unknown;
	last_name: unknown;
	email: unknown;
	status: unknown;
	grade_level: unknown;
	group_ids: unknown;
	enrolled_at: unknown;
	primary_guardian_name: unknown;
	primary_guardian_email: unknown;
	primary_guardian_phone: unknown;
}

/** The guardian marked primary, else the first one listed, else none. */
function primaryGuardian(guardians: unknown): JsonRecord | undefined {
	if (!Array.isArray(guardians)) return undefined;
	const records = guardians.filter(isJsonRecord);
	return records.find((guardian) => guardian.is_primary === true) ?? records[0];
}

/** The name people use: the preferred first name when there is one, then the last name. */
function displayName(student: JsonRecord): string {
	const first = student.preferred_name || student.first_name;
	return [first, student.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
}

/** The simplified student; anything that is not a student object is returned unchanged. */
export function simplifyStudent(student: unknown): SimplifiedStudent | typeof student {
	if (!isJsonRecord(student)) return student;
	const guardian = primaryGuardian(student.guardians);
	return {
		id: student.id ?? null,
		student_number: student.student_number ?? null,
		name: displayName(student),
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
