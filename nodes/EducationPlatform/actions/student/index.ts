import { resourceProperties } from '../description';
import type { ResourceDescriptor } from '../resource';
import { studentLocator } from '../../descriptions/studentLocator.description';
import { simplifyStudent } from '../../helpers/simplify';
import { parseStudentId } from '../../helpers/studentId';
import { STUDENT_QUERY } from '../../helpers/studentQuery';
import { studentFilterOptions, studentSortOptions } from './description';

export const resource: ResourceDescriptor = {
	value: 'student',
	displayName: 'Student',
	plural: 'students',
	path: '/students',
	scope: 'students:read',
	summary: 'ID, student number, names, email, status, grade level, groups, enrolment date and guardians',
	id: {
		parameter: 'studentId',
		displayName: 'Student',
		placeholder: 'e.g. 1042',
		description: 'The student: pick from the list, or give the numeric ID (not the student number)',
		parse: parseStudentId,
		notFoundAdvice:
			'The Student ID is the numeric "id", not the student number; Get Many with a Search or Student Number filter finds a student\'s ID. If every ID fails like this, check the Base URL in the credential.',
	},
	filterOptions: studentFilterOptions,
	query: STUDENT_QUERY,
	sortOptions: studentSortOptions,
	defaultSortField: 'last_name',
	simplify: simplifyStudent,
	simplifyDescription: 'ID, student number, name, email, status, grade level, group IDs, enrolment date and the primary guardian',
};

export const description = resourceProperties(resource, {
	...studentLocator('studentId', 'Student', 'The student to get: pick one from the list, or give the numeric ID (not the student number)'),
	required: true,
});
