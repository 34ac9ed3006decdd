import { resourceProperties } from '../common/description';
import type { ResourceDescriptor } from '../resource';
import {
	dateFilter,
	enumFilter,
	filterSet,
	idsFilter,
	sortOptions,
	studentFilter,
	updatedSinceFilter,
} from '../../descriptions/filterOptions.description';
import { prefixedIdParser } from '../../helpers/recordId';
import { simplifyEnrollment } from './simplify';

export const ENROLLMENT_STATUSES = ['pending', 'active', 'cancelled', 'completed'] as const;
export const ENROLLMENT_SORT_FIELDS = ['id', 'student_id', 'status', 'enrolled_at', 'cancelled_at', 'completed_at', 'updated_at'] as const;

const filters = filterSet([
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
]);

export const resource: ResourceDescriptor = {
	value: 'enrollment',
	displayName: 'Enrollment',
	plural: 'enrollments',
	path: '/enrollments',
	scope: 'enrollments:read',
	summary: 'ID, the student, course, term, status, and when it was made, cancelled or completed with the final grade',
	id: {
		parameter: 'enrollmentId',
		displayName: 'Enrollment ID',
		placeholder: 'e.g. enr_8Fk2Lq9Z',
		description: 'The enrollment\'s "id", starting with enr_',
		parse: prefixedIdParser('enr', 'Enrollment ID', 'enr_8Fk2Lq9Z'),
		notFoundAdvice: 'An enrollment ID starts with enr_; Get Many with a Student or Course filter finds one.',
	},
	filterOptions: filters.options,
	query: { filters: filters.specs, sortable: ENROLLMENT_SORT_FIELDS },
	sortOptions: sortOptions(ENROLLMENT_SORT_FIELDS),
	defaultSortField: 'enrolled_at',
	simplify: simplifyEnrollment,
	simplifyDescription: 'ID, student ID, name and number, course ID, code and name, term, status, the dates and the final grade',
};

export const description = resourceProperties(resource);
