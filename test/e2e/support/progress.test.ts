import { stalledMessage, tallyOf, untilCounted, type Tally } from './progress';

// Virtual time: the waits below last minutes of Date.now(), none of the clock.
beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

/** A count that grows by one every `everyMs` of virtual time, up to `of`. */
function growing(of: number, everyMs: number): () => Promise<Tally<string>> {
	return async () => {
		const seen = Math.min(of, Math.floor(Date.now() / everyMs));
		return { seen, of, done: seen === of ? `all ${of}` : undefined };
	};
}

/** Runs the wait to its end in virtual time; resolves with its value or its error. */
async function settle<T>(wait: Promise<T>): Promise<{ value?: T; error?: Error }> {
	const outcome = wait.then(
		(value) => ({ value }),
		(error: Error) => ({ error }),
	);
	let done = false;
	void outcome.then(() => (done = true));
	while (!done) await jest.advanceTimersByTimeAsync(1_000);
	return outcome;
}

describe('untilCounted', () => {
	it('waits as long as the count moves, past the stall window in all', async () => {
		// One more every 40 s: ten take 400 s, each step inside a 60 s stall window.
		const { value, error } = await settle(
			untilCounted('runs', growing(10, 40_000), { stallMs: 60_000 }),
		);
		expect(error).toBeUndefined();
		expect(value).toBe('all 10');
		expect(Date.now()).toBeGreaterThanOrEqual(400_000);
	});

	it('fails once the count has not moved for the stall window, and says how many it saw', async () => {
		const stuck = async (): Promise<Tally<string>> => ({
			seen: Math.min(3, Math.floor(Date.now() / 10_000)),
			of: 10,
		});
		const { error } = await settle(untilCounted('runs of 10 event(s)', stuck, { stallMs: 60_000 }));
		expect(error?.message).toBe(
			'Gave up waiting for runs of 10 event(s): saw 3 of 10, nothing new for 60 s (90 s in all)',
		);
	});

	it('counts a change of activity as progress', async () => {
		// The count stays at 0 for 100 s while attempts go on every 30 s, then completes.
		const tally = async (): Promise<Tally<boolean>> => ({
			seen: Date.now() >= 100_000 ? 1 : 0,
			of: 1,
			activity: Math.floor(Date.now() / 30_000),
			done: Date.now() >= 100_000 || undefined,
		});
		const { value } = await settle(untilCounted('a retried run', tally, { stallMs: 60_000 }));
		expect(value).toBe(true);
	});

	it('fails at the cap even while the count still moves', async () => {
		const { error } = await settle(
			untilCounted('runs', growing(1_000, 10_000), { stallMs: 60_000, capMs: 120_000 }),
		);
		expect(error?.message).toBe(
			'Gave up waiting for runs: saw 12 of 1000, still moving at the 120 s cap',
		);
	});

	it('treats a failing read as no progress and reports its error', async () => {
		const failing = async (): Promise<Tally<boolean>> => {
			throw new Error('fetch failed');
		};
		const { error } = await settle(untilCounted('runs', failing, { stallMs: 5_000 }));
		expect(error?.message).toBe(
			'Gave up waiting for runs: read nothing, nothing new for 5 s (5 s in all); last error: Error: fetch failed',
		);
	});
});

describe('tallyOf', () => {
	it('counts the wanted ids found, done with the result once all are there', () => {
		expect(tallyOf(['a', 'b', 'c'], new Set(['a', 'c', 'x']), 'result', 7)).toEqual({
			seen: 2,
			of: 3,
			done: undefined,
			activity: 7,
		});
		expect(tallyOf(['a', 'c'], new Set(['a', 'c', 'x']), 'result')).toEqual({
			seen: 2,
			of: 2,
			done: 'result',
			activity: undefined,
		});
	});
});

describe('stalledMessage', () => {
	it('names what was awaited, how far it got and why it stopped', () => {
		expect(stalledMessage('deliveries', { seen: 4 }, 75_000, 61_000, false)).toBe(
			'Gave up waiting for deliveries: saw 4, nothing new for 61 s (75 s in all)',
		);
	});
});
