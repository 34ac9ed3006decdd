// The polling trigger through n8n's engine (test/harness/pollHarness.ts: n8n-core's PollContext
// and TriggersAndPollers) against the live sandbox over real HTTP. Students are created and
// patched with the sandbox's admin API between polls; each poll must yield exactly the changes
// since the one before, and a restart with the static data n8n saved resumes without gaps or
// repeats.
import { EducationPlatformPollingTrigger } from '../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import type { INodeParameters } from 'n8n-workflow';
import { createPollWorkflow, type PollWorkflow } from '../harness/pollHarness';
import { captureNodeLogs } from '../harness/triggerLogs';
import { apiClient } from '../sandbox/webhooks/helpers/api';
import {
	accessTokenCredentials,
	startLiveSandbox,
	STUDENTS_PATH,
	type LiveSandbox,
} from './support/liveSandbox';

jest.setTimeout(60_000);

describe('Education Platform Polling Trigger against the live sandbox (students)', () => {
	let sandbox: LiveSandbox;
	let api: ReturnType<typeof apiClient>;
	let logs: ReturnType<typeof captureNodeLogs>;

	beforeAll(async () => {
		sandbox = await startLiveSandbox({ students: 300 });
		api = apiClient(sandbox.baseUrl);
		logs = captureNodeLogs();
	});
	afterAll(async () => {
		logs.restore();
		await sandbox.close();
	});

	const createStudent = async () => {
		const response = await api('POST', '/sandbox/students', {});
		expect(response.status).toBe(201);
		return response.body.data as { id: number; updated_at: string };
	};
	const patchStudent = async (id: number, changes: Record<string, unknown>) => {
		const response = await api('PATCH', `/sandbox/students/${id}`, changes);
		expect(response.status).toBe(200);
		return response.body.data as { id: number; updated_at: string };
	};
	const trigger = (parameters: INodeParameters = {}): PollWorkflow =>
		createPollWorkflow({
			nodeType: new EducationPlatformPollingTrigger(),
			parameters: {
				resource: 'student',
				events: ['created', 'updated'],
				options: { lookbackSeconds: 1 },
				...parameters,
			},
			credentials: accessTokenCredentials(sandbox),
		});
	const summary = (items: Array<Record<string, unknown>>) =>
		items.map((item) => `${String(item.event)} ${String(item.id)}`).sort();
	const listRequests = () => sandbox.traffic.count({ path: STUDENTS_PATH });

	it('starts from now, then each poll yields exactly the changes since the last, and a restart resumes', async () => {
		const poller = trigger();
		expect(await poller.activate()).toEqual([]); // no history flood
		const idle = listRequests();
		expect(await poller.poll()).toEqual([]);
		expect(listRequests() - idle).toBe(2); // the newest record, and one page of the lookback stretch

		const added = [await createStudent(), await createStudent()];
		const patched = [
			await patchStudent(7, { status: 'suspended' }),
			await patchStudent(42, { grade_level: 9 }),
		];
		const first = await poller.poll();
		expect(summary(first)).toEqual(
			[
				...added.map((s) => `student.created ${s.id}`),
				...patched.map((s) => `student.updated ${s.id}`),
			].sort(),
		);
		expect(first.find((item) => item.id === 7)).toMatchObject({
			event_kind: 'updated',
			status: 'suspended',
		});
		expect(await poller.poll()).toEqual([]);

		// n8n restarts: the workflow comes back with the static data saved when the last poll emitted.
		const saved = structuredClone(poller.savedStaticData());
		poller.restart();
		expect(poller.savedStaticData()).toEqual(saved);
		const again = await patchStudent(added[0].id, { status: 'inactive' });
		const third = await createStudent();
		expect(summary(await poller.poll())).toEqual(
			[`student.created ${third.id}`, `student.updated ${again.id}`].sort(),
		);
		expect(await poller.poll()).toEqual([]);
	});

	it('main killed before the saved position landed: the restart emits those changes again, and the documented dedupe key (docs/polling-trigger.md) drops exactly the repeats', async () => {
		// docs/polling-trigger.md "When a change runs twice, or not at all", Value to Dedupe On: {{ $json.event }}:{{ $json.id }}:{{ $json.event_kind === 'created' ? '' : $json.updated_at }}
		const dedupeKey = (item: Record<string, unknown>) =>
			`${String(item.event)}:${String(item.id)}:${item.event_kind === 'created' ? '' : String(item.updated_at)}`;
		const poller = trigger({ options: { lookbackSeconds: 1, simplify: true } });
		await poller.activate();
		const savedBefore = structuredClone(poller.savedStaticData());
		const added = await createStudent();
		const patched = await patchStudent(9, { status: 'suspended' });
		const first = await poller.poll();
		expect(summary(first)).toEqual(
			[`student.created ${added.id}`, `student.updated ${patched.id}`].sort(),
		);

		// n8n saves static data after poll() returns, without waiting (__emit); main dies before that
		// write commits, and the new student changes again while n8n is down.
		const restarted = createPollWorkflow({
			nodeType: new EducationPlatformPollingTrigger(),
			parameters: {
				resource: 'student',
				events: ['created', 'updated'],
				options: { lookbackSeconds: 1, simplify: true },
			},
			credentials: accessTokenCredentials(sandbox),
			staticData: savedBefore,
		});
		const changedWhileDown = await patchStudent(added.id, { status: 'inactive' });
		const later = await createStudent();
		const again = await restarted.poll();
		expect(summary(again)).toEqual(
			[
				`student.created ${added.id}`,
				`student.created ${later.id}`,
				`student.updated ${patched.id}`,
			].sort(),
		);
		expect(again.find((item) => item.id === added.id)).toMatchObject({
			status: 'inactive',
			updated_at: changedWhileDown.updated_at,
		});

		const seen = new Set(first.map(dedupeKey));
		expect(again.filter((item) => !seen.has(dedupeKey(item))).map((item) => item.id)).toEqual([
			later.id,
		]);
		expect(await restarted.poll()).toEqual([]);
	});

	it('keeps only the selected events and filters, with Simplify', async () => {
		const poller = trigger({
			events: ['updated'],
			filters: { gradeLevel: [11] },
			options: { simplify: true },
		});
		await poller.activate();
		await createStudent();
		const eleventh = await patchStudent(5, { grade_level: 11 });
		await patchStudent(6, { grade_level: 10 });
		const items = await poller.poll();
		expect(items).toEqual([
			expect.objectContaining({
				event: 'student.updated',
				id: eleventh.id,
				grade_level: 11,
				name: expect.any(String),
			}),
		]);
		expect(items[0]).not.toHaveProperty('guardians');
	});

	it('reads a backlog over several polls when Max Requests per Poll cuts them short, and says so in the log', async () => {
		const poller = trigger({ options: { maxRequests: 2, lookbackSeconds: 0 } });
		await poller.activate();
		const ids: number[] = [];
		for (let i = 0; i < 230; i++)
			ids.push((await patchStudent(1 + (i % 290), { phone: `+1-555-${String(1000 + i)}` })).id);
		const expected = [...new Set(ids)].length;

		const emitted: number[] = [];
		let polls = 0;
		for (;;) {
			const before = listRequests();
			const items = await poller.poll();
			polls++;
			expect(listRequests() - before).toBeLessThanOrEqual(2);
			emitted.push(...items.map((item) => item.id as number));
			if (items.length === 0) break;
		}
		expect(emitted.sort((a, b) => a - b)).toEqual([...new Set(ids)].sort((a, b) => a - b));
		expect(emitted).toHaveLength(expected);
		expect(polls).toBeGreaterThanOrEqual(4);
		expect(logs.text()).toMatch(/poll cut short after 2 requests/);
	});

	it('"Fetch Test Event" returns the newest matching student and leaves the cursor alone', async () => {
		const poller = trigger();
		await poller.activate();
		const cursor = JSON.parse(JSON.stringify(poller.staticData())) as unknown;
		const newest = await createStudent();
		const items = await poller.poll('manual');
		expect(items).toEqual([
			expect.objectContaining({ id: newest.id, event: 'student.created', event_kind: 'created' }),
		]);
		expect(poller.staticData()).toEqual(cursor);
		expect(summary(await poller.poll())).toEqual([`student.created ${newest.id}`]);
	});

	it('"Fetch Test Event" shows a record of a selected event only: a newer update does not stand in for a creation', async () => {
		const created = await createStudent();
		const updated = await patchStudent(11, { status: 'suspended' }); // newer than the creation
		expect(await trigger({ events: ['created'] }).poll('manual')).toEqual([
			expect.objectContaining({ id: created.id, event: 'student.created', event_kind: 'created' }),
		]);
		expect(await trigger({ events: ['updated'] }).poll('manual')).toEqual([
			expect.objectContaining({ id: updated.id, event: 'student.updated', event_kind: 'updated' }),
		]);
	});
});
