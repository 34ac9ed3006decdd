import { toApiDateTime } from '../../../../nodes/shared/list/dateTime';

describe('toApiDateTime', () => {
	it('sends a plain date unchanged (the API reads it as midnight UTC)', () => {
		expect(toApiDateTime('2026-01-01', 'Europe/Berlin')).toBe('2026-01-01');
	});

	it('converts a date-time with a zone to UTC', () => {
		expect(toApiDateTime('2026-01-20T15:22:03Z', 'UTC')).toBe('2026-01-20T15:22:03Z');
		expect(toApiDateTime('2026-01-20T16:22:03+01:00', 'America/New_York')).toBe(
			'2026-01-20T15:22:03Z',
		);
		expect(toApiDateTime('2026-01-20T15:22:03.250Z', 'UTC')).toBe('2026-01-20T15:22:03.250Z');
	});

	it("reads a picked date-time without a zone in the workflow's time zone, across DST", () => {
		expect(toApiDateTime('2026-01-20T08:00:00', 'Europe/Berlin')).toBe('2026-01-20T07:00:00Z');
		expect(toApiDateTime('2026-07-20T08:00:00', 'Europe/Berlin')).toBe('2026-07-20T06:00:00Z');
		expect(toApiDateTime('2026-03-08T12:00', 'America/New_York')).toBe('2026-03-08T16:00:00Z');
		expect(toApiDateTime('2026-01-20 08:00:00', 'UTC')).toBe('2026-01-20T08:00:00Z');
	});

	it('falls back to UTC for an unknown time zone name', () => {
		expect(toApiDateTime('2026-01-20T08:00:00', 'Not/AZone')).toBe('2026-01-20T08:00:00Z');
	});

	it('accepts Date objects and Luxon-like DateTime objects from expressions', () => {
		expect(toApiDateTime(new Date('2026-01-20T15:22:03Z'), 'UTC')).toBe('2026-01-20T15:22:03Z');
		expect(toApiDateTime({ toISO: () => '2026-01-20T17:22:03.000+02:00' }, 'UTC')).toBe(
			'2026-01-20T15:22:03Z',
		);
	});

	it('treats empty values as no filter', () => {
		expect(toApiDateTime('', 'UTC')).toBeUndefined();
		expect(toApiDateTime('  ', 'UTC')).toBeUndefined();
		expect(toApiDateTime(undefined, 'UTC')).toBeUndefined();
		expect(toApiDateTime(null, 'UTC')).toBeUndefined();
	});

	it.each(['yesterday', '2026-13-01T00:00:00', '2026-02-30T10:00:00', '01/02/2026', 42])(
		'refuses %p',
		(value) => {
			expect(() => toApiDateTime(value, 'UTC')).toThrow();
		},
	);

	// JavaScript's Date rolls 30 February over to 2 March; a typo must not become another day.
	it.each([
		'2026-02-30',
		'2026-04-31',
		'2026-02-30T10:00:00Z',
		'2026-04-31T10:00:00+02:00',
		'2026-01-01T24:00:00Z',
	])('refuses the impossible date %p instead of rolling it over', (value) => {
		expect(() => toApiDateTime(value, 'UTC')).toThrow(`"${value}" is not a valid date`);
	});
});
