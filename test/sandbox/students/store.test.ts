import { ManualClock } from '../../../sandbox/clock';
import { StudentSchema, type Student } from '../../../sandbox/schemas/student';
import {
	parseStudentQuery,
	type SortKey,
	type StudentFilter,
} from '../../../sandbox/students/query';
import { StudentStore } from '../../../sandbox/students/store';
import { parseRangeValue } from '../../../sandbox/students/time';

const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

function store(count: number, seed = 42) {
	return new StudentStore({ seed, count, clock: new ManualClock(NOW) });
}

function allStudents(s: StudentStore): Student[] {
	return Array.from({ length: s.count }, (_, i) => s.get(i + 1)!);
}

// An independent, obviously-correct implementation of the contract's filter and sort rules.
function reference(students: Student[], filter: StudentFilter, sort: SortKey[]): number[] {
	const ms = (value: string) => Date.parse(value);
	const matches = (s: Student) =>
		(!filter.status || filter.status.includes(s.status)) &&
		(!filter.grade_level || filter.grade_level.includes(s.grade_level)) &&
		(!filter.group_id || s.group_ids.some((g) => filter.group_id!.includes(g))) &&
		(!filter.email || (s.email !== null && filter.email.includes(s.email.toLowerCase()))) &&
		(!filter.student_number || filter.student_number.includes(s.student_number)) &&
		(!filter.search ||
			[s.first_name, s.last_name, s.preferred_name, s.email, s.student_number].some(
				(v) => v !== null && v.toLowerCase().includes(filter.search!),
			)) &&
		(filter.created_after === undefined || ms(s.created_at) > filter.created_after) &&
		(filter.created_before === undefined || ms(s.created_at) < filter.created_before) &&
		(filter.updated_since === undefined || ms(s.updated_at) >= filter.updated_since) &&
		(filter.enrolled_after === undefined || ms(s.enrolled_at) > filter.enrolled_after) &&
		(filter.enrolled_before === undefined || ms(s.enrolled_at) < filter.enrolled_before);
	const value = (s: Student, field: SortKey['field']) => {
		const v = s[field];
		return typeof v === 'string' ? v.toLowerCase() : v;
	};
	return students
		.filter(matches)
		.sort((a, b) => {
			for (const { field, desc } of sort) {
				const x = value(a, field);
				const y = value(b, field);
				if (x === y) continue;
				const order = x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
				return desc ? -order : order;
			}
			return a.id - b.id;
		})
		.map((s) => s.id);
}

