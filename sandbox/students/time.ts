/**
 * Time formats of the contract (§1) and the calendar the generated data lives in.
 *
 * - `formatTimestamp(ms)` → `2026-09-01T08:30:00.000000Z`; `formatDay(day)` → `2026-09-01`.
 * - `dayOf(ms)`, `dayFromDate('2026-09-01')` — days since the Unix epoch (UTC).
 * - `parseRangeValue(text)` — a filter bound: `2026-01-01` (midnight UTC) or a date-time with `Z` or
 *   `±hh:mm`; undefined when malformed or not a real calendar date.
 * - `REFERENCE_DAY` — "today" for generated data (2026-11-01), fixed so data never depends on when
 *   the sandbox runs.
 */

export const DAY_MS = 86_400_000;

export function formatTimestamp(ms: number): string {
	return new Date(ms).toISOString().replace(/Z$/, '000Z');
}

export function formatDay(day: number): string {
	return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayOf(ms: number): number {
	return Math.floor(ms / DAY_MS);
}

export function dayFromDate(date: string): number {
	return (
		Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
		DAY_MS
	);
}

export function utcDay(year: number, month: number, day: number): number {
	return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function isCalendarDate(date: string): boolean {
	return /^\d{4}-\d{2}-\d{2}$/.test(date) && formatDay(dayFromDate(date)) === date;
}

const DATE_TIME =
	/^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

export function parseRangeValue(text: string): number | undefined {
	const value = text.trim();
	if (isCalendarDate(value)) return dayFromDate(value) * DAY_MS;
	const match = DATE_TIME.exec(value);
	if (!match || !isCalendarDate(match[1])) return undefined;
	const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
	if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
	// Date.parse keeps milliseconds and drops finer digits, which is what stored timestamps hold.
	const ms = Date.parse(value.replace(/(\.\d{3})\d+/, '$1'));
	return Number.isFinite(ms) ? ms : undefined;
}

export const REFERENCE_DAY = utcDay(2026, 11, 1);
export const REFERENCE_SCHOOL_YEAR = 2026;
