// The polling trigger on every resource, through n8n's engine (test/harness/pollHarness.ts)
// against the live sandbox over real HTTP. Between polls, students are created and patched with
// the sandbox's admin API and enrollment, payment and exam-result events happen (POST
// /sandbox/events, which creates or changes the record the event describes). Each poll must
// yield exactly the changes since the one before, each as "created" or "updated" by created_at;
// a restart with the static data n8n saved resumes without gaps or repeats.
import { EducationPlatformPollingTrigger } from '../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import type { INodeParameters } from 'n8n-workflow';
import { createPollWorkflow, type PollWorkflow } from '../harness/pollHarness';
import { captureNodeLogs } from '../harness/triggerLogs';
import { apiClient } from '../sandbox/webhooks/helpers/api';
import { accessTokenCredentials, startLiveSandbox, type LiveSandbox } from './support/liveSandbox';

jest.setTimeout(60_000);

type Resource = 'student' | 'enrollment' | 'payment' | 'examResult';
const PATHS: Record<Resource, string> = {
	student: '/v1/students',
	enrollment: '/v1/enrollments',
	payment: '/v1/payments',
	examResult: '/v1/exam-results',
};
const MAX_REQUESTS = 6;

describe('Education Platform Polling Trigger against the live sandbox (students, enrollments, payments, exam results)', () => {
	let sandbox: LiveSandbox;
	let api: ReturnType<typeof apiClient>;
	let logs: ReturnType<typeof captureNodeLogs>;
	let worstRequests = 0;

	beforeAll(async () => {
		sandbox = await startLiveSandbox({ students: 300 });
		api = apiClient(sandbox.baseUrl);
		logs = captureNodeLogs();
	});
	afterAll(async () => {
		// The measured cost, for the record (the note reports it).
		process.stdout.write(
			`polling trigger against the live sandbox: worst ${worstRequests} requests in a poll (caps ${MAX_REQUESTS} and 3)\n`,
		);
		logs.restore();
		await sandbox.close();
	});

	const createStudent = async () => {
		const response = await api('POST', '/sandbox/students', {});
		expect(response.status).toBe(201);
		return response.body.data as { id: number };
	};
	const patchStudent = async (id: number, changes: Record<string, unknown>) => {
		const response = await api('PATCH', `/sandbox/students/${id}`, changes);
		expect(response.status).toBe(200);
		return response.body.data as { id: number };
	};
	/** One platform event about `studentId`; the record it created or changed. */
	const emit = async (type: string, studentId: number, overrides: Record<string, unknown> = {}) => {
		const response = await api('POST', '/sandbox/events', {
			type,
			data: { student_id: studentId, ...overrides },
		});
		expect(response.status).toBe(201);
		return response.body.data[0].event.data as { id: string };
	};

	const trigger = (resource: Resource, parameters: INodeParameters = {}): PollWorkflow =>
		createPollWorkflow({
			nodeType: new EducationPlatformPollingTrigger(),
			parameters: {
				resource,
				events: ['created', 'updated'],
				options: { lookbackSeconds: 1, maxRequests: MAX_REQUESTS },
				...parameters,
			},
			credentials: accessTokenCredentials(sandbox),
		});
	/** A poll's items as "event id", sorted; its request count is measured on the resource's path. */
	const poll = async (poller: PollWorkflow, resource: Resource, cap = MAX_REQUESTS) => {
		const before = sandbox.traffic.count({ path: PATHS[resource] });
		const items = await poller.poll();
		const requests = sandbox.traffic.count({ path: PATHS[resource] }) - before;
		worstRequests = Math.max(worstRequests, requests);
		expect(requests).toBeLessThanOrEqual(cap);
		return items.map((item) => `${String(item.event)} ${String(item.id)}`).sort();
	};
	const expected = (...lines: string[]) => lines.sort();

	it('each poll yields exactly the changes since the last, told apart by created_at, and a restart resumes', async () => {
		const resources: Resource[] = ['student', 'enrollment', 'payment', 'examResult'];
		const pollers = Object.fromEntries(
			resources.map((resource) => [resource, trigger(resource)]),
		) as Record<Resource, PollWorkflow>;
		for (const resource of resources) expect(await pollers[resource].activate()).toEqual([]); // from now: no history

		const student = await createStudent();
		const patched = await patchStudent(7, { status: 'suspended' });
		const enrolled = await emit('enrollment.created', 4);
		const moved = await emit('enrollment.updated', 9);
		const failed = await emit('payment.failed', 5);
		const refunded = await emit('payment.refunded', 6);
		const published = await emit('exam_result.published', 8);
		const remarked = await emit('exam_result.updated', 10);

		expect(await poll(pollers.student, 'student')).toEqual(
			expected(`student.created ${student.id}`, `student.updated ${patched.id}`),
		);
		expect(await poll(pollers.enrollment, 'enrollment')).toEqual(
			expected(`enrollment.created ${enrolled.id}`, `enrollment.updated ${moved.id}`),
		);
		expect(await poll(pollers.payment, 'payment')).toEqual(
			expected(`payment.created ${failed.id}`, `payment.updated ${refunded.id}`),
		);
		expect(await poll(pollers.examResult, 'examResult')).toEqual(
			expected(`exam_result.published ${published.id}`, `exam_result.updated ${remarked.id}`),
		);
		for (const resource of resources) expect(await poll(pollers[resource], resource)).toEqual([]);

		// n8n restarts: each workflow comes back with the static data saved when its last poll emitted.
		for (const resource of resources) pollers[resource].restart();
		const renamed = await patchStudent(student.id, { last_name: 'Renamed' });
		const completed = await emit('enrollment.completed', 4); // changes the enrollment made above
		const second = await emit('enrollment.created', 4);
		const succeeded = await emit('payment.succeeded', 5);
		const republished = await emit('exam_result.updated', 8); // re-marks the result published above

		expect(completed.id).toBe(enrolled.id);
		expect(republished.id).toBe(published.id);
		expect(await poll(pollers.student, 'student')).toEqual([`student.updated ${renamed.id}`]);
		expect(await poll(pollers.enrollment, 'enrollment')).toEqual(
			expected(`enrollment.updated ${completed.id}`, `enrollment.created ${second.id}`),
		);
		expect(await poll(pollers.payment, 'payment')).toEqual([`payment.created ${succeeded.id}`]);
		expect(await poll(pollers.examResult, 'examResult')).toEqual([
			`exam_result.updated ${republished.id}`,
		]);
		for (const resource of resources) expect(await poll(pollers[resource], resource)).toEqual([]);
	});

	it("keeps only the records the filters match: failed payments, cancelled enrollments, one student's results", async () => {
		const failedPayments = trigger('payment', { filters: { status: ['failed'] } });
		const cancellations = trigger('enrollment', {
			events: ['updated'],
			filters: { status: ['cancelled'] },
		});
		const results = trigger('examResult', {
			filters: { studentId: { __rl: true, mode: 'id', value: '21' } },
		});
		for (const poller of [failedPayments, cancellations, results]) await poller.activate();

		await emit('payment.succeeded', 11);
		const failed = await emit('payment.failed', 12);
		await emit('enrollment.updated', 13);
		const cancelled = await emit('enrollment.cancelled', 14);
		await emit('enrollment.created', 15);
		await emit('exam_result.published', 20);
		const mine = await emit('exam_result.published', 21);

		expect(await poll(failedPayments, 'payment')).toEqual([`payment.created ${failed.id}`]);
		expect(await poll(cancellations, 'enrollment')).toEqual([`enrollment.updated ${cancelled.id}`]);
		expect(await poll(results, 'examResult')).toEqual([`exam_result.published ${mine.id}`]);
	});

	it('outputs the record, the event and its kind, or the simplified record with Simplify', async () => {
		const full = trigger('payment');
		const simple = trigger('payment', { options: { simplify: true } });
		await full.activate();
		await simple.activate();
		const refunded = await emit('payment.refunded', 30);

		const [item] = await full.poll();
		expect(item).toMatchObject({
			event: 'payment.updated',
			event_kind: 'updated',
			id: refunded.id,
			status: expect.stringMatching(/refunded/),
		});
		expect(item).toHaveProperty('created_at');
		expect(String(item.updated_at) > String(item.created_at)).toBe(true);
		const [flat] = await simple.poll();
		expect(flat).toMatchObject({
			event: 'payment.updated',
			event_kind: 'updated',
			id: refunded.id,
			amount: expect.any(Number),
		});
		expect(flat).not.toHaveProperty('student');
	});

	it('"Fetch Test Event" returns the newest matching record with its kind, and leaves the cursor alone', async () => {
		const poller = trigger('examResult', { filters: { passed: 'false' } });
		await poller.activate();
		const cursor = JSON.parse(JSON.stringify(poller.staticData())) as unknown;
		const failed = await emit('exam_result.published', 41, {
			score: 10,
			max_score: 100,
			pass_mark: 50,
		});
		await emit('exam_result.published', 40, { score: 90, max_score: 100, pass_mark: 50 }); // newer, but passed

		expect(await poller.poll('manual')).toEqual([
			expect.objectContaining({
				id: failed.id,
				passed: false,
				event: 'exam_result.published',
				event_kind: 'created',
			}),
		]);
		expect(poller.staticData()).toEqual(cursor);
		expect(await poll(poller, 'examResult')).toEqual([`exam_result.published ${failed.id}`]);
	});

	it('reads a burst of 500 new enrollments (many in the same millisecond) over several capped polls, each once, and logs the cut', async () => {
		const poller = trigger('enrollment', { options: { lookbackSeconds: 1, maxRequests: 3 } });
		await poller.activate();
		const made: string[] = [];
		for (let i = 0; i < 5; i++) {
			const response = await api('POST', '/sandbox/events', {
				type: 'enrollment.created',
				count: 100,
			});
			made.push(
				...(response.body.data as Array<{ event: { data: { id: string } } }>).map(
					({ event }) => `enrollment.created ${event.data.id}`,
				),
			);
		}
		const emitted: string[] = [];
		let polls = 0;
		for (
			let lines = await poll(poller, 'enrollment', 3);
			lines.length > 0;
			lines = await poll(poller, 'enrollment', 3)
		) {
			emitted.push(...lines);
			polls++;
		}
		expect(emitted.sort()).toEqual(made.sort());
		expect(polls).toBeGreaterThanOrEqual(3); // 200 records a poll at most: one request finds the newest
		expect(logs.text()).toMatch(/poll cut short after 3 requests/);
	});
});
