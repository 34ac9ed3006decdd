// Pure: no n8n import. How long one lifecycle call (checkExists, create or delete) may talk to
// the platform.
//
// n8n waits on these calls while it activates a workflow. n8n 2.x's publication service aborts a
// publication after 70 % of its lease and abandons it about 84 s in, without cancelling the
// node's requests; activation runs delete(), checkExists() and create() in turn, and n8n retries
// a failed activation itself. A call that outlived n8n's patience could register a subscription
// n8n no longer knows about (an orphan). So each call has a fixed budget, and every request in it
// is sized to fit what is left: 2 attempts of at most 40 % each plus waits of at most 20 %.

/** One lifecycle call's budget; three of them fit well inside n8n's ~58 s abort. */
export const LIFECYCLE_BUDGET_MS = 15_000;
/** Below this nothing useful fits: fail with a clear message instead of starting a request. */
export const MIN_REQUEST_MS = 1_000;
const MAX_ATTEMPT_TIMEOUT_MS = 6_000;
const MAX_WAIT_MS = 3_000;

export interface RequestBounds {
	timeoutMs: number;
	retry: { maxAttempts: number; maxTotalWaitMs: number };
}

/**
 * Bounds for the next request with `remainingMs` of the budget left, so that the request, its
 * retries and their waits end within it; undefined when the budget is used up.
 */
export function requestBounds(remainingMs: number): RequestBounds | undefined {
	if (!(remainingMs >= MIN_REQUEST_MS)) return undefined;
	return {
		timeoutMs: Math.min(MAX_ATTEMPT_TIMEOUT_MS, Math.floor(remainingMs * 0.4)),
		retry: { maxAttempts: 2, maxTotalWaitMs: Math.min(MAX_WAIT_MS, Math.floor(remainingMs * 0.2)) },
	};
}
