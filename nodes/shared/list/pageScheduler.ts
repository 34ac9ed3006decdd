// Pure: no n8n import. Fetches numbered pages with at most `concurrency` requests in flight and
// hands them over strictly in page order, each exactly once. The rate budget and the retries of a
// failed page live in the fetch function (transport + RateBudget): a page that fails is retried
// on its own while the others go on or, after a 429, wait with it.

export interface SchedulerOptions<T> {
	/** Pages first..last, in this order. */
	first: number;
	last: number;
	/** Requests in flight at most. */
	concurrency: number;
	fetchPage: (page: number) => Promise<T>;
	/**
	 * Receives each page in order. Returning `false` ends the run: pages not yet started are never
	 * requested, answers already in flight are dropped.
	 */
	onPage: (page: number, result: T) => boolean | void;
}

/**
 * How far ahead of the page being handed over a request may start: a slow page holds back at
 * most this many finished ones in memory.
 */
export const REORDER_WINDOW_FACTOR = 2;

export async function fetchPagesInOrder<T>({ first, last, concurrency, fetchPage, onPage }: SchedulerOptions<T>): Promise<void> {
	if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1; got ${concurrency}`);
	const done = new Map<number, T>();
	const inFlight = new Set<Promise<void>>();
	let nextToStart = first;
	let nextToHand = first;
	let stopped = false;
	let failure: { error: unknown } | undefined;

	const handOver = () => {
		while (!stopped && done.has(nextToHand)) {
			const result = done.get(nextToHand) as T;
			done.delete(nextToHand);
			if (onPage(nextToHand, result) === false) stopped = true;
			nextToHand++;
		}
		if (nextToHand > last) stopped = true;
	};

	const start = (page: number) => {
		const task = fetchPage(page).then(
			(result) => {
				if (stopped) return;
				done.set(page, result);
				try {
					handOver();
				} catch (error) {
					failure ??= { error };
					stopped = true;
				}
			},
			(error: unknown) => {
				// The first failure ends the run; pages after it are not requested.
				failure ??= { error };
				stopped = true;
			},
		);
		const tracked = task.finally(() => inFlight.delete(tracked));
		inFlight.add(tracked);
	};

	const aheadLimit = concurrency * REORDER_WINDOW_FACTOR;
	while (!stopped) {
		while (!stopped && inFlight.size < concurrency && nextToStart <= last && nextToStart - nextToHand < aheadLimit) {
			start(nextToStart++);
		}
		if (inFlight.size === 0) break;
		await Promise.race(inFlight);
	}
	// Let every request that was started finish, so none outlives the listing.
	await Promise.all(inFlight);
	if (failure) throw failure.error;
}
