// Pure: no n8n import. Building blocks of every resource's "Simplify" output: flat, friendly
// fields, easy to map into sheets, emails and AI tools.
import { isJsonRecord, type JsonRecord } from '../../shared/jsonRecord';

/** The record as an object, or an empty one (a non-object is returned unchanged by the callers). */
export function fieldsOf(value: unknown): JsonRecord {
	return isJsonRecord(value) ? value : {};
}

/** The name people use: the preferred first name when there is one, then the last name. */
export function personName(person: JsonRecord): string {
	const first = person.preferred_name || person.first_name;
	return [first, person.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
}

/** The student a record is about (its embedded summary), as flat fields. */
export function studentFields(record: JsonRecord): { student_id: unknown; student_name: string; student_number: unknown } {
	const student = fieldsOf(record.student);
	return { student_id: record.student_id ?? student.id ?? null, student_name: personName(student), student_number: student.student_number ?? null };
}

/** Digits after the decimal point of a currency (USD 2, JPY 0, BHD 3); 2 when unknown. */
function minorUnitDigits(currency: string): number {
	try {
		return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
	} catch {
		return 2;
	}
}

/** An amount in minor units (12500 USD) as the currency amount (125); null stays null. */
export function decimalAmount(minor: unknown, currency: unknown): number | null {
	if (typeof minor !== 'number') return null;
	const digits = minorUnitDigits(typeof currency === 'string' ? currency : 'USD');
	return Number((minor / 10 ** digits).toFixed(digits));
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
