import type { ILoadOptionsFunctions, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import type { FilterOption } from '../../descriptions/filters';
import { recordPicker } from '../../descriptions/recordPicker';
import { ActionableError, quoted } from '../../errors';
import type { JsonRecord } from '../../jsonRecord';
import { searchListPage } from '../listPicker';

// The Student picker: Student → Get, and the Student filter of every resource that belongs to
// a student. Saved workflows store the method name `searchStudents` and the locator's modes.

/** The students' list under `/v1`: the descriptor's path (index.ts), which the picker searches. */
export const STUDENTS_PATH = '/students';

/** "Last, First (S-2024-001042)" — what a person scanning the list recognises. */
function studentName(student: JsonRecord): string {
	const name = [student.preferred_name || student.first_name, student.last_name]
		.filter(Boolean)
		.join(' ');
	const number = typeof student.student_number === 'string' ? ` (${student.student_number})` : '';
	return `${name || `Student ${String(student.id)}`}${number}`;
}

/** Students for the Student picker, filtered through `filter[search]`, 50 at a time, by last name. */
export async function searchStudents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchListPage(
		this,
		{ path: STUDENTS_PATH, sort: 'last_name,first_name', search: filter, name: studentName },
		paginationToken,
	);
}

/**
 * A student picker: "From List" searches the platform (by name, student number or e-mail through
 * `filter[search]`, searchStudents above), "By ID" takes the numeric ID, e.g. from `$fromAI` or an
 * earlier node. Student → Get checks the ID in the editor, saying how to find it; a Filters entry
 * leaves that to the run (recordPicker says why).
 */
export function studentLocator(
	name: string,
	displayName: string,
	description: string,
	checkInEditor = true,
): INodeProperties {
	return recordPicker({
		name,
		displayName,
		description,
		list: {
			searchListMethod: 'searchStudents',
			placeholder: 'Search by name, student number or email…',
		},
		id: {
			example: '1042',
			check: checkInEditor ? { pattern: '[0-9]+', errorMessage: STUDENT_ID_HINT } : undefined,
		},
	});
}

/** What the editor says of a By ID that is not a student ID, most often a pasted student number. */
const STUDENT_ID_HINT =
	'A student ID is a whole number, e.g. 1042, not the student number (S-…): pick the student From List, or find the ID with Get many students';

/** The Student filter of a resource that belongs to a student: the same picker as Student → Get. */
export function studentFilter(plural: string): FilterOption {
	return {
		option: studentLocator(
			'studentId',
			'Student',
			`Only ${plural} of this student: pick one from the list, or give the numeric student ID`,
			false,
		),
		spec: { param: 'studentId', api: 'student_id', label: 'Student', kind: 'ids' },
	};
}

/** Student IDs are positive integers (docs/api-contract.md §1); `1042`, `"1042"` and `" 1042 "` are accepted. */
export function parseStudentId(value: unknown): number {
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (/^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text)))
		return Number(text);
	const shown =
		value === undefined || value === null || text === '' ? 'empty' : quoted(String(value));
	throw new ActionableError(
		`Student ID is ${shown}, it must be a whole number above 0`,
		/^S-/i.test(text)
			? 'That looks like a student number. Use the numeric "id" field of the student instead (for example from Get Many), or filter Get Many by Student Number.'
			: 'Enter the numeric ID of the student, e.g. 1042, or map the "id" field of an earlier Education Platform node.',
	);
}
