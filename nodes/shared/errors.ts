// The one error type the package's own code throws, and the one conversion into what n8n shows.
// Pure modules (list queries, paging, the polling cursor) throw ActionableError and never build
// n8n errors themselves, so they are tested without n8n; each node converts at its boundary.
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

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

/**
 * The error n8n shows: n8n errors (the transport's already carry the API's message and advice) as
 * they are, an ActionableError as a NodeOperationError with its advice, anything else wrapped.
 * `itemIndex`: the input item that failed, for the action node (a trigger has none).
 */
export function toNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (itemIndex !== undefined && error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	if (error instanceof ActionableError) {
		return new NodeOperationError(node, error.message, { description: error.description, itemIndex });
	}
	if (error instanceof Error) return new NodeOperationError(node, error, { itemIndex });
	return new NodeApiError(node, { message: String(error) } as JsonObject, { itemIndex });
}
