// Pure: no n8n import. Platform timestamps as whole microseconds since the epoch, so that the
// cursor compares and subtracts them exactly (the contract's timestamps carry microseconds,
// docs/api-contract.md §1; 2^53 µs is beyond the year 2255).
import { ActionableError } from '../../shared/errors';

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/i;

/** `2026-09-01T08:30:00.123456Z` (or any zone, 0–9 fraction digits) → µs since the epoch. */
export function toMicros(timestamp: unknown, field = 'updated_at'): number {
	const match = typeof timestamp === 'string' ? TIMESTAMP.exec(timestamp.trim()) : null;
	const seconds = match
		? Date.parse(`${match[1]}${match[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`)
		: NaN;
	if (!match || !Number.isFinite(seconds)) {
		throw new ActionableError(
			`A record's ${field} is ${JSON.stringify(timestamp)}, not an ISO 8601 date-time with a time zone`,
			`The polling trigger needs ${field} on every record to know what changed; check that the platform sends it.`,
		);
	}
	return seconds * 1000 + Number((match[2] ?? '').padEnd(6, '0').slice(0, 6));
}

/** µs since the epoch → `2026-09-01T08:30:00.123456Z`, the form the API's filters take. */
export function fromMicros(micros: number): string {
	const milliseconds = Math.floor(micros / 1000);
	const fraction = String(micros - milliseconds * 1000).padStart(3, '0');
	return new Date(milliseconds).toISOString().replace(/Z$/, `${fraction}Z`);
}
