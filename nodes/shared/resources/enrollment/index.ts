import type { ListedResource } from '../descriptor';
import {
	dateRangeFilters,
	enumFilter,
	idsFilter,
	listParameters,
	updatedSinceFilter,
} from '../../descriptions/filters';
import { searchablePicker } from '../listPicker';
import { prefixedRecordId } from '../recordId';
import { studentFilter } from '../student/picker';
import { enrollmentName, simplifyEnrollment } from './simplify';
import { READ_SCOPES } from '../../scopes';

const ENROLLMENT_STATUSES = ['pending', 'active', 'cancelled', 'completed'] as const;
const ENROLLMENT_SORT_FIELDS = [
	'id',
	'student_id',
	'status',
	'enrolled_at',
	'cancelled_at',
	'completed_at',
	'updated_at',
] as const;

const list = listParameters(
	[
		studentFilter('enrollments'),
		idsFilter('courseId', 'course_id', 'Course IDs', 'Enrollments in any of these courses.'),
		idsFilter('termId', 'term_id', 'Term IDs', 'Enrollments in any of these terms.'),
		enumFilter(
			'status',
			'status',
			'Status',
			ENROLLMENT_STATUSES,
			'an enrollment status',
			'Enrollments with any of these statuses',
		),
		...dateRangeFilters('enrolled', 'Enrolled', 'enrollments made'),
		...dateRangeFilters('cancelled', 'Cancelled', 'enrollments cancelled'),
		...dateRangeFilters('completed', 'Completed', 'enrollments completed'),
		updatedSinceFilter('enrollments'),
	],
	ENROLLMENT_SORT_FIELDS,
);

const PATH = '/enrollments';
const ID = prefixedRecordId('enrollment', 'Enrollment', 'enr', 'enr_8Fk2Lq9Z', 'Student or Course');

export const resource: ListedResource = {
	value: 'enrollment',
	displayName: 'Enrollment',
	plural: 'enrollments',
	path: PATH,
	scope: READ_SCOPES.enrollment,
	summary:
		'ID, the student, course, term, status, and when it was made, cancelled or completed with the final grade',
	id: ID,
	...list,
	defaultSortField: 'enrolled_at',
	// docs/api-contract.md §2 and §8.3.
	recordFields: [
		'id',
		'student_id',
		'student',
		'course',
		'term',
		'status',
		'enrolled_at',
		'cancelled_at',
		'cancellation_reason',
		'completed_at',
		'final_grade',
		'created_at',
		'updated_at',
	],
	simplify: simplifyEnrollment,
	simplifyDescription:
		'ID, student ID, name and number, course ID, code and name, term, status, the dates and the final grade',
	simplifiedFields: {
		keys: [
			'id',
			'student_name',
			'student_id',
			'course_name',
			'course_code',
			'term_name',
			'status',
			'enrolled_at',
			'completed_at',
			'final_grade',
		],
		description:
			'ID, student name and ID, course name and code, term, status, enrollment and completion dates, final grade',
	},
	webhook: {
		groupName: 'All Enrollment Events',
		makeOneHappen: 'enroll a student',
		events: {
			'enrollment.created': 'A student was enrolled in a course for a term',
			'enrollment.updated': 'An enrollment changed (previous values in data.previous_attributes)',
			'enrollment.cancelled': "A student's enrollment in a course was cancelled",
			'enrollment.completed': 'A student completed a course, with a final grade',
		},
	},
	poll: {
		created: { event: 'enrollment.created', description: 'A student was enrolled in a course' },
		updated: {
			event: 'enrollment.updated',
			description: 'An enrollment changed, e.g. activated, moved, cancelled or completed',
		},
	},
	picker: searchablePicker({
		parameter: ID.parameter,
		displayName: 'Enrollment',
		prefix: 'enr',
		example: 'enr_8Fk2Lq9Z',
		method: 'searchEnrollments',
		placeholder: 'Search by student name or course…',
		list: (search) => ({ path: PATH, sort: '-updated_at', search, name: enrollmentName }),
	}),
};
