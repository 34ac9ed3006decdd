import { resourceProperties } from '../common/description';
import type { ResourceDescriptor } from '../resource';
import {
	dateFilter,
	enumFilter,
	listParameters,
	idsFilter,
	studentFilter,
	updatedSinceFilter,
} from '../../descriptions/filterOptions.description';
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
		dateFilter('enrolledAfter', 'enrolled_after', 'Enrolled After', 'Only enrollments made after this moment.'),
		dateFilter('enrolledBefore', 'enrolled_before', 'Enrolled Before', 'Only enrollments made before this moment.'),
		dateFilter('cancelledAfter', 'cancelled_after', 'Cancelled After', 'Only enrollments cancelled after this moment.'),
		dateFilter('cancelledBefore', 'cancelled_before', 'Cancelled Before', 'Only enrollments cancelled before this moment.'),
		dateFilter('completedAfter', 'completed_after', 'Completed After', 'Only enrollments completed after this moment.'),
		dateFilter('completedBefore', 'completed_before', 'Completed Before', 'Only enrollments completed before this moment.'),
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
