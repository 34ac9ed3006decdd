// Pure: no n8n import. Turns what a user picks or maps into a dateTime field into the form the
// API accepts (docs/api-contract.md §3.2): a plain date, or a date-time in UTC with a `Z`.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const WITHOUT_ZONE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

/** `2026-01-20T15:22:03.000Z` → `2026-01-20T15:22:03Z`; keeps milliseconds when there are some. */
function toUtcString(ms: number): string {
	return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** How far `timeZone` is ahead of UTC at the instant `utcMs`, in milliseconds. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const wallClockAsUtc = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return wallClockAsUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock time in `timeZone`. Checked twice so a time next to a
 * daylight-saving change lands on the right side of it.
 */
export function wallClockToUtcMs(wallClockAsUtcMs: number, timeZone: string): number {
	try {
		const first = wallClockAsUtcMs - zoneOffsetMs(wallClockAsUtcMs, timeZone);
		return wallClockAsUtcMs - zoneOffsetMs(first, timeZone);
	} catch {
		// An unknown time zone name: read the value as UTC rather than fail the whole listing.
		return wallClockAsUtcMs;
	}
}

function isDateLike(value: unknown): value is { toISO: () => string } | Date {
	return (
		value instanceof Date ||
		(typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function')
	);
}

/** The API form of a value, or why it is not a date (a phrase such as `"x" is not a date`). */
export type ApiDateTime = { value: string | undefined; problem?: undefined } | { value?: undefined; problem: string };

/**
 * Returns the API form of a date or date-time (`undefined` for an empty value), or the problem.
 * A date-time without a zone (what n8n's date picker produces) is read in `timeZone`, the
 * workflow's time zone.
 */
export function readApiDateTime(value: unknown, timeZone: string): ApiDateTime {
	try {
		return { value: toApiDateTime(value, timeZone) };
	} catch (error) {
		return { problem: (error as Error).message };
	}
}

/** Like readApiDateTime, but throws a plain Error with the problem. */
export function toApiDateTime(value: unknown, timeZone: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (isDateLike(value)) {
		const ms = value instanceof Date ? value.getTime() : Date.parse(value.toISO());
		if (Number.isNaN(ms)) throw new Error('is not a valid date');
		return toUtcString(ms);
	}
	if (typeof value !== 'string') throw new Error(`is not a date (got ${typeof value})`);
	const text = value.trim();
	if (text === '') return undefined;
	if (DATE_ONLY.test(text)) {
		if (Number.isNaN(Date.parse(`${text}T00:00:00Z`))) throw new Error(`"${text}" is not a valid date`);
		return text;
	}
	if (WITH_ZONE.test(text)) {
		const ms = Date.parse(text.replace(' ', 'T'));
		if (Number.isNaN(ms)) throw new Error(`"${text}" is not a valid date-time`);
		return toUtcString(ms);
	}
	const local = WITHOUT_ZONE.exec(text);
	if (local) {
		const [, y, mo, d, h, mi, s = '0', frac = '0'] = local;
		const wallClock = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Math.round(Number(`0.${frac}`) * 1000));
		const check = new Date(wallClock);
		if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) {
			throw new Error(`"${text}" is not a valid date-time`);
		}
		return toUtcString(wallClockToUtcMs(wallClock, timeZone));
	}
	throw new Error(`"${text}" is not a date. Use e.g. 2026-01-31 or 2026-01-31T08:00:00Z`);
}
