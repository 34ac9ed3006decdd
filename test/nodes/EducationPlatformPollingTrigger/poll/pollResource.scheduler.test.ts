import nock from 'nock';

import { EducationPlatformPollingTrigger } from '../../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { inVirtualTime } from '../../../harness';
import {
	N8N_POLL_TIMEOUT_MS,
	createPollWorkflow,
	n8nPollBudgetMs,
	type PollWorkflow,
	type ScheduledPoll,
} from '../../../harness/pollHarness';
import { captureNodeLogs } from '../../../harness/triggerLogs';
import { useNock } from '../../../harness/nock';
import { student } from './studentRecord';

// poll() under n8n 2.41.1's durable scheduler as the harness models it (scheduledPoll: a poll
// still running after N8N_SCHEDULER_POLL_TIMEOUT, 45 s, is abandoned and its result discarded
// while it runs on; each occurrence reads the stored position when it starts): the poll's time
// limit, and two occurrences run at once. In virtual time, against a nock platform that answers
// as slowly as each case needs.
const BASE = 'https://school.test';
const credentials = { educationPlatformApi: { baseUrl: BASE, accessToken: 'pat-test' } };
const MINUTE = 60_000;

type Student = ReturnType<typeof student>;

/** `count` students changed one second apart from 10:00, each once. */
const backlog = (count: number): Student[] =>
	Array.from({ length: count }, (_, i) =>
		student(i + 1, new Date(Date.UTC(2026, 10, 21, 10, 0, i)).toISOString().replace('Z', '000Z')),
	);

/** The list as the platform answers it: the probe (newest first) or `updated_at >= since` in `updated_at,id` order, one page. */
function listPage(students: Student[], query: Record<string, string>) {
	const perPage = Number(query.per_page);
	const page = Number(query.page);
	if (query.sort === '-updated_at')
		return {
			data: [...students]
				.sort((a, b) => b.updated_at.localeCompare(a.updated_at))
				.slice(0, perPage),
		};
	const since = query['filter[updated_since]'];
	const matching = students
		.filter((s) => s.updated_at >= since)
		.sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id - b.id);
	return { data: matching.slice((page - 1) * perPage, page * perPage) };
}

/**
 * The platform: every answer comes `answerAfterMs(startedAt)` ms after the request arrives
 * (Infinity: not within the test), counting the requests.
 */
function slowPlatform(students: Student[], answerAfterMs: (arrivedAt: number) => number) {
	const seen = { requests: 0 };
	nock(BASE)
		.persist()
		.get('/v1/students')
		.query(true)
		.reply((uri, _body, callback) => {
			seen.requests++;
			const query = Object.fromEntries(new URL(uri, BASE).searchParams) as Record<string, string>;
			const delay = answerAfterMs(Date.now());
			if (delay === Infinity) return; // accepts the request and never answers: the client's timeout ends it
			setTimeout(() => callback(null, [200, listPage(students, query)]), delay);
		});
	return seen;
}

function poller(): PollWorkflow {
	return createPollWorkflow({
		nodeType: new EducationPlatformPollingTrigger(),
		parameters: {
			resource: 'student',
			events: ['created', 'updated'],
			options: { backfillFrom: '2026-11-21T00:00:00Z', lookbackSeconds: 0 },
		},
		credentials,
	});
}

