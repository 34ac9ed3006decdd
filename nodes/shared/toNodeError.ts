// The one conversion of whatever a node's work threw into the error n8n shows.
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { ActionableError, withItem } from './errors';

/**
 * The error n8n shows: n8n errors (the transport's already carry the API's message and advice) as
 * they are, an ActionableError as a NodeOperationError with its advice, anything else wrapped.
 * `itemIndex`: the input item that failed, for the action node (a trigger has none); the message
 * then ends with ` [item N]` (n8n's UX guidelines), N the item the error records.
 */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	const nodeError = asNodeError(node, error, itemIndex);
	if (itemIndex === undefined) return nodeError;
	const item =
		typeof nodeError.context.itemIndex === 'number' ? nodeError.context.itemIndex : itemIndex;
	nodeError.context.itemIndex = item;
	// Set on the built error: an n8n error passed through is built already, and n8n's constructors
	// may replace a message with a generic one (NodeApiError a status's text, both a network
	// code's, e.g. ECONNRESET's), which would drop a suffix handed to them.
	nodeError.message = withItem(nodeError.message, item);
	return nodeError;
}

function asNodeError(
	node: INode,
	error: unknown,
	itemIndex: number | undefined,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (error instanceof ActionableError) {
		return new NodeOperationError(node, error.message, {
			description: error.description,
			itemIndex,
		});
	}
	if (error instanceof Error) return new NodeOperationError(node, error, { itemIndex });
	return new NodeApiError(node, { message: String(error) } as JsonObject, { itemIndex });
}
