// Admin endpoints under /sandbox/: students made or changed here show up in the API.
import type { RunningSandbox } from '../../../sandbox';
import { ManualClock } from '../../../sandbox/clock';
import { StudentResponseSchema } from '../../../sandbox/schemas/student';
import { call, startTestSandbox } from '../helpers';

let sandbox: RunningSandbox;
const clock = new ManualClock(Date.UTC(2026, 10, 21, 10, 0, 0));

beforeAll(async () => {
	sandbox = await startTestSandbox({ students: 40, clock });
});
afterAll(() => sandbox.close());

it('reports health', async () => {
	expect((await call(sandbox, '/sandbox/health', { token: null })).body).toEqual({
		status: 'ok',
		students: 40,
	});
});

it('creates a student that later list calls return', async () => {
	const created = await call(sandbox, '/sandbox/students', {
		method: 'POST',
		token: null,
		body: {
			first_name: 'Ada',
			last_name: 'Lovelace',
			email: 'Ada.Lovelace@Students.Springfield.Example',
			grade_level: 11,
		},
	});
	expect(created.status).toBe(201);
	expect(StudentResponseSchema.parse(created.body)).toEqual(created.body);
	expect(created.body.data).toMatchObject({
		id: 41,
		first_name: 'Ada',
		last_name: 'Lovelace',
		email: 'ada.lovelace@students.springfield.example',
		grade_level: 11,
		status: 'active',
		created_at: '2026-11-21T10:00:00.000000Z',
	});
	const listed = await call(sandbox, '/v1/students?filter[search]=lovelace');
	expect(listed.body.data).toEqual([created.body.data]);
	expect((await call(sandbox, '/v1/students')).body.meta.total).toBe(41);
	expect((await call(sandbox, '/v1/students/41')).body.data).toEqual(created.body.data);
});

it('updates a student, bumping updated_at, visible to incremental sync', async () => {
	clock.advance(60_000);
	const updated = await call(sandbox, '/sandbox/students/7', {
		method: 'PATCH',
		token: null,
		body: { status: 'suspended', grade_level: 5 },
	});
	expect(updated.status).toBe(200);
	expect(updated.body.data).toMatchObject({
		id: 7,
		status: 'suspended',
		grade_level: 5,
		updated_at: '2026-11-21T10:01:00.000000Z',
	});
	const changedSince = await call(
		sandbox,
		'/v1/students?filter[updated_since]=2026-11-21T10:01:00Z',
	);
	expect(changedSince.body.data.map((s: { id: number }) => s.id)).toEqual([7]);
});

it('validates admin bodies with field errors', async () => {
	const bad = await call(sandbox, '/sandbox/students/7', {
		method: 'PATCH',
		token: null,
		body: { status: 'expelled', grade_level: 13, colour: 'red' },
	});
	expect(bad.status).toBe(422);
	expect(Object.keys(bad.body.errors).sort()).toEqual(['body', 'grade_level', 'status']);
	const taken = await call(sandbox, '/sandbox/students', {
		method: 'POST',
		token: null,
		body: { email: 'ada.lovelace@students.springfield.example' },
	});
	expect(taken.status).toBe(422);
	expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
	expect((await call(sandbox, '/v1/students')).body.meta.total).toBe(41);
	expect(
		(await call(sandbox, '/sandbox/students/999', { method: 'PATCH', token: null, body: {} }))
			.status,
	).toBe(404);
	const notJson = await call(sandbox, '/sandbox/students', {
		method: 'POST',
		token: null,
		body: undefined,
		headers: { 'content-type': 'application/json' },
	});
	expect(notJson.status).toBe(422);
});
