// `filter[search]` on enrollments, payments and exam results over real HTTP (contract §3.7): the
// text, case-insensitive, in the record's student (name, e-mail or student number, as the students'
// own search) or in the record's course, payment description or exam. Record pickers search with it.
import type { RunningSandbox } from '../../../sandbox';
import { listAll as listAllRows, startTestSandbox } from '../helpers';

let sandbox: RunningSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ students: 60 });
});
afterAll(() => sandbox.close());

type Row = Record<string, any>;

const listAll = (path: string) => listAllRows(sandbox, path);

/** What the contract says the text is looked for in, written out here rather than taken from the sandbox. */
const OWN_TEXTS: Record<string, (row: Row) => unknown[]> = {
	enrollments: (row) => [row.course?.name, row.course?.code],
	payments: (row) => [row.description],
	'exam-results': (row) => [row.exam?.name, row.exam?.subject],
};

function studentTexts(id: number): unknown[] {
	const student = sandbox.state.students.get(id);
	return student
		? [
				student.first_name,
				student.last_name,
				student.preferred_name,
				student.email,
				student.student_number,
			]
		: [];
}

const holds = (texts: unknown[], term: string) =>
	texts.some(
		(text) => typeof text === 'string' && text.toLowerCase().includes(term.trim().toLowerCase()),
	);

describe.each(Object.keys(OWN_TEXTS))('/v1/%s?filter[search]', (path) => {
	const expectSearch = async (term: string) => {
		const all = await listAll(`/v1/${path}`);
		const expected = all.filter(
			(row) => holds(studentTexts(row.student_id), term) || holds(OWN_TEXTS[path](row), term),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(all.length);
		expect(await listAll(`/v1/${path}?filter[search]=${encodeURIComponent(term)}`)).toEqual(
			expected,
		);
	};

	it("finds a student's records by part of the last name, in any case", async () => {
		const student = sandbox.state.students.get(7)!;
		await expectSearch(` ${student.last_name.slice(1, 5).toUpperCase()} `);
	});

	it('finds records by a student number', async () => {
		const rows = await listAll(
			`/v1/${path}?filter[search]=${encodeURIComponent(String(sandbox.state.students.get(12)!.student_number))}`,
		);
		expect(new Set(rows.map((row) => row.student_id))).toEqual(new Set([12]));
	});

	it('finds records by their own text (course, description or exam)', async () => {
		const [first] = await listAll(`/v1/${path}?filter[student_id]=3`);
		const text = OWN_TEXTS[path](first).find(
			(value): value is string => typeof value === 'string' && value.length > 3,
		)!;
		await expectSearch(text.slice(0, 6).toLowerCase());
	});

	it('combines with the other filters and ignores an empty text', async () => {
		const all = await listAll(`/v1/${path}`);
		expect(await listAll(`/v1/${path}?filter[search]=`)).toEqual(all);
		const student = sandbox.state.students.get(5)!;
		const rows = await listAll(
			`/v1/${path}?filter[search]=${encodeURIComponent(student.last_name)}&filter[student_id]=5`,
		);
		expect(rows).toEqual(all.filter((row) => row.student_id === 5));
	});
});
