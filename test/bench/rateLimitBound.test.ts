import { rateLimitLowerBound, ratioToBound } from '../../bench/rateLimitBound';

describe('rateLimitLowerBound', () => {
	it.each([
		// items, per page, limit → requests, windows to wait, seconds
		[10_000, 100, 600, 100, 0, 0],
		[100_000, 100, 600, 1_000, 1, 60],
		[60_000, 100, 600, 600, 0, 0],
		[60_001, 100, 600, 601, 1, 60],
		[1_000_000, 100, 600, 10_000, 16, 960],
		[100_000, 100, 3_000, 1_000, 0, 0],
		[1_000, 100, 4, 10, 2, 120],
		[0, 100, 600, 1, 0, 0],
		[1, 100, 1, 1, 0, 0],
		[2, 1, 1, 2, 1, 60],
	])(
		'%i items at %i per page, %i per window → %i requests, %i windows, %i s',
		(items, perPage, limitPerWindow, requests, windowsToWait, seconds) => {
			expect(rateLimitLowerBound({ items, perPage, limitPerWindow })).toEqual({
				requests,
				windowsToWait,
				seconds,
			});
		},
	);

	it('scales with the window length', () => {
		expect(
			rateLimitLowerBound({ items: 1_000, perPage: 100, limitPerWindow: 4, windowSeconds: 1.5 })
				.seconds,
		).toBe(3);
	});

	it('refuses shapes that make no sense', () => {
		expect(() => rateLimitLowerBound({ items: 10, perPage: 0, limitPerWindow: 600 })).toThrow(
			'perPage must be a whole number of at least 1; got 0',
		);
		expect(() => rateLimitLowerBound({ items: -1, perPage: 100, limitPerWindow: 600 })).toThrow(
			RangeError,
		);
		expect(() => rateLimitLowerBound({ items: 10, perPage: 100, limitPerWindow: 1.5 })).toThrow(
			RangeError,
		);
		expect(() =>
			rateLimitLowerBound({ items: 10, perPage: 100, limitPerWindow: 600, windowSeconds: 0 }),
		).toThrow(RangeError);
	});
});

describe('ratioToBound', () => {
	it('divides the wall time by the bound, and has no ratio for a zero bound', () => {
		expect(
			ratioToBound(66, rateLimitLowerBound({ items: 100_000, perPage: 100, limitPerWindow: 600 })),
		).toBeCloseTo(1.1);
		expect(
			ratioToBound(3, rateLimitLowerBound({ items: 10_000, perPage: 100, limitPerWindow: 600 })),
		).toBeUndefined();
	});
});
