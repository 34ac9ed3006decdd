import { RateBudget } from '../../../../nodes/shared/transport/rateBudget';

/**
 * A clock whose sleeps are recorded and pass at once. A sleep that a settle may end (`wake`) is
 * recorded in `parks` and lasts until that settle, or, with `noAnswer`, passes its whole time.
 */
function fakeTimer(start = 1_795_000_000_000) {
	const timer = {
		at: start,
		sleeps: [] as number[],
		parks: [] as number[],
		noAnswer: false,
		now: () => timer.at,
		sleep: async (ms: number, wake?: Promise<void>) => {
			if (!wake) {
				timer.sleeps.push(ms);
				timer.at += ms;
				return;
			}
			timer.parks.push(ms);
			if (timer.noAnswer) timer.at += ms;
			else await wake;
		},
	};
	return timer;
}

/** Longer than any wait these tests make. */
const BUDGET = 3_600_000;

const headers = (
	limit: number,
	remaining: number,
	resetAtMs: number,
	extra: Record<string, string> = {},
) => ({
	'x-ratelimit-limit': String(limit),
	'x-ratelimit-remaining': String(remaining),
	'x-ratelimit-reset': String(Math.ceil(resetAtMs / 1000)),
	...extra,
});

describe('RateBudget', () => {
	it('lets requests through at once while it knows no budget', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await Promise.all([budget.acquire(BUDGET), budget.acquire(BUDGET), budget.acquire(BUDGET)]);
		expect(timer.sleeps).toEqual([]);
		expect(budget.stats.peakInFlight).toBe(3);
	});

	it('never starts more requests than Remaining minus those in flight, then waits for the reset', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		const resetAt = timer.at + 30_000;
		await budget.acquire(BUDGET);
		budget.settle({ statusCode: 200, headers: headers(600, 2, resetAt) });
		await budget.acquire(BUDGET);
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([]);
		// Both are in flight and may not be counted yet: a third would overdraw.
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([30_000]);
	});

	it('keeps the smallest Remaining of a window: a late answer does not give budget back', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		const resetAt = timer.at + 10_000;
		await Promise.all([budget.acquire(BUDGET), budget.acquire(BUDGET)]);
		budget.settle({ statusCode: 200, headers: headers(600, 0, resetAt) });
		budget.settle({ statusCode: 200, headers: headers(600, 1, resetAt) });
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([10_000]);
	});

	it('starts the next window 60 s after its first answer when X-RateLimit-Reset (whole seconds) names a later time', async () => {
		const timer = fakeTimer(1_795_000_000_400);
		const budget = new RateBudget(timer);
		// The window opened with this request: it closes at …060.400, the header says …061.
		await budget.acquire(BUDGET);
		budget.settle({ statusCode: 200, headers: headers(600, 0, timer.at + 60_000) });
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([60_000]);
	});

	it("a 429 whose headers were dropped (n8n 1.x) pauses every caller for the body's retry_after", async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await budget.acquire(BUDGET);
		budget.settle({
			statusCode: 429,
			headers: {},
			body: { message: 'Too many requests.', retry_after: 40 },
		});
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([40_000]);
	});

	it('a 429 pauses every caller until Retry-After, else until the reset', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await budget.acquire(BUDGET);
		budget.settle({ statusCode: 429, headers: { 'retry-after': '7' } });
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([7_000]);

		budget.settle({ statusCode: 429, headers: headers(600, 0, timer.at + 4_000) });
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([7_000, 4_000]);
		expect(budget.stats.rateLimited).toBe(2);
	});

	it("counts its waits toward the caller's budget: one that cannot fit is refused at once, naming the 429 behind it", async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await Promise.all([budget.acquire(BUDGET), budget.acquire(BUDGET)]);
		// One page's 429 asks for a day; the other page must not sleep through it.
		const dayLong = { statusCode: 429, headers: { 'retry-after': '86400' } };
		budget.settle(dayLong);
		timer.at += 1_000;

		const admission = await budget.acquire(180_000);

		expect(admission).toEqual({ waitedMs: 0, refused: { waitMs: 86_399_000, outcome: dayLong } });
		expect(timer.sleeps).toEqual([]);
		expect(budget.stats.started).toBe(2);
	});

	it('waits what fits and reports it; refuses a further wait that would exceed the rest', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await budget.acquire(BUDGET);
		budget.settle({ statusCode: 429, headers: { 'retry-after': '7' } });
		expect(await budget.acquire(10_000)).toEqual({ waitedMs: 7_000 });

		// The window's budget is spent: the next request would wait for the reset, 40 s away.
		const resetAt = timer.at + 40_000;
		budget.settle({ statusCode: 200, headers: headers(600, 0, resetAt) });
		const admission = await budget.acquire(30_000);
		expect(admission.waitedMs).toBe(0);
		expect(admission.refused?.waitMs).toBe(40_000);
		expect(admission.refused?.outcome).toEqual({
			statusCode: 429,
			headers: {
				'x-ratelimit-limit': '600',
				'x-ratelimit-remaining': '0',
				'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
			},
		});
		expect(timer.sleeps).toEqual([7_000]);
	});

	it('a limit of 0 waits for the window to close, then lets one request ask: no sleeping in a loop', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await budget.acquire(BUDGET);
		budget.settle({ statusCode: 200, headers: headers(0, 0, timer.at + 20_000) });

		expect(await budget.acquire(180_000)).toEqual({ waitedMs: 20_000 });
		expect(timer.sleeps).toEqual([20_000]);
	});

	/** A window of limit 2 that closed while both of its requests are in flight. */
	async function closedWithTwoInFlight(timer: ReturnType<typeof fakeTimer>) {
		const budget = new RateBudget(timer);
		await budget.acquire(BUDGET);
		budget.settle({ statusCode: 200, headers: headers(2, 2, timer.at + 20_000) });
		await Promise.all([budget.acquire(BUDGET), budget.acquire(BUDGET)]);
		return budget;
	}

	it.each([
		['an answer', { statusCode: 200, headers: headers(3, 2, 1_795_000_080_000) }],
		['a failure without an answer', { headers: {} }],
	])(
		'once the window closed, a limit no higher than the requests in flight waits until one of them settles (%s), sleeping once',
		async (_, outcome) => {
			const timer = fakeTimer();
			const budget = await closedWithTwoInFlight(timer);

			const third = budget.acquire(180_000);
			// Drain the microtasks: the third sleeps until a settle (or, spinning, has slept its budget away).
			await new Promise(setImmediate);
			expect([timer.sleeps, timer.parks]).toEqual([[20_000], [160_000]]);
			budget.settle(outcome);

			expect(await third).toEqual({ waitedMs: 20_000 });
			expect([timer.sleeps, timer.parks]).toEqual([[20_000], [160_000]]);
			expect(budget.stats.started).toBe(4);
		},
	);

	it('a waiter for an answer keeps to its budget: when no request in flight settles in time it is refused, nothing sent', async () => {
		const timer = fakeTimer();
		const budget = await closedWithTwoInFlight(timer);
		timer.noAnswer = true;

		const admission = await budget.acquire(30_000);

		expect(admission).toEqual({
			waitedMs: 30_000,
			refused: { outcome: expect.objectContaining({ statusCode: 429 }) },
		});
		expect(admission.refused?.waitMs).toBeUndefined();
		expect([timer.sleeps, timer.parks]).toEqual([[20_000], [10_000]]);
		expect(budget.stats.started).toBe(3);
	});

	it('a failure without an answer frees its slot and changes nothing else', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await budget.acquire(BUDGET);
		budget.settle({ statusCode: 200, headers: headers(600, 1, timer.at + 5_000) });
		await budget.acquire(BUDGET);
		budget.settle({ headers: {} });
		await budget.acquire(BUDGET);
		expect(timer.sleeps).toEqual([]);
	});
});