describe('StudentStore', () => {
	const s = store(1500);
	const students = allStudents(s);

	it('generates valid, realistic students for every id', () => {
		for (const student of students) expect(StudentSchema.safeParse(student).error).toBeUndefined();
		const statuses = new Set(students.map((x) => x.status));
		expect([...statuses].sort()).toEqual([
			'active',
			'graduated',
			'inactive',
			'suspended',
			'withdrawn',
		]);
		expect(new Set(students.map((x) => x.grade_level)).size).toBe(13);
		expect(new Set(students.map((x) => x.last_name)).size).toBeGreaterThan(100);
		const emails = students.map((x) => x.email).filter((e) => e !== null);
		expect(new Set(emails).size).toBe(emails.length);
		expect(new Set(students.map((x) => x.student_number)).size).toBe(students.length);
		for (const student of students) {
			expect(student.left_at !== null).toBe(
				student.status === 'graduated' || student.status === 'withdrawn',
			);
			if (student.left_at) expect(student.left_at >= student.enrolled_at).toBe(true);
			expect(student.created_at <= student.updated_at).toBe(true);
			expect(student.date_of_birth < student.enrolled_at).toBe(true);
			expect(student.guardians.length).toBeGreaterThan(0);
			expect(student.guardians.filter((g) => g.is_primary)).toHaveLength(1);
			expect(student.group_ids).toEqual([...student.group_ids].sort((a, b) => a - b));
		}
		expect(students.some((x) => x.preferred_name !== null)).toBe(true);
		expect(students.some((x) => x.email === null)).toBe(true);
		expect(students.some((x) => x.group_ids.length === 0)).toBe(true);
	});

	it('is deterministic for a seed and different for another seed', () => {
		expect(allStudents(store(200))).toEqual(students.slice(0, 200));
		const other = allStudents(store(200, 7));
		expect(
			other.filter(
				(x, i) => x.last_name === students[i].last_name && x.first_name === students[i].first_name,
			).length,
		).toBeLessThan(20);
	});

	it('does not depend on the number of students: student 150 is the same in a school of 200 or 1500', () => {
		expect(store(200).get(150)).toEqual(s.get(150));
	});

	it('returns undefined for unknown ids', () => {
		expect(s.get(0)).toBeUndefined();
		expect(s.get(1501)).toBeUndefined();
		expect(s.get(1.5)).toBeUndefined();
	});

	const cases: Array<Record<string, string>> = [
		{},
		{ 'filter[status]': 'active,suspended' },
		{ 'filter[grade_level]': '9,10', sort: '-last_name,first_name' },
		{ 'filter[group_id]': '12,31,183' },
		{ 'filter[search]': 'okaf' },
		{ 'filter[search]': '-2024-' },
		{ 'filter[search]': 'LIAM' },
		{
			'filter[created_after]': '2025-01-01',
			'filter[created_before]': '2026-02-01T00:00:00Z',
			sort: 'created_at',
		},
		{ 'filter[updated_since]': '2026-06-01T12:00:00+02:00', sort: '-updated_at' },
		{
			'filter[enrolled_after]': '2024-08-31',
			'filter[enrolled_before]': '2025-09-03',
			sort: 'enrolled_at,-id',
		},
		{ sort: 'email' },
		{ sort: '-email,grade_level' },
		{ sort: 'student_number' },
		{ sort: 'status,-grade_level,date_of_birth' },
		{ sort: '-id' },
		{ sort: 'first_name', 'filter[status]': 'graduated,withdrawn', 'filter[search]': 'an' },
	];

	it.each(cases)('query %j matches an independent implementation of the contract', (params) => {
		const query = parseStudentQuery(params);
		const expected = reference(students, query.filter ?? {}, query.sort ?? []);
		expect(expected.length).toBeGreaterThan(0);
		const result = s.query(query);
		expect(result.total).toBe(expected.length);
		expect(result.ids()).toEqual(expected);
		expect(result.slice(0, 5).map((x) => x.id)).toEqual(expected.slice(0, 5));
	});

	it('finds students by exact email (case-insensitive) and student number', () => {
		const target = students.find((x) => x.email !== null)!;
		expect(
			s.query({ filter: { email: [target.email!.toUpperCase().toLowerCase()] } }).ids(),
		).toEqual([target.id]);
		expect(
			s.query(parseStudentQuery({ 'filter[email]': target.email!.toUpperCase() })).ids(),
		).toEqual([target.id]);
		expect(
			s.query({ filter: { student_number: [target.student_number, 'S-1999-999999'] } }).ids(),
		).toEqual([target.id]);
		expect(s.query({ filter: { email: ['nobody@example.com'] } }).total).toBe(0);
	});

	it('orders null emails first ascending and last descending', () => {
		const ascending = s.query({ sort: [{ field: 'email', desc: false }] }).slice(0, 1500);
		const descending = s.query({ sort: [{ field: 'email', desc: true }] }).slice(0, 1500);
		expect(ascending[0].email).toBeNull();
		expect(descending[descending.length - 1].email).toBeNull();
	});
});

