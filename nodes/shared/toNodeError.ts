// The one conversion of whatever a node's work threw into the error n8n shows.
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { ActionableError } from './errors';

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
