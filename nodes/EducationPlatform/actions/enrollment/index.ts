import { resourceProperties } from '../description';
import type { ResourceDescriptor } from '../resource';
import {
	dateRangeFilters,
	enumFilter,
	idsFilter,
	listParameters,
	studentFilter,
	updatedSinceFilter,
} from '../../../shared/descriptions/filters';
import { prefixedRecordId } from '../../helpers/recordId';
import { simplifyEnrollment } from './simplify';

export const ENROLLMENT_STATUSES = ['pending', 'active', 'cancelled', 'completed'] as const;
export const ENROLLMENT_SORT_FIELDS = ['id', 'student_id', 'status', 'enrolled_at', 'cancelled_at', 'completed_at', 'updated_at'] as const;

const list = listParameters(
	[
		studentFilter('enrollments'),
		idsFilter('courseId', 'course_id', 'Course IDs', 'Enrollments in any of these courses.'),
		idsFilter('termId', 'term_id', 'Term IDs', 'Enrollments in any of these terms.'),
		enumFilter('status', 'status', 'Status', ENROLLMENT_STATUSES, 'an enrollment status', 'Enrollments with any of these statuses'),
		...dateRangeFilters('enrolled', 'Enrolled', 'enrollments made'),
		...dateRangeFilters('cancelled', 'Cancelled', 'enrollments cancelled'),
		...dateRangeFilters('completed', 'Completed', 'enrollments completed'),
		updatedSinceFilter('enrollments'),
	],
	ENROLLMENT_SORT_FIELDS,
);

export const resource: ResourceDescriptor = {
	value: 'enrollment',
	displayName: 'Enrollment',
	plural: 'enrollments',
	path: '/enrollments',
	scope: 'enrollments:read',
	summary: 'ID, the student, course, term, status, and when it was made, cancelled or completed with the final grade',
	id: prefixedRecordId('enrollment', 'Enrollment', 'enr', 'enr_8Fk2Lq9Z', 'Student or Course'),
	...list,
	defaultSortField: 'enrolled_at',
	simplify: simplifyEnrollment,
	simplifyDescription: 'ID, student ID, name and number, course ID, code and name, term, status, the dates and the final grade',
};

export const description = resourceProperties(resource);
