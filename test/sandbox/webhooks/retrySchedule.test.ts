import {
	MAX_ATTEMPTS,
	RETRY_DELAYS_MS,
	retryDelayAfter,
} from '../../../sandbox/webhooks/retrySchedule';

describe('retry schedule (contract §8.5)', () => {
	it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts over about 27.5 hours', () => {
		expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([
			5, 300, 1800, 7200, 18000, 36000, 36000,
		]);
		expect(MAX_ATTEMPTS).toBe(8);
		expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(27.5, 0);
	});

	it('gives the delay after each failed attempt and none after the last', () => {
		expect(retryDelayAfter(1)).toBe(5000);
		expect(retryDelayAfter(7)).toBe(36_000_000);
		expect(retryDelayAfter(8)).toBeNull();
	});

	it('scales the whole schedule', () => {
		expect(retryDelayAfter(1, 0.001)).toBe(5);
		expect(retryDelayAfter(2, 0.001)).toBe(300);
	});
});
