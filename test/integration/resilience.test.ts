// Return All through n8n's engine against a live sandbox that misbehaves mid-listing: injected
// 429s and 5xx, a dropped connection and a truncated body, and the real rate limiter with a
// small budget. The node must sit them out and still return exactly the sandbox's students, with
// its default of 8 pages requested at once.
import { RateLimiter } from '../../sandbox/http/rateLimit';
import type { FaultRule } from '../../sandbox/schemas/faults';
import { rateLimitLowerBound } from '../../bench/rateLimitBound';
import {
	outputJson,
	runStudentNode,
	sandboxStudents,
	startLiveSandbox,
	STUDENTS_PATH,
	type LiveSandbox,
} from './support/liveSandbox';

// Retry-After and backoff waits are real: a few seconds per test.
jest.setTimeout(30_000);

let sandbox: LiveSandbox;

beforeAll(async () => {
	sandbox = await startLiveSandbox({ students: 2_000 });
});
afterAll(async () => {
	await sandbox?.close();
});
afterEach(() => {
	sandbox.state.faults.clear();
});

const onList = (nth: number, fault: FaultRule['fault']): FaultRule => ({
	path: STUDENTS_PATH,
	method: 'GET',
	nth: [nth],
	fault,
});

describe('a fault schedule mid-listing', () => {
	// Positions among the requests to /v1/students; 20 pages of 100 plus one retry per fault.
	const schedule: FaultRule[] = [
		{ id: '429', ...onList(3, { type: 'status', status: 429, retry_after: 1 }) },
		// The retry of that same page fails again, differently.
		{ id: '503', ...onList(4, { type: 'status', status: 503, retry_after: 1 }) },
		// No Retry-After: the node backs off on its own.
		{ id: '500', ...onList(8, { type: 'status', status: 500 }) },
		{ id: '502', ...onList(11, { type: 'status', status: 502, retry_after: 0 }) },
		{ id: 'drop', ...onList(14, { type: 'drop' }) },
		// Status 200 and the full Content-Length, then half the body and a cut connection.
		{ id: 'truncate', ...onList(18, { type: 'truncate' }) },
	];

	it("still yields exactly the sandbox's students, each page once, after every fault really happened", async () => {
		sandbox.state.faults.replace(schedule);
		const first = sandbox.traffic.requests.length;

		// Default options: Max Concurrent Requests 8.
		const result = await runStudentNode(sandbox, { operation: 'getMany', returnAll: true });

		expect(result.error).toBeUndefined();
		const students = outputJson(result);
		expect(new Set(students.map((student) => student.id)).size).toBe(2_000);
		expect(students).toEqual(sandboxStudents(sandbox));

		// The sandbox injected each fault exactly once …
		expect(sandbox.state.faults.list().map(({ id, injected }) => [id, injected])).toEqual(
			schedule.map(({ id }) => [id, 1]),
		);
		// … and the node saw each of them once: pages go out 8 at a time, so which page the n-th
		// request asked for depends on timing, but every failed request was repeated on its own.
		const seen = sandbox.traffic.requests
			.slice(first)
			.filter((request) => request.path === STUDENTS_PATH);
		expect(
			seen
				.map((request) => request.status)
				.filter((status) => status !== 200)
				.sort(),
		).toEqual([429, 500, 502, 503, undefined]);
		// The truncated answer carried status 200 and half a body; the node re-read that page too.
		const pages = seen.map((request) => request.query.get('page'));
		expect(pages).toHaveLength(20 + schedule.length);
		expect(new Set(pages)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => String(i + 1))));
	});
});

describe('the real rate limiter', () => {
	it('makes the node wait out Retry-After and go on, with no request wasted', async () => {
		// A realistic budget scaled down to seconds: 4 requests per 2 s fixed window (the sandbox's
		// own limiter, its window shortened as the test setting SANDBOX_RATE_LIMIT_WINDOW_MS does).
		const limit = 4;
		sandbox.state.rateLimiter = new RateLimiter(limit, 2_000);
		const first = sandbox.traffic.requests.length;
		const startedAt = Date.now();
		try {
			const result = await runStudentNode(sandbox, {
				operation: 'getMany',
				returnAll: false,
				limit: 1_000,
			});
			const expected = sandboxStudents(sandbox).slice(0, 1_000);
			expect(result.error).toBeUndefined();
			expect(outputJson(result)).toEqual(expected);

			const statuses = sandbox.traffic.statuses({ path: STUDENTS_PATH }).slice(first);
			const { requests, windowsToWait } = rateLimitLowerBound({
				items: expected.length,
				perPage: 100,
				limitPerWindow: limit,
			});
			// Page 1 told the budget (X-RateLimit-*): the node never sent a request it could not pay
			// for, so the limiter refused none, and it waited for each window the budget forces.
			expect(statuses.filter((status) => status === 429)).toEqual([]);
			expect(windowsToWait).toBeGreaterThanOrEqual(2);
			expect(statuses.filter((status) => status === 200)).toHaveLength(requests);
			expect(Date.now() - startedAt).toBeGreaterThanOrEqual(windowsToWait * 2_000);
		} finally {
			sandbox.state.rateLimiter = new RateLimiter(1_000_000);
		}
	});
});
