/**
 * Runs `work` with jest's fake timers so that waits (n8n-workflow's `sleep`, i.e. setTimeout)
 * pass in virtual time: a 45-second Retry-After costs no real time, yet the code under test
 * waits exactly as in production and `Date.now()` moves with the virtual clock. Real I/O
 * (nock replies) still runs: setImmediate/nextTick/queueMicrotask are not faked, and the clock
 * only moves (by one second) once the event loop has had 1000 turns without finishing — so
 * use it with nock (in-process replies), not with slow real sockets, whose request timeouts
 * would eventually be reached.
 *
 *   const { result, elapsedMs } = await inVirtualTime(() => runNode({ … }));
 *   expect(elapsedMs).toBeGreaterThanOrEqual(45_000);
 */
export async function inVirtualTime<T>(
	work: () => Promise<T>,
): Promise<{ result: T; elapsedMs: number }> {
	jest.useFakeTimers({
		doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
		now: Date.now(),
	});
	const startedAt = Date.now();
	let settled = false;
	const running = work().finally(() => {
		settled = true;
	});
	try {
		while (!settled) {
			// Let in-process I/O (nock, axios streams) finish before moving the clock: an HTTP
			// exchange takes well under a hundred event-loop turns; 1000 leaves a wide margin.
			for (let turn = 0; turn < 1000 && !settled; turn++)
				await new Promise((resolve) => setImmediate(resolve));
			// Move the clock by at most one second (the transport sleeps in one-second slices) rather
			// than to the next timer: while a request is in flight the next timer is its 60 s
			// timeout, and jumping to it would abort an exchange that was merely slow (seen on Node 24).
			if (!settled) await jest.advanceTimersByTimeAsync(1000);
		}
		const result = await running;
		return { result, elapsedMs: Date.now() - startedAt };
	} finally {
		jest.useRealTimers();
	}
}
