import { ActionableError } from '../../../../nodes/shared/errors';
import { backfillStart } from '../../../../nodes/EducationPlatformPollingTrigger/poll/backfillFrom';

describe('backfillStart', () => {
	it('reads the date picker’s time without a zone in the workflow’s time zone', () => {
		expect(backfillStart('2026-01-01T00:00:00', 'America/New_York')).toBe('2026-01-01T05:00:00Z');
		expect(backfillStart('2026-07-01T08:30:00', 'Europe/Berlin')).toBe('2026-07-01T06:30:00Z');
		expect(backfillStart('2026-01-01T00:00:00', 'UTC')).toBe('2026-01-01T00:00:00Z');
	});

	it('keeps an instant that names its zone, and reads a plain date as its midnight', () => {
		expect(backfillStart('2026-11-20T00:00:00Z', 'Asia/Tokyo')).toBe('2026-11-20T00:00:00Z');
		expect(backfillStart('2026-11-20T09:00:00+09:00', 'UTC')).toBe('2026-11-20T00:00:00Z');
		expect(backfillStart('2026-11-20', 'Asia/Tokyo')).toBe('2026-11-19T15:00:00Z');
	});

	it('means no backfill when empty', () => {
		expect(backfillStart(undefined, 'UTC')).toBeUndefined();
		expect(backfillStart('', 'UTC')).toBeUndefined();
	});

	it('says what to fix for a value that is not a date', () => {
		expect(() => backfillStart('last tuesday', 'UTC')).toThrow(ActionableError);
		expect(() => backfillStart('last tuesday', 'UTC')).toThrow(
			'Backfill From "last tuesday" is not a date. Use e.g. 2026-01-31 or 2026-01-31T08:00:00Z',
		);
		expect(() => backfillStart('2026-02-30T00:00:00', 'UTC')).toThrow(
			'Backfill From "2026-02-30T00:00:00" is not a valid date-time',
		);
	});
});
