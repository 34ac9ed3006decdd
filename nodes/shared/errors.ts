// The one error type the package's own code throws. It imports nothing from n8n, so the pure
// modules that throw it (list queries, paging, the polling cursor) load and test without n8n;
// each node converts it at its boundary with toNodeError.ts.

/**
 * Something the user can act on: a parameter to fix, or an answer of the platform the node will
 * not work with (a page that is not a list, paging that would loop, a record without a usable id).
 */
export class ActionableError extends Error {
	constructor(
		message: string,
		/** What to fix, shown under the message in n8n. */
		readonly description?: string,
	) {
		super(message);
		this.name = 'ActionableError';
	}
}
