// Pure: no n8n import.

/** A record or a cursor the polling trigger cannot work with; `description` says what to check. */
export class CursorError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'CursorError';
	}
}
