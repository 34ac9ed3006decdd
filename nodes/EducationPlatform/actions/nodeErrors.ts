import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { InputError, PaginationError } from '../helpers/inputError';

/**
 * The error n8n shows for a failed item: API errors from the transport as they are (they already
 * carry the API's message and advice), input and pagination problems as NodeOperationErrors with
 * their advice, anything else wrapped so the item index is kept.
 */
export function toNodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	if (error instanceof InputError || error instanceof PaginationError) {
		return new NodeOperationError(node, error.message, { description: error.description, itemIndex });
	}
	if (error instanceof Error) return new NodeOperationError(node, error, { itemIndex });
	return new NodeApiError(node, { message: String(error) } as JsonObject, { itemIndex });
}
