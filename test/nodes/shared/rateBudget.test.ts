import { RateBudget } from '../../../nodes/shared/rateBudget';

/** A clock whose sleeps are recorded and pass at once. */
function fakeTimer(start = 1_795_000_000_000) {
	const timer = {
		at: start,
		sleeps: [] as number[],
		now: () => timer.at,
		sleep: async (ms: number) => {
			timer.sleeps.push(ms);
			timer.at += ms;
		},
	};
	return timer;
}

const headers = (limit: number, remaining: number, resetAtMs: number, extra: Record<string, string> = {}) => ({
	'x-ratelimit-limit': String(limit),
	'x-ratelimit-remaining': String(remaining),
	'x-ratelimit-reset': String(Math.ceil(resetAtMs / 1000)),
	...extra,
});

describe('RateBudget', () => {
	it('lets requests through at once while it knows no budget', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await Promise.all([budget.acquire(), budget.acquire(), budget.acquire()]);
		expect(timer.sleeps).toEqual([]);
		expect(budget.stats.peakInFlight).toBe(3);
	});

	it('never starts more requests than Remaining minus those in flight, then waits for the reset', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		const resetAt = timer.at + 30_000;
		await budget.acquire();
		budget.settle({ statusCode: 200, headers: headers(600, 2, resetAt) });
		await budget.acquire();
		await budget.acquire();
		expect(timer.sleeps).toEqual([]);
		// Both are in flight and may not be counted yet: a third would overdraw.
		await budget.acquire();
		expect(timer.sleeps).toEqual([30_000]);
	});

	it('keeps the smallest Remaining of a window: a late answer does not give budget back', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		const resetAt = timer.at + 10_000;
		await Promise.all([budget.acquire(), budget.acquire()]);
		budget.settle({ statusCode: 200, headers: headers(600, 0, resetAt) });
		budget.settle({ statusCode: 200, headers: headers(600, 1, resetAt) });
		await budget.acquire();
		expect(timer.sleeps).toEqual([10_000]);
	});

	it('starts the next window 60 s after its first answer when X-RateLimit-Reset (whole seconds) names a later time', async () => {
		const timer = fakeTimer(1_795_000_000_400);
		const budget = new RateBudget(timer);
		// The window opened with this request: it closes at …060.400, the header says …061.
		await budget.acquire();
		budget.settle({ statusCode: 200, headers: headers(600, 0, timer.at + 60_000) });
		await budget.acquire();
		expect(timer.sleeps).toEqual([60_000]);
	});

	it('a 429 pauses every caller until Retry-After, else until the reset', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await budget.acquire();
		budget.settle({ statusCode: 429, headers: { 'retry-after': '7' } });
		await budget.acquire();
		expect(timer.sleeps).toEqual([7_000]);

		budget.settle({ statusCode: 429, headers: headers(600, 0, timer.at + 4_000) });
		await budget.acquire();
		expect(timer.sleeps).toEqual([7_000, 4_000]);
		expect(budget.stats.rateLimited).toBe(2);
	});

	it('a failure without an answer frees its slot and changes nothing else', async () => {
		const timer = fakeTimer();
		const budget = new RateBudget(timer);
		await budget.acquire();
		budget.settle({ statusCode: 200, headers: headers(600, 1, timer.at + 5_000) });
		await budget.acquire();
		budget.settle({ headers: {} });
		await budget.acquire();
		expect(timer.sleeps).toEqual([]);
	});
});
