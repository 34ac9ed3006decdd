import { planPage } from '../../../../nodes/EducationPlatformPollingTrigger/cursor/pagePlan';

describe('planPage', () => {
	it('starts a listing with its first full page', () => {
		expect(planPage(-1, 100)).toEqual({ page: 1, perPage: 100, start: 0 });
	});

	it('continues with a page that still holds the last record read and reaches furthest past it', () => {
		expect(planPage(150, 100)).toEqual({ page: 3, perPage: 75, start: 150 });
		// Page 1 of 100 would end at the anchor itself: 99 per page puts it first on page 2.
		expect(planPage(99, 100)).toEqual({ page: 2, perPage: 99, start: 99 });
	});

	it('always includes the anchor and moves forward', () => {
		for (let anchor = 0; anchor < 2519; anchor++) {
			const { page, perPage, start } = planPage(anchor, 10);
			expect(start).toBe((page - 1) * perPage);
			expect(start).toBeLessThanOrEqual(anchor);
			expect(start + perPage - 1).toBeGreaterThan(anchor);
			expect(perPage).toBeLessThanOrEqual(10);
		}
	});

	it('says so when no page size can continue (only possible with tiny pages)', () => {
		expect(() => planPage(5, 3)).toThrow('No page of at most 3 records continues after position 5');
		// 2520 is the least common multiple of 1…10.
		expect(() => planPage(2519, 10)).toThrow(
			'No page of at most 10 records continues after position 2519',
		);
	});
});
