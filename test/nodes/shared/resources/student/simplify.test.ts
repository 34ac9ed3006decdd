import { simplifyStudent } from '../../../../../nodes/shared/resources/student/simplify';

const amara = {
	id: 1042,
	student_number: 'S-2024-001042',
	first_name: 'Amara',
	last_name: 'Okafor',
	preferred_name: null,
	email: 'amara.okafor@students.springfield.example',
	phone: '+1-555-0142',
	date_of_birth: '2011-03-14',
	status: 'active',
	grade_level: 9,
	group_ids: [12, 31],
	enrolled_at: '2024-09-02',
	address: { city: 'Springfield' },
	guardians: [
		{ id: 1, name: 'Ngozi Okafor', email: 'n@example.net', phone: '1', is_primary: false },
		{
			id: 2,
			name: 'Chidi Okafor',
			email: 'chidi.okafor@example.net',
			phone: '+1-555-0199',
			is_primary: true,
		},
	],
	created_at: '2024-06-11T10:04:51.000000Z',
};

describe('simplifyStudent', () => {
	it('keeps a flat, friendly subset with the primary guardian', () => {
		expect(simplifyStudent(amara)).toEqual({
			id: 1042,
			student_number: 'S-2024-001042',
			name: 'Amara Okafor',
			first_name: 'Amara',
			last_name: 'Okafor',
			email: 'amara.okafor@students.springfield.example',
			status: 'active',
			grade_level: 9,
			group_ids: [12, 31],
			enrolled_at: '2024-09-02',
			primary_guardian_name: 'Chidi Okafor',
			primary_guardian_email: 'chidi.okafor@example.net',
			primary_guardian_phone: '+1-555-0199',
		});
	});

	it('uses the preferred name, falls back to the first guardian, and fills gaps with null', () => {
		const simplified = simplifyStudent({
			id: 7,
			first_name: 'Robert',
			last_name: 'Lee',
			preferred_name: 'Bobby',
			guardians: [{ name: 'Ann Lee', is_primary: false }],
		});
		expect(simplified).toMatchObject({
			name: 'Bobby Lee',
			email: null,
			group_ids: [],
			primary_guardian_name: 'Ann Lee',
			primary_guardian_email: null,
		});
	});

	it('has null guardian fields when there is no guardian', () => {
		expect(simplifyStudent({ id: 1, guardians: [] })).toMatchObject({
			primary_guardian_name: null,
			name: '',
		});
	});
});
