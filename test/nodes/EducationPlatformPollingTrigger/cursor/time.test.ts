import {
	fromMicros,
	toMicros,
} from '../../../../nodes/EducationPlatformPollingTrigger/cursor/time';

describe('platform timestamps as microseconds', () => {
	it('keeps microseconds and reads any zone', () => {
		expect(toMicros('2026-09-01T08:30:00.123456Z')).toBe(
			Date.UTC(2026, 8, 1, 8, 30) * 1000 + 123456,
		);
		expect(toMicros('2026-09-01T10:30:00.5+02:00')).toBe(
			Date.UTC(2026, 8, 1, 8, 30) * 1000 + 500000,
		);
		expect(toMicros('2026-09-01T08:30:00Z')).toBe(Date.UTC(2026, 8, 1, 8, 30) * 1000);
	});

	it('formats back to the contract form, round trip', () => {
		expect(fromMicros(toMicros('2026-09-01T08:30:00.000001Z'))).toBe('2026-09-01T08:30:00.000001Z');
		expect(fromMicros(0)).toBe('1970-01-01T00:00:00.000000Z');
	});

	it('refuses a timestamp without a zone, naming the field', () => {
		expect(() => toMicros('2026-09-01 08:30:00', 'created_at')).toThrow(
			'A record\'s created_at is "2026-09-01 08:30:00", not an ISO 8601 date-time with a time zone',
		);
		expect(() => toMicros(undefined)).toThrow("A record's updated_at is undefined");
	});
});
