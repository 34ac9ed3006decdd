// Faults as a client sees them, over real HTTP.
import type { RunningSandbox } from '../../../sandbox';
import { call, startTestSandbox } from '../helpers';

let sandbox: RunningSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({
		faults: [
			{ id: 'boot', path: '/v1/students/2', nth: [1], fault: { type: 'status', status: 502 } },
		],
	});
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.state.faults.clear());

async function setFaults(rules: unknown[]) {
	const response = await call(sandbox, '/sandbox/faults', {
		method: 'PUT',
		token: null,
		body: rules,
	});
	expect(response.status).toBe(200);
	return response.body.data;
}

it('applies rules from the config', async () => {
	expect((await call(sandbox, '/v1/students/2')).status).toBe(502);
	expect((await call(sandbox, '/v1/students/2')).status).toBe(200);
});

it('gives requests 3 and 7 to /v1/students a 429 with Retry-After 1, and serves the rest', async () => {
	await setFaults([
		{
			path: '/v1/students',
			method: 'GET',
			nth: [3, 7],
			fault: { type: 'status', status: 429, retry_after: 1 },
		},
	]);
	const statuses: number[] = [];
	for (let n = 1; n <= 8; n++) {
		const response = await call(sandbox, '/v1/students?per_page=1');
		statuses.push(response.status);
		if (response.status === 429) {
			expect(response.headers.get('retry-after')).toBe('1');
			expect(response.body).toMatchObject({ code: 'rate_limited', retry_after: 1 });
		}
	}
	expect(statuses).toEqual([200, 200, 429, 200, 200, 200, 429, 200]);
	const listed = await call(sandbox, '/sandbox/faults', { token: null });
	expect(listed.body.data).toEqual([expect.objectContaining({ matched: 8, injected: 2 })]);
});

it.each([
	[500, 'server_error'],
	[502, 'service_unavailable'],
	[503, 'service_unavailable'],
	[504, 'service_unavailable'],
])('injects %i with the contract body', async (status, code) => {
	await setFaults([
		{
			path: '*/students',
			times: 1,
			fault: { type: 'status', status, ...(status === 503 ? { retry_after: 2 } : {}) },
		},
	]);
	const response = await call(sandbox, '/api/v1/students');
	expect(response.status).toBe(status);
	expect(response.body.code).toBe(code);
	if (status === 503) expect(response.headers.get('retry-after')).toBe('2');
	expect((await call(sandbox, '/api/v1/students')).status).toBe(200);
});

it('slows a response down', async () => {
	await setFaults([{ path: '/v1/students/1', fault: { type: 'delay', ms: 300 } }]);
	const started = Date.now();
	const response = await call(sandbox, '/v1/students/1');
	expect(response.status).toBe(200);
	expect(Date.now() - started).toBeGreaterThanOrEqual(290);
});

it('drops the connection', async () => {
	await setFaults([{ path: '/v1/students/1', times: 1, fault: { type: 'drop' } }]);
	await expect(call(sandbox, '/v1/students/1')).rejects.toThrow();
	expect((await call(sandbox, '/v1/students/1')).status).toBe(200);
});

it('truncates the body: full Content-Length, half the bytes, then the connection closes', async () => {
	await setFaults([{ path: '/v1/students', times: 1, fault: { type: 'truncate' } }]);
	const response = await fetch(`${sandbox.baseUrl}/v1/students?per_page=5`, {
		headers: { authorization: 'Bearer demo-token' },
	});
	expect(response.status).toBe(200);
	const declared = Number(response.headers.get('content-length'));
	expect(declared).toBeGreaterThan(1000);
	const reader = response.body!.getReader();
	let received = 0;
	await expect(
		(async () => {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return;
				received += value.length;
			}
		})(),
	).rejects.toThrow();
	expect(received).toBeLessThan(declared);
	const intact = await call(sandbox, '/v1/students?per_page=5');
	expect(intact.status).toBe(200);
	expect(intact.body.data).toHaveLength(5);
});

it('never touches /sandbox/* so faults can always be removed', async () => {
	await setFaults([{ fault: { type: 'status', status: 500 } }]);
	expect((await call(sandbox, '/v1/students/1')).status).toBe(500);
	const cleared = await call(sandbox, '/sandbox/faults', { method: 'DELETE', token: null });
	expect(cleared.status).toBe(204);
	expect((await call(sandbox, '/v1/students/1')).status).toBe(200);
});

it('adds and deletes single rules and validates them', async () => {
	const added = await call(sandbox, '/sandbox/faults', {
		method: 'POST',
		token: null,
		body: { id: 'one', every: 2, fault: { type: 'drop' } },
	});
	expect(added.status).toBe(201);
	expect(added.body.data).toMatchObject({ id: 'one', matched: 0, injected: 0 });
	expect(
		(await call(sandbox, '/sandbox/faults/one', { method: 'DELETE', token: null })).status,
	).toBe(204);
	expect(
		(await call(sandbox, '/sandbox/faults/one', { method: 'DELETE', token: null })).status,
	).toBe(404);
	const invalid = await call(sandbox, '/sandbox/faults', {
		method: 'POST',
		token: null,
		body: { fault: { type: 'status', status: 418 } },
	});
	expect(invalid.status).toBe(422);
	expect(Object.keys(invalid.body.errors)).toEqual(['fault']);
});
