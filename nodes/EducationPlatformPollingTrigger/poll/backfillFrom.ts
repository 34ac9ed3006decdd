// Pure: no n8n import. Backfill From as a workflow stores it (the date picker's wall-clock time
// without a zone, a plain date, or a mapped ISO 8601 string) → the UTC instant the cursor starts at.
import { ActionableError } from '../../shared/errors';
import { toApiDateTime } from '../../shared/list/dateTime';

/**
 * The start of the backfill in UTC (`undefined`: no backfill). A time without a zone is read in
 * the workflow's time zone, as the action node's date filters read it; a plain date is its midnight.
 */
export function backfillStart(value: unknown, timeZone: string): string | undefined {
	let start: string | undefined;
	let problem: string | undefined;
	try {
		start = toApiDateTime(value, timeZone);
		if (start !== undefined && !start.includes('T'))
			start = toApiDateTime(`${start}T00:00:00`, timeZone);
	} catch (error) {
		problem = (error as Error).message;
	}
	if (problem !== undefined) {
		throw new ActionableError(
			`Backfill From ${problem}`,
			'Pick a date and time in Backfill From, or clear it to start from now without history.',
		);
	}
	return start;
}
