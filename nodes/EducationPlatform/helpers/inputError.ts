// Pure: no n8n import. The node turns an InputError into a NodeOperationError for the item
// being processed, so helpers stay testable without n8n.

/** A parameter value the user has to fix before the request can be sent. */
export class InputError extends Error {
	constructor(
		message: string,
		/** What to do about it, shown under the message in n8n. */
		readonly description: string,
	) {
		super(message);
		this.name = 'InputError';
	}
}

/** The API's pagination misbehaved in a way that would otherwise loop forever or lose data. */
export class PaginationError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'PaginationError';
	}
}
