// Pure: the shortest time a listing can take when the rate limit is the only constraint.
//
// The platform's limit (docs/api-contract.md §5) is L requests per fixed 60-second window that
// opens with the first request. Listing N items at P per page takes R = ceil(N / P) requests
// (at least 1: an empty list still costs one request). Requests 1..L fit in the first window,
// L+1..2L in the second, and so on; the k-th window cannot open before (k-1)·60 s after the
// first request. So the last request cannot be sent before
//
//   floor((R - 1) / L) · 60 s
//
// after the first one — and rejected 429s do not count, so waiting is the only way through.

export interface ListingShape {
	/** Items the listing returns: the total, or the Limit when it is smaller. */
	items: number;
	/** Items per request. */
	perPage: number;
	/** Requests admitted per window (X-RateLimit-Limit). */
	limitPerWindow: number;
	/** Window length in seconds (60 on the platform). */
	windowSeconds?: number;
}

export interface RateLimitBound {
	requests: number;
	/** Windows that must close before the last request can be sent. */
	windowsToWait: number;
	/** windowsToWait × windowSeconds. */
	seconds: number;
}

export const RATE_LIMIT_BOUND_FORMULA =
	'requests = max(1, ceil(items / per_page)); lower bound = floor((requests - 1) / limit) × window (60 s)';

function positiveInteger(value: number, name: string): void {
	if (!Number.isInteger(value) || value < 1)
		throw new RangeError(`${name} must be a whole number of at least 1; got ${value}`);
}

export function rateLimitLowerBound({
	items,
	perPage,
	limitPerWindow,
	windowSeconds = 60,
}: ListingShape): RateLimitBound {
	if (!Number.isInteger(items) || items < 0)
		throw new RangeError(`items must be a whole number of at least 0; got ${items}`);
	positiveInteger(perPage, 'perPage');
	positiveInteger(limitPerWindow, 'limitPerWindow');
	if (!(windowSeconds > 0))
		throw new RangeError(`windowSeconds must be above 0; got ${windowSeconds}`);
	const requests = Math.max(1, Math.ceil(items / perPage));
	const windowsToWait = Math.floor((requests - 1) / limitPerWindow);
	return { requests, windowsToWait, seconds: windowsToWait * windowSeconds };
}

/** Wall time over the bound; undefined when the bound is 0 (everything fits in the first window). */
export function ratioToBound(wallSeconds: number, bound: RateLimitBound): number | undefined {
	return bound.seconds > 0 ? wallSeconds / bound.seconds : undefined;
}
