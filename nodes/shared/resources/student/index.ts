import type { ListedResource } from '../descriptor';
import {
	dateRangeFilters,
	emailsFilter,
	enumFilter,
	gradeLevelsFilter,
	idsFilter,
	listParameters,
	textFilter,
	textListFilter,
	updatedSinceFilter,
} from '../../descriptions/filters';
import { parseStudentId, searchStudents, STUDENTS_PATH, studentLocator } from './picker';
import { simplifyStudent } from './simplify';
import { READ_SCOPES } from '../../scopes';

// What `GET /v1/students` accepts (docs/api-contract.md §3.2–3.4).
const STUDENT_STATUSES = ['active', 'inactive', 'graduated', 'withdrawn', 'suspended'] as const;
const STUDENT_SORT_FIELDS = [
	'id',
	'student_number',
	'first_name',
	'last_name',
	'email',
	'status',
	'grade_level',
	'date_of_birth',
	'enrolled_at',
	'created_at',
	'updated_at',
] as const;

const list = listParameters(
	[
		enumFilter(
			'status',
			'status',
			'Status',
			STUDENT_STATUSES,
			'a student status',
			'Students with any of these statuses',
		),
		gradeLevelsFilter(
			'gradeLevel',
			'grade_level',
			'Grade Levels',
			'Students in any of these grades. In an expression, use a comma-separated list where K or 0 is kindergarten, e.g. K,1,2.',
		),
		idsFilter(
			'groupId',
			'group_id',
			'Group IDs',
			'Students in at least one of these homeroom or class groups.',
			{
				label: 'Group ID',
				listNote: 'Separate IDs with commas',
			},
		),
		emailsFilter(
			'email',
			'email',
			'Email',
			'e.g. amara.okafor@students.school.example',
			'Exact email address (not case-sensitive).',
		),
		textListFilter(
			'studentNumber',
			'student_number',
			'Student Number',
			'e.g. S-2024-001042',
			'Exact school-issued student number.',
		),
		textFilter(
			'search',
			'search',
			'Search',
			'e.g. okaf',
			'Part of the first, last or preferred name, email or student number (not case-sensitive)',
		),
		...dateRangeFilters('created', 'Created', 'students created'),
		updatedSinceFilter('students'),
	],
	STUDENT_SORT_FIELDS,
);

export const resource: ListedResource = {
	value: 'student',
	displayName: 'Student',
	plural: 'students',
	path: STUDENTS_PATH,
	scope: READ_SCOPES.student,
	summary:
		'ID, student number, names, email, status, grade level, groups, enrollment date and guardians',
	id: {
		parameter: 'studentId',
		displayName: 'Student',
		placeholder: 'e.g. 1042',
		description: 'The student: pick from the list, or give the numeric ID (not the student number)',
		parse: parseStudentId,
		notFoundAdvice:
			'The Student ID is the numeric "id", not the student number; Get Many with a Search or Student Number filter finds a student\'s ID. If every ID fails like this, check the Base URL in the credential.',
	},
	...list,
	defaultSortField: 'last_name',
	// docs/api-contract.md §2 and §8.3.
	recordFields: [
		'id',
		'student_number',
		'first_name',
		'last_name',
		'preferred_name',
		'email',
		'phone',
		'date_of_birth',
		'gender',
		'status',
		'grade_level',
		'group_ids',
		'enrolled_at',
		'left_at',
		'address',
		'guardians',
		'created_at',
		'updated_at',
	],
	simplify: simplifyStudent,
	simplifyDescription:
		'ID, student number, name, email, status, grade level, group IDs, enrollment date and the primary guardian',
	simplifiedFields: {
		keys: [
			'id',
			'name',
			'student_number',
			'email',
			'status',
			'grade_level',
			'enrolled_at',
			'group_ids',
			'primary_guardian_name',
			'primary_guardian_email',
		],
		description:
			"ID, name, student number, email, status, grade level, enrollment date, group IDs, primary guardian's name and email",
	},
	picker: {
		getProperty: {
			...studentLocator(
				'studentId',
				'Student',
				'The student to get: pick one from the list, or give the numeric ID (not the student number)',
			),
			required: true,
		},
		listSearch: { searchStudents },
	},
	poll: {
		created: { event: 'student.created', description: 'A student was added' },
		updated: { event: 'student.updated', description: "A student's record changed" },
	},
};
