import { resource } from '../../../../../nodes/shared/resources/student';
import { STUDENTS_PATH } from '../../../../../nodes/shared/resources/student/picker';
import { STUDENT_STATUSES as SANDBOX_STUDENT_STATUSES } from '../../../../../sandbox/schemas/student';
import { SORT_FIELDS as SANDBOX_SORT_FIELDS } from '../../../../../sandbox/students/query';

it('offers the statuses and sort fields the platform knows (the sandbox is the reference)', () => {
	expect(resource.query.sortable).toEqual(SANDBOX_SORT_FIELDS);
	const statuses = resource.query.filters.find((spec) => spec.param === 'status')?.values;
	expect([...(statuses ?? [])].sort()).toEqual([...SANDBOX_STUDENT_STATUSES].sort());
	const status = resource.filterOptions.find((option) => option.name === 'status');
	expect(status?.options?.map((option) => ('value' in option ? option.value : undefined))).toEqual(
		[...SANDBOX_STUDENT_STATUSES].sort(),
	);
});

it('picks the student in Get and in the Student filters of the other resources', () => {
	expect(resource.picker?.getProperty).toMatchObject({
		name: 'studentId',
		type: 'resourceLocator',
		required: true,
	});
	expect(Object.keys(resource.picker?.listSearch ?? {})).toEqual(['searchStudents']);
});

it('is listed at the path the picker searches', () => {
	expect(resource.path).toBe('/students');
	expect(STUDENTS_PATH).toBe(resource.path);
});
