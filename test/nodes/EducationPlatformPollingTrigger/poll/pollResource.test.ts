import nock from 'nock';

import { EducationPlatformPollingTrigger } from '../../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { createPollWorkflow } from '../../../harness/pollHarness';
import { captureNodeLogs } from '../../../harness/triggerLogs';
import { student } from './studentRecord';
import { useNock } from '../../../harness/nock';

// poll() through n8n-core's PollContext against a nock platform: the requests it sends, and the
// errors a user sees when the settings or the platform are wrong.
const BASE = 'https://school.test';
const credentials = { educationPlatformApi: { baseUrl: BASE, accessToken: 'pat-test' } };
const page = (data: unknown[]) => ({ data });

function poller(parameters: Record<string, unknown> = {}) {
	return createPollWorkflow({
		nodeType: new EducationPlatformPollingTrigger(),
		parameters: { resource: 'student', events: ['created', 'updated'], ...parameters },
		credentials,
	});
}

useNock();

describe('Education Platform Polling Trigger: poll()', () => {
	it('starts after the newest matching student, with the filters and the cursor query', async () => {
		const probe = nock(BASE)
			.get('/v1/students')
			.query({ 'filter[grade_level]': '9', sort: '-updated_at', page: 1, per_page: 1 })
			.reply(200, page([student(7, '2026-11-20T10:00:00.000000Z')]));
		const p = poller({ filters: { gradeLevel: [9] }, options: { lookbackSeconds: 0 } });
		expect(await p.activate()).toEqual([]);
		expect(probe.isDone()).toBe(true);
		expect(p.savedStaticData()).toEqual({
			'node:Polling Trigger': {
				cursor: {
					since: '2026-11-20T10:00:00.000001Z',
					seen: {},
					createdSince: '2026-11-20T10:00:00.000001Z',
					created: {},
				},
			},
		});

		nock(BASE)
			.get('/v1/students')
			.query({ 'filter[grade_level]': '9', sort: '-updated_at', page: 1, per_page: 1 })
			.reply(200, page([student(8, '2026-11-21T09:00:00.000000Z', '2026-11-21T09:00:00.000000Z')]));
		nock(BASE)
			.get('/v1/students')
			.query({
				'filter[grade_level]': '9',
				'filter[updated_since]': '2026-11-20T10:00:00.000001Z',
				sort: 'updated_at,id',
				page: 1,
				per_page: 100,
			})
			.reply(
				200,
				page([
					student(3, '2026-11-21T08:00:00.000000Z'),
					student(8, '2026-11-21T09:00:00.000000Z', '2026-11-21T09:00:00.000000Z'),
				]),
			);
		expect(await p.poll()).toEqual([
			expect.objectContaining({ id: 3, event: 'student.updated', event_kind: 'updated' }),
			expect.objectContaining({ id: 8, event: 'student.created', event_kind: 'created' }),
		]);
	});

	it('reads the credential once per poll, and afresh at the next poll (a changed token is used at once)', async () => {
		const probe = (token: string) =>
			nock(BASE, { reqheaders: { authorization: `Bearer ${token}` } })
				.get('/v1/students')
				.query({ sort: '-updated_at', page: 1, per_page: 1 })
				.reply(200, page([student(7, '2026-11-20T10:00:00.000000Z')]));
		const forward = (token: string) =>
			nock(BASE, { reqheaders: { authorization: `Bearer ${token}` } })
				.get('/v1/students')
				.query((query) => query.sort === 'updated_at,id')
				.reply(200, page([]));
		const p = poller({ options: { lookbackSeconds: 0 } });
		const activation = probe('pat-test');
		await p.activate();
		expect(activation.isDone()).toBe(true);
		expect(p.credentialsHelper.reads).toEqual(['educationPlatformApi']);

		p.credentialsHelper.setCredentials('educationPlatformApi', {
			baseUrl: BASE,
			accessToken: 'pat-rotated',
		});
		const requests = [probe('pat-rotated'), forward('pat-rotated')];
		expect(await p.poll()).toEqual([]);
		expect(requests.every((scope) => scope.isDone())).toBe(true);
		expect(p.credentialsHelper.reads).toEqual(['educationPlatformApi', 'educationPlatformApi']);
	});

	it('skips a tick while the previous poll still runs (n8n does not wait for it), so the changes are emitted once', async () => {
		let probes = 0;
		nock(BASE)
			.persist()
			.get('/v1/students')
			.query({ sort: '-updated_at', page: 1, per_page: 1 })
			.reply(() => {
				probes++;
				return [
					200,
					page([student(8, '2026-11-21T09:00:00.000000Z', '2026-11-21T09:00:00.000000Z')]),
				];
			});
		const logs = captureNodeLogs();
		try {
			const p = poller({ options: { backfillFrom: '2026-11-20T00:00:00Z', lookbackSeconds: 0 } });
			// The first poll's page hangs (a slow platform) until released; later reads answer at once.
			let reads = 0;
			let release!: () => void;
			const firstRead = new Promise<void>((reached) => {
				nock(BASE)
					.persist()
					.get('/v1/students')
					.query((query) => query.sort === 'updated_at,id')
					.reply((_uri, _body, callback) => {
						const answer = () =>
							callback(null, [
								200,
								page([
									student(3, '2026-11-21T08:00:00.000000Z'),
									student(8, '2026-11-21T09:00:00.000000Z', '2026-11-21T09:00:00.000000Z'),
								]),
							]);
						if (++reads > 1) return answer();
						release = answer;
						reached();
					});
			});
			const running = p.poll();
			await firstRead;
			const probesBefore = probes;

			// n8n's next cron tick: same workflow, same node, same static data, the first poll still running.
			expect(await p.poll()).toEqual([]);
			expect(reads).toBe(1);
			expect(probes).toBe(probesBefore);
			expect(logs.text()).toMatch(
				/warn Education Platform Polling Trigger: the previous poll is still running \(since \d{4}-.+Z\), so this poll is skipped/,
			);

			release();
			expect((await running).map((item) => item.id)).toEqual([3, 8]);
			expect(await p.poll()).toEqual([]); // the next tick continues after the first poll: nothing again
		} finally {
			logs.restore();
		}
	});

	it('keeps id and updated_at in every item with Simplify, the key to drop a change emitted twice', async () => {
		nock(BASE)
			.get('/v1/students')
			.query(true)
			.reply(200, page([student(8, '2026-11-21T09:00:00.000000Z')]));
		nock(BASE)
			.get('/v1/students')
			.query(true)
			.reply(200, page([student(8, '2026-11-21T09:00:00.000000Z')]));
		const p = poller({ options: { backfillFrom: '2026-11-20T00:00:00Z', simplify: true } });
		const [item] = await p.activate();
		expect(item).toMatchObject({
			event: 'student.updated',
			id: 8,
			updated_at: '2026-11-21T09:00:00.000000Z',
			name: 'Amara Okafor',
		});
		expect(item).not.toHaveProperty('guardians');
	});

	it('watches payments on their own path with their filters and names the events for them', async () => {
		const payment = (id: string, status: string, createdAt: string, updatedAt: string) => ({
			id,
			student_id: 4,
			status,
			created_at: createdAt,
			updated_at: updatedAt,
		});
		const p = poller({
			resource: 'payment',
			filters: { status: ['failed'] },
			options: { backfillFrom: '2026-11-20T00:00:00Z' },
		});
		nock(BASE)
			.get('/v1/payments')
			.query({ 'filter[status]': 'failed', sort: '-updated_at', page: 1, per_page: 1 })
			.reply(
				200,
				page([
					payment(
						'pay_0000000b',
						'failed',
						'2026-11-21T09:00:00.000000Z',
						'2026-11-21T09:00:00.000000Z',
					),
				]),
			);
		nock(BASE)
			.get('/v1/payments')
			.query({
				'filter[status]': 'failed',
				'filter[updated_since]': '2026-11-20T00:00:00.000000Z',
				sort: 'updated_at,id',
				page: 1,
				per_page: 100,
			})
			.reply(
				200,
				page([
					payment(
						'pay_0000000a',
						'failed',
						'2026-11-02T10:00:00.000000Z',
						'2026-11-21T08:00:00.000000Z',
					),
					payment(
						'pay_0000000b',
						'failed',
						'2026-11-21T09:00:00.000000Z',
						'2026-11-21T09:00:00.000000Z',
					),
				]),
			);
		expect(await p.activate()).toEqual([
			expect.objectContaining({
				id: 'pay_0000000a',
				event: 'payment.updated',
				event_kind: 'updated',
			}),
			expect.objectContaining({
				id: 'pay_0000000b',
				event: 'payment.created',
				event_kind: 'created',
			}),
		]);
	});

	it('says what to fix when no event is selected', async () => {
		await expect(poller({ events: [] }).poll()).rejects.toThrow('No event is selected');
	});

	it('says what Max Requests per Poll takes, in the words the action node uses for its numbers', async () => {
		const p = poller({ options: { backfillFrom: '2026-11-01T00:00:00Z', maxRequests: 1 } });
		await expect(p.activate()).rejects.toMatchObject({
			message: 'Max Requests per Poll is 1, it must be a whole number at least 2',
			description: 'Set Max Requests per Poll to a whole number at least 2.',
		});
	});

	it('refuses a platform that ignores sort=updated_at, instead of losing changes', async () => {
		nock(BASE)
			.get('/v1/students')
			.query(true)
			.reply(200, page([student(1, '2026-11-20T10:00:00.000000Z')]));
		const p = poller({ options: { backfillFrom: '2026-11-01T00:00:00Z' } });
		nock(BASE)
			.get('/v1/students')
			.query(true)
			.reply(
				200,
				page([
					student(2, '2026-11-21T10:00:00.000000Z'),
					student(1, '2026-11-20T10:00:00.000000Z'),
				]),
			);
		await expect(p.activate()).rejects.toMatchObject({
			message: 'The platform did not return the records in updated_at order',
			description: expect.stringContaining('sort=updated_at,id'),
		});
	});
});
