import {
	emailsFilter,
	gradeLevelsFilter,
	idsFilter,
	listParameters,
	sortOptions,
	textFilter,
	textListFilter,
} from '../../../../nodes/shared/descriptions/filters';

describe('filter builders', () => {
	it('ids: a comma list of whole numbers, with an optional label for messages and list note', () => {
		const plain = idsFilter(
			'courseId',
			'course_id',
			'Course IDs',
			'Enrollments in any of these courses.',
		);
		expect(plain.option).toMatchObject({
			name: 'courseId',
			placeholder: 'e.g. 12, 31',
			description: 'Enrollments in any of these courses. Separate several with commas.',
		});
		expect(plain.spec).toEqual({
			param: 'courseId',
			api: 'course_id',
			label: 'Course IDs',
			kind: 'ids',
		});
		const worded = idsFilter('groupId', 'group_id', 'Group IDs', 'In these groups.', {
			label: 'Group ID',
			listNote: 'Separate IDs with commas',
		});
		expect(worded.option.description).toBe('In these groups. Separate IDs with commas.');
		expect(worded.spec.label).toBe('Group ID');
	});

	it('texts, e-mails and one free text differ in how the query reads them', () => {
		expect(
			textListFilter('subject', 'subject', 'Subject', 'e.g. Art', 'Exact subject.').spec.kind,
		).toBe('textList');
		const emails = emailsFilter(
			'email',
			'email',
			'Email',
			'e.g. a@school.example',
			'Exact address.',
		);
		expect(emails.spec.kind).toBe('emails');
		expect(emails.option.description).toBe(
			'Exact address. Separate several with commas to match any of them.',
		);
		const search = textFilter('search', 'search', 'Search', 'e.g. okaf', 'Part of a name');
		expect(search.spec.kind).toBe('text');
		expect(search.option).toMatchObject({
			type: 'string',
			placeholder: 'e.g. okaf',
			description: 'Part of a name',
		});
	});

	it('grade levels: K and 1 to 12 as a multi-select', () => {
		const grades = gradeLevelsFilter(
			'gradeLevel',
			'grade_level',
			'Grade Levels',
			'In these grades.',
		);
		expect(grades.spec.kind).toBe('gradeLevels');
		expect(grades.option.options).toHaveLength(13);
		expect(grades.option.options?.[0]).toEqual({ name: 'Kindergarten (K)', value: 0 });
		expect(grades.option.options?.[12]).toEqual({ name: 'Grade 12', value: 12 });
	});

	it('names sort fields in title case, "of" and "ID" as written', () => {
		expect(sortOptions(['date_of_birth', 'id', 'student_id'])).toEqual([
			{ name: 'Date of Birth', value: 'date_of_birth' },
			{ name: 'ID', value: 'id' },
			{ name: 'Student ID', value: 'student_id' },
		]);
	});

	it('sorts the Filters by display name but keeps the specs in the given order', () => {
		const list = listParameters(
			[
				textFilter('search', 'search', 'Search', '', 'x'),
				textListFilter('code', 'code', 'Code', '', 'y'),
			],
			['id'],
		);
		expect(list.filterOptions.map((option) => option.name)).toEqual(['code', 'search']);
		expect(list.query.filters.map((spec) => spec.param)).toEqual(['search', 'code']);
	});
});
