// Pure: no n8n import. Turns what a user picks or maps into a dateTime field into the form the
// API accepts (docs/api-contract.md §3.2): a plain date, or a date-time in UTC with a `Z`.
import { quoted } from '../errors';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

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
function wallClockToUtcMs(wallClockAsUtcMs: number, timeZone: string): number {
	try {
		const first = wallClockAsUtcMs - zoneOffsetMs(wallClockAsUtcMs, timeZone);
		return wallClockAsUtcMs - zoneOffsetMs(first, timeZone);
	} catch {
		// An unknown time zone name: read the value as UTC rather than fail the whole listing.
		return wallClockAsUtcMs;
	}
}

/**
 * The wall-clock time of the regex groups `year, month, day[, hour, minute, second, fraction]`
 * as if it were UTC, or undefined when no calendar has it (Date would roll 30 February over to
 * 2 March, and 24:00 over to the next day).
 */
function wallClockMs(groups: Array<string | undefined>): number | undefined {
	const [year, month, day, hour = 0, minute = 0, second = 0] = groups
		.slice(0, 6)
		.map((group) => Number(group ?? 0));
	const ms = Date.UTC(
		year,
		month - 1,
		day,
		hour,
		minute,
		second,
		Math.round(Number(`0.${groups[6] ?? 0}`) * 1000),
	);
	const check = new Date(ms);
	const sameDay =
		check.getUTCFullYear() === year &&
		check.getUTCMonth() === month - 1 &&
		check.getUTCDate() === day;
	return sameDay && hour <= 23 && minute <= 59 && second <= 59 ? ms : undefined;
}

/** `Z`, `+02:00` or `-0530` in milliseconds ahead of UTC; null when out of range. */
function zoneOffsetOf(zone: string): number | null {
	if (/^z$/i.test(zone)) return 0;
	const hours = Number(zone.slice(1, 3));
	const minutes = Number(zone.slice(-2));
	if (hours > 23 || minutes > 59) return null;
	return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

function isDateLike(value: unknown): value is { toISO: () => string } | Date {
	return (
		value instanceof Date ||
		(typeof value === 'object' &&
			value !== null &&
			typeof (value as { toISO?: unknown }).toISO === 'function')
	);
}

/**
 * The API form of a date or date-time (`undefined` for an empty value); throws a plain Error
 * whose message is the problem (a phrase such as `"x" is not a valid date`). A date-time without
 * a zone (what n8n's date picker produces) is read in `timeZone`, the workflow's time zone.
 */
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
	const date = DATE_ONLY.exec(text);
	if (date) {
		if (wallClockMs(date.slice(1)) === undefined)
			throw new Error(`${quoted(text)} is not a valid date`);
		return text;
	}
	const dateTime = DATE_TIME.exec(text);
	if (dateTime) {
		const wallClock = wallClockMs(dateTime.slice(1, 8));
		const zone = dateTime[8];
		const offset = zone === undefined ? undefined : zoneOffsetOf(zone);
		if (wallClock === undefined || offset === null)
			throw new Error(`${quoted(text)} is not a valid date-time`);
		return toUtcString(
			offset === undefined ? wallClockToUtcMs(wallClock, timeZone) : wallClock - offset,
		);
	}
	throw new Error(`${quoted(text)} is not a date. Use e.g. 2026-01-31 or 2026-01-31T08:00:00Z`);
}