/** `ticks` occurrences one minute apart, as the scheduler fires them; each resolves within n8n's poll timeout. */
async function everyMinute(
	p: PollWorkflow,
	ticks: number,
): Promise<Array<ScheduledPoll & { at: number }>> {
	const start = Date.now();
	const outcomes: Array<ScheduledPoll & { at: number }> = [];
	for (let tick = 0; tick < ticks; tick++) {
		const at = start + tick * MINUTE;
		if (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
		outcomes.push({ ...(await p.scheduledPoll()), at: at - start });
	}
	await p.abandonedPollsEnded();
	return outcomes;
}

const idsOf = (outcomes: ScheduledPoll[]) =>
	outcomes.flatMap((outcome) => outcome.items.map((item) => item.id as number));

/** Every poll ended within its time limit of 30 s: no request and no wait ran past it (the virtual clock moves in 1 s steps). */
function expectWithinTimeLimit(outcomes: ScheduledPoll[]) {
	for (const outcome of outcomes) expect(outcome.tookMs).toBeLessThanOrEqual(30_000 + 1_000);
}

useNock();

let logs: ReturnType<typeof captureNodeLogs>;
beforeEach(() => {
	logs = captureNodeLogs();
});
afterEach(() => logs.restore());

describe("the polling trigger's time limit under n8n's durable scheduler (45 s poll timeout)", () => {
	it('reads a backlog from a slow platform across polls, each returning before n8n abandons it, every change once', async () => {
		// 8 s per answer: probe and five pages take 48 s, past n8n's 45 s.
		const students = backlog(450);
		slowPlatform(students, () => 8_000);
		const { result: outcomes } = await inVirtualTime(() => everyMinute(poller(), 5));

		expect(outcomes.map((outcome) => outcome.outcome)).not.toContain('abandoned');
		expectWithinTimeLimit(outcomes);
		const ids = idsOf(outcomes);
		expect(ids).toHaveLength(students.length);
		expect(new Set(ids).size).toBe(students.length);
		expect(logs.text()).toMatch(
			/info Education Platform Polling Trigger: poll stopped after \d+ requests? and \d+ s, its time limit \(30 s\)/,
		);
	});

	it('polls again at the first occurrence after a platform that stopped answering recovers', async () => {
		// Requests arriving in the first 90 s are never answered (each attempt times out); later ones at once.
		const students = backlog(3);
		const startedAt = Date.now();
		slowPlatform(students, (arrivedAt) => (arrivedAt - startedAt < 90_000 ? Infinity : 0));
		const { result: outcomes } = await inVirtualTime(() => everyMinute(poller(), 3));

		expect(outcomes.map((outcome) => outcome.outcome)).not.toContain('abandoned');
		expectWithinTimeLimit(outcomes);
		// The occurrence at 120 s, the first after the platform recovered, emits the changes.
		expect(outcomes[2]).toMatchObject({ at: 2 * MINUTE, outcome: 'emitted' });
		expect(idsOf(outcomes)).toEqual([1, 2, 3]);
		// The occurrences the platform did not answer failed with what the user can act on.
		for (const outcome of outcomes.slice(0, 2)) {
			expect(outcome.outcome).toBe('failed');
			expect(String((outcome.error as Error).message)).toMatch(/gave up/);
		}
	});

	it('stops at a Retry-After that ends past its time limit, emits the pages read, and the next poll continues', async () => {
		const students = backlog(250);
		let requests = 0;
		nock(BASE)
			.persist()
			.get('/v1/students')
			.query(true)
			.reply((uri) => {
				requests++;
				// The third request (the second page) finds the window spent by another workflow on the token.
				if (requests === 3)
					return [
						429,
						{ message: 'Too many requests.', code: 'rate_limited', retry_after: 40 },
						{ 'Retry-After': '40' },
					];
				return [
					200,
					listPage(
						students,
						Object.fromEntries(new URL(uri, BASE).searchParams) as Record<string, string>,
					),
				];
			});
		const { result: outcomes } = await inVirtualTime(() => everyMinute(poller(), 2));

		expect(outcomes.map((outcome) => [outcome.outcome, outcome.items.length])).toEqual([
			['emitted', 100],
			['emitted', 150],
		]);
		expect(new Set(idsOf(outcomes)).size).toBe(250);
		expectWithinTimeLimit(outcomes);
		expect(logs.text()).toMatch(
			/poll stopped after 3 requests and \d+ s, its time limit \(30 s\): the platform's rate limit for this credential is used up until .+ UTC \(shared by every workflow using it\); the next poll continues where this one stopped/,
		);
	});

	it('stops sooner when n8n gives the poll less time (N8N_SCHEDULER_POLL_TIMEOUT=20: a 15 s budget)', async () => {
		const students = backlog(450);
		slowPlatform(students, () => 4_000);
		const p = poller();
		const { result } = await inVirtualTime(() => p.scheduledPoll({ pollTimeoutMs: 20_000 }));
		// The probe and two pages (12 s; the second starts at the last record of the first); the third would end at 16 s.
		expect(result).toMatchObject({ outcome: 'emitted' });
		expect(result.items).toHaveLength(199);
		expect(result.tookMs).toBeLessThanOrEqual(n8nPollBudgetMs(20_000) + 1_000);
		expect(logs.text()).toMatch(
			/poll stopped after 4 requests and 1[56] s, its time limit \(15 s\)/,
		);
	});

	it('skips a poll that cannot start because the rate window is used up, says until when, and loses nothing', async () => {
		const students = backlog(3);
		const resetAt = Math.ceil((Date.now() + 50_000) / 1000);
		const p = poller();
		let requests = 0;
		nock(BASE)
			.get('/v1/students')
			.query(true)
			.reply(() => {
				requests++;
				return [
					429,
					{ message: 'Too many requests.', code: 'rate_limited', retry_after: 50 },
					{
						'Retry-After': '50',
						'X-RateLimit-Limit': '600',
						'X-RateLimit-Remaining': '0',
						'X-RateLimit-Reset': String(resetAt),
					},
				];
			});
		const { result: skipped } = await inVirtualTime(() => p.scheduledPoll());
		expect(skipped).toMatchObject({ outcome: 'nothing', items: [] });
		expect(requests).toBe(1);
		expect(skipped.tookMs).toBeLessThan(N8N_POLL_TIMEOUT_MS);
		expect(logs.text()).toMatch(
			/warn Education Platform Polling Trigger: this poll is skipped: the platform's rate limit for this credential is used up until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(shared by every workflow using it\)\. Nothing is lost: the next poll starts from the same position/,
		);

		slowPlatform(students, () => 0);
		const next = await p.scheduledPoll();
		expect(next.items.map((item) => item.id)).toEqual([1, 2, 3]);
	});
});

describe("two occurrences n8n's durable scheduler runs at once", () => {
	it('the one that polls after the other emitted, from the position read before that was saved, is skipped: nothing comes out twice', async () => {
		const students = backlog(3);
		slowPlatform(students, () => 1_000);
		const p = poller();
		const { result: first } = await inVirtualTime(() => p.scheduledPoll());
		expect(idsOf([first])).toEqual([1, 2, 3]);

		students.push(
			student(4, '2026-11-21T11:00:00.000000Z'),
			student(5, '2026-11-21T11:00:01.000000Z'),
		);
		// After a restart: the occurrence taken over from the killed process and the next one, due
		// together; both read the stored position, the second polls 3 s later (its own database work),
		// after the first has emitted (a poll takes 2 s here).
		const { result: both } = await inVirtualTime(() =>
			Promise.all([p.scheduledPoll(), p.scheduledPoll({ pollsAfterMs: 3_000 })]),
		);
		expect(both.map((outcome) => outcome.outcome)).toEqual(['emitted', 'nothing']);
		expect(idsOf(both)).toEqual([4, 5]);
		expect(logs.text()).toMatch(
			/warn Education Platform Polling Trigger: this poll starts from the position a poll \d+ s ago already emitted from .*, so it is skipped/,
		);

		students.push(student(6, '2026-11-21T12:00:00.000000Z'));
		const { result: next } = await inVirtualTime(() => p.scheduledPoll());
		expect(idsOf([next])).toEqual([6]);
	});
});
