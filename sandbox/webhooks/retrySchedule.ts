// The retry schedule of docs/api-contract.md §8.5 (Standard Webhooks' suggestion): the delay before
// each retry, measured from the previous attempt. 7 retries, so 8 attempts in all.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [
	5 * SECOND,
	5 * MINUTE,
	30 * MINUTE,
	2 * HOUR,
	5 * HOUR,
	10 * HOUR,
	10 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * Milliseconds to wait after attempt number `attempt` (1-based) failed, or `null` when that was the
 * last one. `scale` shrinks the whole schedule so tests and demos see retries in milliseconds.
 */
export function retryDelayAfter(attempt: number, scale = 1): number | null {
	const delay = RETRY_DELAYS_MS[attempt - 1];
	return delay === undefined ? null : Math.round(delay * scale);
}