describe('StudentStore changes', () => {
	it('creates a realistic student that later queries include', () => {
		const s = store(100);
		const created = s.create({ first_name: 'Zelda', last_name: 'Quincy', grade_level: 4 });
		expect(created).toMatchObject({
			id: 101,
			first_name: 'Zelda',
			last_name: 'Quincy',
			grade_level: 4,
			status: 'active',
			left_at: null,
		});
		expect(created.created_at).toBe('2026-11-21T09:00:00.000000Z');
		expect(created.enrolled_at).toBe('2026-11-21');
		expect(created.student_number).toMatch(/^S-2026-000101$/);
		expect(StudentSchema.parse(created)).toEqual(created);
		expect(s.count).toBe(101);
		expect(s.get(101)).toEqual(created);
		expect(s.query(parseStudentQuery({ 'filter[search]': 'zelda' })).ids()).toEqual([101]);
		expect(s.query(parseStudentQuery({ sort: '-created_at' })).ids()[0]).toBe(101);
		expect(s.query(parseStudentQuery({ 'filter[created_after]': '2026-11-21' })).ids()).toEqual([
			101,
		]);
	});

	it('updates a student, bumps updated_at, and keeps every index in step', () => {
		const clock = new ManualClock(NOW);
		const s = new StudentStore({ seed: 42, count: 100, clock });
		const before = s.get(10)!;
		clock.advance(5000);
		const updated = s.update(10, {
			status: 'withdrawn',
			last_name: 'Aardvark',
			email: 'new.address@example.org',
			group_ids: [7, 8, 9, 10],
		})!;
		expect(updated.updated_at).toBe('2026-11-21T09:00:05.000000Z');
		expect(updated.left_at).toBe('2026-11-21');
		expect(updated.created_at).toBe(before.created_at);
		expect(s.get(10)).toEqual(updated);
		expect(
			s.query(parseStudentQuery({ 'filter[updated_since]': '2026-11-21T09:00:05Z' })).ids(),
		).toEqual([10]);
		expect(s.query(parseStudentQuery({ sort: 'last_name' })).ids()[0]).toBe(10);
		expect(s.query(parseStudentQuery({ 'filter[group_id]': '10' })).ids()).toContain(10);
		expect(
			s.query(parseStudentQuery({ 'filter[email]': 'NEW.address@example.org' })).ids(),
		).toEqual([10]);
		if (before.email)
			expect(s.query(parseStudentQuery({ 'filter[email]': before.email })).total).toBe(0);
		expect(s.query(parseStudentQuery({ 'filter[status]': 'withdrawn' })).ids()).toContain(10);
		const back = s.update(10, { status: 'active' })!;
		expect(back.left_at).toBeNull();
	});

	it('refuses a taken email or student number and unknown ids', () => {
		const s = store(100);
		const other = s.get(5)!;
		const withEmail = Array.from({ length: 100 }, (_, i) => s.get(i + 1)!).find(
			(x) => x.email && x.id !== 6,
		)!;
		expect(() => s.update(6, { email: withEmail.email })).toThrow(
			expect.objectContaining({
				status: 422,
				extra: { errors: { email: ['The email has already been taken.'] } },
			}),
		);
		expect(() => s.create({ student_number: other.student_number })).toThrow(
			expect.objectContaining({ status: 422 }),
		);
		expect(s.count).toBe(100);
		expect(s.update(101, { status: 'active' })).toBeUndefined();
	});
});

describe('a school of 1,000,000 students', () => {
	it('builds and answers a filtered, sorted page that matches a direct check', () => {
		const big = store(1_000_000);
		expect(big.count).toBe(1_000_000);
		const result = big.query(
			parseStudentQuery({
				'filter[status]': 'active',
				'filter[grade_level]': '9',
				sort: '-created_at',
			}),
		);
		const page = result.slice(0, 100);
		expect(result.total).toBeGreaterThan(40_000);
		expect(page).toHaveLength(100);
		for (const student of page) expect(student).toMatchObject({ status: 'active', grade_level: 9 });
		for (let k = 1; k < page.length; k++)
			expect(page[k - 1].created_at >= page[k].created_at).toBe(true);
		expect(big.get(150)).toEqual(store(200).get(150));
		expect(StudentSchema.safeParse(big.get(1_000_000)).success).toBe(true);
	});
});

describe('parseRangeValue', () => {
	it.each([
		['2026-01-01', Date.UTC(2026, 0, 1)],
		['2026-01-20T15:22:03Z', Date.UTC(2026, 0, 20, 15, 22, 3)],
		['2026-01-20T15:22:03.123456Z', Date.UTC(2026, 0, 20, 15, 22, 3, 123)],
		['2026-01-20T17:22:03+02:00', Date.UTC(2026, 0, 20, 15, 22, 3)],
		['2026-01-20T15:22Z', Date.UTC(2026, 0, 20, 15, 22)],
	])('%s', (text, ms) => expect(parseRangeValue(text)).toBe(ms));

	it.each(['2026-02-30', '2026-01-20T15:22:03', 'yesterday', '2026-1-2', '2026-01-20T25:00:00Z'])(
		'rejects %s',
		(text) => {
			expect(parseRangeValue(text)).toBeUndefined();
		},
	);
});
