// Return All / Limit with pages fetched at once, against a simulated platform in virtual time
// (support/simulatedPlatform.ts): seeded fault schedules, 429 storms, slow pages and a small rate
// budget. What a user notices: every record once, in order; no more requests than needed; and the
// platform's limiter never has to refuse a request the budget could not pay for.
import { collectPages } from '../../../../nodes/EducationPlatform/helpers/pagination';
import { seededFaults, simulatedPlatform, VirtualClock, type PlatformOptions } from './support/simulatedPlatform';

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function list(platformOptions: PlatformOptions, options: { concurrency: number; perPage?: number; limit?: number }) {
	const clock = new VirtualClock();
	const platform = simulatedPlatform(clock, platformOptions);
	const startedAt = clock.now();
	const items = await clock.run(
		collectPages(platform.fetchPage, { query: {}, perPage: options.perPage ?? 100, limit: options.limit, concurrency: options.concurrency }),
	);
	return { ...platform, items: (items as Array<{ id: number }>).map((item) => item.id), elapsedMs: clock.now() - startedAt };
}

describe('concurrent paging under seeded fault schedules', () => {
	it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: every record once and in order, each failed page retried alone', async (seed) => {
		const faults = seededFaults(seed, 40);
		const { items, sent, gate } = await list({ total: 3_950, faults }, { concurrency: 6 });

		expect(items).toEqual(ids(1, 3_950));
		// One request per page plus exactly one per injected failure: no page fetched twice into the output.
		const injected = [...faults.failures.values()].reduce((sum, statuses) => sum + statuses.length, 0);
		expect(sent).toHaveLength(40 + injected);
		for (let page = 1; page <= 40; page++) {
			expect(sent.filter((request) => request.page === page)).toHaveLength(1 + (faults.failures.get(page)?.length ?? 0));
		}
		expect(Math.max(...sent.map((request) => request.inFlight))).toBeLessThanOrEqual(6);
		expect(gate.stats.peakInFlight).toBeGreaterThan(1);
	});

	it('a 429 pauses all work until its Retry-After: no request starts in the pause', async () => {
		const storm = new Map([5, 6, 7, 8, 12].map((page) => [page, [429, 429]] as [number, number[]]));
		const { items, sent } = await list({ total: 2_000, faults: { failures: storm, latency: () => 50 }, retryAfterSeconds: 3 }, { concurrency: 8 });

		expect(items).toEqual(ids(1, 2_000));
		const rateLimited = sent.filter((request) => request.status === 429);
		expect(rateLimited).toHaveLength(10);
		for (const answer of rateLimited) {
			// Requests sent at the same instant, before the client read the 429, cannot know of it.
			const startedInPause = sent.filter(
				(request) => request.startSeq > answer.settleSeq! && request.startedAt < answer.settledAt! + 3_000,
			);
			expect(startedInPause).toEqual([]);
		}
	});

	it('stays inside a small budget: the limiter never refuses, and waits only for the windows it must', async () => {
		// 5 requests per 2-second window, 23 pages: at least floor(22 / 5) = 4 windows to wait.
		const { items, sent, elapsedMs } = await list({ total: 2_250, rateLimit: 5, windowMs: 2_000, faults: { failures: new Map(), latency: () => 20 } }, { concurrency: 8 });

		expect(items).toEqual(ids(1, 2_250));
		expect(sent.map((request) => request.status).filter((status) => status !== 200)).toEqual([]);
		expect(sent).toHaveLength(23);
		expect(elapsedMs).toBeGreaterThanOrEqual(4 * 2_000);
		// X-RateLimit-Reset is in whole seconds: each window costs at most a second more than it lasts.
		expect(elapsedMs).toBeLessThanOrEqual(4 * 3_000 + 200);
	});

	it('at 0 ms and 100 ms latency, 100 pages take a few round trips instead of 100', async () => {
		const slow = { failures: new Map<number, number[]>(), latency: () => 100 };
		const sequential = await list({ total: 10_000, faults: slow }, { concurrency: 1 });
		const concurrent = await list({ total: 10_000, faults: slow }, { concurrency: 8 });

		expect(concurrent.items).toEqual(sequential.items);
		expect(sequential.elapsedMs).toBe(100 * 100);
		// Page 1 alone, then 99 pages 8 at a time: 1 + ceil(99 / 8) round trips.
		expect(concurrent.elapsedMs).toBe((1 + Math.ceil(99 / 8)) * 100);
	});

	it('with a Limit, fetches only the pages holding it', async () => {
		const { items, sent } = await list({ total: 10_000 }, { concurrency: 8, limit: 250 });

		expect(items).toEqual(ids(1, 250));
		expect(sent.map((request) => request.page).sort((a, b) => a - b)).toEqual([1, 2, 3]);
	});

	it('a permanent failure ends the listing with that error, after every request in flight finished', async () => {
		const failing = { failures: new Map([[9, [500, 500, 500, 500, 500, 500]]]), latency: (page: number) => page * 10 };
		const clock = new VirtualClock();
		const platform = simulatedPlatform(clock, { total: 5_000, faults: failing });

		await expect(clock.run(collectPages(platform.fetchPage, { query: {}, perPage: 100, concurrency: 4 }))).rejects.toThrow(
			'page 9 failed with 500 (attempts)',
		);
		expect(platform.gate.stats.started).toBe(platform.sent.length);
		expect(Math.max(...platform.sent.map((request) => request.page))).toBeLessThan(50);
	});
});
