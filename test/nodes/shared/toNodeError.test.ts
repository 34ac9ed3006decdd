import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { ActionableError } from '../../../nodes/shared/errors';
import { toNodeError } from '../../../nodes/shared/toNodeError';

const node: INode = {
	id: 'node-1',
	name: 'Education Platform',
	type: 'n8n-nodes-education-platform.educationPlatform',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe('toNodeError', () => {
	it('turns an ActionableError into a NodeOperationError with its advice and the item', () => {
		const converted = toNodeError(node, new ActionableError('Sort field "x" is not valid', 'Sortable fields: id.'), 2);
		expect(converted).toBeInstanceOf(NodeOperationError);
		expect(converted.message).toBe('Sort field "x" is not valid');
		expect(converted.description).toBe('Sortable fields: id.');
		expect(converted.context.itemIndex).toBe(2);
		expect(converted.node).toBe(node);
	});

	it('leaves the item unset for a trigger, which has none', () => {
		const converted = toNodeError(node, new ActionableError('A record has no usable id (null)', 'Check the platform response.'));
		expect(converted).toBeInstanceOf(NodeOperationError);
		expect(converted.description).toBe('Check the platform response.');
		expect(converted.context.itemIndex).toBeUndefined();
	});

	it('passes n8n errors through, adding the item only where none is set', () => {
		const apiError = new NodeApiError(node, { message: 'Not found' }, { message: 'The student was not found' });
		expect(toNodeError(node, apiError, 3)).toBe(apiError);
		expect(apiError.context.itemIndex).toBe(3);

		const operationError = new NodeOperationError(node, 'Already placed', { itemIndex: 1 });
		expect(toNodeError(node, operationError, 4)).toBe(operationError);
		expect(operationError.context.itemIndex).toBe(1);

		const untouched = new NodeOperationError(node, 'From a trigger');
		expect(toNodeError(node, untouched)).toBe(untouched);
		expect(untouched.context.itemIndex).toBeUndefined();
	});

	it('wraps any other error, keeping its message, and a thrown non-error as an API error', () => {
		const wrapped = toNodeError(node, new TypeError('boom'), 0);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('boom');
		expect(wrapped.context.itemIndex).toBe(0);

		const fromString = toNodeError(node, 'socket hang up', 5);
		expect(fromString).toBeInstanceOf(NodeApiError);
		expect(fromString.message).toContain('socket hang up');
		expect(fromString.context.itemIndex).toBe(5);
	});
});
