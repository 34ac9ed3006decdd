import type { INodePropertyOptions, INodeProperties } from 'n8n-workflow';

// The student Filters collection and sort fields. Values become `filter[...]` and `sort` through
// helpers/studentQuery.ts (STUDENT_QUERY).

const gradeLevelOptions: INodePropertyOptions[] = [
	{ name: 'Kindergarten (K)', value: 0 },
	...Array.from({ length: 12 }, (_, index) => ({ name: `Grade ${index + 1}`, value: index + 1 })),
];

export const studentFilterOptions: INodeProperties[] = [
	{
		displayName: 'Created After',
		name: 'createdAfter',
		type: 'dateTime',
		default: '',
		description:
			"Only students created after this moment. A picked date-time is read in the workflow's time zone.",
	},
	{
		displayName: 'Created Before',
		name: 'createdBefore',
		type: 'dateTime',
		default: '',
		description:
			"Only students created before this moment. A picked date-time is read in the workflow's time zone.",
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. amara.okafor@students.school.example',
		default: '',
		description: 'Exact email address (not case-sensitive). Separate several with commas to match any of them.',
	},
	{
		displayName: 'Grade Levels',
		name: 'gradeLevel',
		type: 'multiOptions',
		options: gradeLevelOptions,
		default: [],
		description:
			'Students in any of these grades. In an expression, use a comma-separated list where K or 0 is kindergarten, e.g. <code>K,1,2</code>.',
	},
	{
		displayName: 'Group IDs',
		name: 'groupId',
		type: 'string',
		placeholder: 'e.g. 12, 31',
		default: '',
		description: 'Students in at least one of these homeroom or class groups. Separate IDs with commas.',
	},
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		placeholder: 'e.g. okaf',
		default: '',
		description: 'Part of the first, last or preferred name, email or student number (not case-sensitive)',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'multiOptions',
		options: [
			{ name: 'Active', value: 'active' },
			{ name: 'Graduated', value: 'graduated' },
			{ name: 'Inactive', value: 'inactive' },
			{ name: 'Suspended', value: 'suspended' },
			{ name: 'Withdrawn', value: 'withdrawn' },
		],
		default: [],
		description: 'Students with any of these statuses',
	},
	{
		displayName: 'Student Number',
		name: 'studentNumber',
		type: 'string',
		placeholder: 'e.g. S-2024-001042',
		default: '',
		description: 'Exact school-issued student number. Separate several with commas to match any of them.',
	},
	{
		displayName: 'Updated Since',
		name: 'updatedSince',
		type: 'dateTime',
		default: '',
		description:
			'Only students changed at or after this moment (inclusive), for incremental syncs. A picked date-time is read in the workflow\'s time zone.',
	},
];

export const studentSortOptions: INodePropertyOptions[] = [
	{ name: 'Created At', value: 'created_at' },
	{ name: 'Date of Birth', value: 'date_of_birth' },
	{ name: 'Email', value: 'email' },
	{ name: 'Enrolled At', value: 'enrolled_at' },
	{ name: 'First Name', value: 'first_name' },
	{ name: 'Grade Level', value: 'grade_level' },
	{ name: 'ID', value: 'id' },
	{ name: 'Last Name', value: 'last_name' },
	{ name: 'Status', value: 'status' },
	{ name: 'Student Number', value: 'student_number' },
	{ name: 'Updated At', value: 'updated_at' },
];
