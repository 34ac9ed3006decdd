// Pure: no n8n import.
import { ActionableError } from '../../shared/errors';

/** Student IDs are positive integers (docs/api-contract.md §1); `1042`, `"1042"` and `" 1042 "` are accepted. */
export function parseStudentId(value: unknown): number {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (/^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text))) return Number(text);
	const shown = value === undefined || value === null || text === '' ? 'empty' : `"${String(value)}"`;
	throw new ActionableError(
		`Student ID is ${shown}, it must be a whole number above 0`,
		/^S-/i.test(text)
			? 'That looks like a student number. Use the numeric "id" field of the student instead (for example from Get Many), or filter Get Many by Student Number.'
			: 'Enter the numeric ID of the student, e.g. 1042, or map the "id" field of an earlier Education Platform node.',
	);
}
