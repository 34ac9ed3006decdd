import {
	LIFECYCLE_BUDGET_MS,
	MIN_REQUEST_MS,
	requestBounds,
} from '../../../../nodes/EducationPlatformTrigger/helpers/lifecycleBudget';

describe('requestBounds', () => {
	it('sizes a request so that both attempts and the wait between them end within what is left', () => {
		for (const remaining of [MIN_REQUEST_MS, 2_500, 7_000, LIFECYCLE_BUDGET_MS]) {
			const bounds = requestBounds(remaining)!;
			const worstCase = bounds.retry.maxAttempts * bounds.timeoutMs + bounds.retry.maxTotalWaitMs;
			expect(worstCase).toBeLessThanOrEqual(remaining);
			expect(bounds.timeoutMs).toBeGreaterThan(0);
		}
	});

	it('caps one attempt at 6 s and the waits at 3 s with the whole budget left', () => {
		expect(requestBounds(LIFECYCLE_BUDGET_MS)).toEqual({ timeoutMs: 6_000, retry: { maxAttempts: 2, maxTotalWaitMs: 3_000 } });
	});

	it('starts nothing once less than a second is left', () => {
		expect(requestBounds(MIN_REQUEST_MS - 1)).toBeUndefined();
		expect(requestBounds(0)).toBeUndefined();
		expect(requestBounds(-5)).toBeUndefined();
	});

	it('keeps three lifecycle calls (delete, checkExists, create) well inside n8n 2.x\'s 58.8 s publication abort', () => {
		expect(3 * LIFECYCLE_BUDGET_MS).toBeLessThan(0.7 * 84_000);
	});
});
