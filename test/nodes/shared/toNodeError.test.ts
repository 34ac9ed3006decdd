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
	it('turns an ActionableError into a NodeOperationError with its advice and the item, named at the end of the message', () => {
		const converted = toNodeError(
			node,
			new ActionableError('Sort field "x" is not valid', 'Sortable fields: id.'),
			2,
		);
		expect(converted).toBeInstanceOf(NodeOperationError);
		expect(converted.message).toBe('Sort field "x" is not valid [item 2]');
		expect(converted.description).toBe('Sortable fields: id.');
		expect(converted.context.itemIndex).toBe(2);
		expect(converted.node).toBe(node);
	});

	it('leaves the item unset for a trigger, which has none', () => {
		const converted = toNodeError(
			node,
			new ActionableError('A record has no usable id (null)', 'Check the platform response.'),
		);
		expect(converted).toBeInstanceOf(NodeOperationError);
		expect(converted.message).toBe('A record has no usable id (null)');
		expect(converted.description).toBe('Check the platform response.');
		expect(converted.context.itemIndex).toBeUndefined();
	});

	it('passes n8n errors through, adding the item only where none is set', () => {
		const apiError = new NodeApiError(
			node,
			{ message: 'Not found' },
			{ message: 'The student was not found' },
		);
		expect(toNodeError(node, apiError, 3)).toBe(apiError);
		expect(apiError.context.itemIndex).toBe(3);
		expect(apiError.message).toBe('The student was not found [item 3]');

		// The message names the item the error records, the one n8n shows with it.
		const operationError = new NodeOperationError(node, 'Already placed', { itemIndex: 1 });
		expect(toNodeError(node, operationError, 4)).toBe(operationError);
		expect(operationError.context.itemIndex).toBe(1);
		expect(operationError.message).toBe('Already placed [item 1]');

		const untouched = new NodeOperationError(node, 'From a trigger');
		expect(toNodeError(node, untouched)).toBe(untouched);
		expect(untouched.context.itemIndex).toBeUndefined();
		expect(untouched.message).toBe('From a trigger');
	});

	it('names the item once: not again for a message that names it (the 403) or an error converted twice', () => {
		const forbidden = new NodeApiError(
			node,
			{ message: 'Forbidden' },
			{
				message: 'The credential may not list payments: it lacks the payments:read scope [item 0]',
				itemIndex: 0,
			},
		);
		expect(toNodeError(node, forbidden, 0).message).toBe(
			'The credential may not list payments: it lacks the payments:read scope [item 0]',
		);
		const twice = toNodeError(
			node,
			toNodeError(node, new ActionableError('Limit is 0, it must be a whole number at least 1'), 1),
			1,
		);
		expect(twice.message).toBe('Limit is 0, it must be a whole number at least 1 [item 1]');
	});

	it("keeps the item on a message n8n's NodeApiError replaced with its status's generic text", () => {
		const generic = new NodeApiError(node, { message: 'Not Found' }, { httpCode: '404' });
		expect(generic.message).toBe('The resource you are requesting could not be found');
		expect(toNodeError(node, generic, 2).message).toBe(
			'The resource you are requesting could not be found [item 2]',
		);
	});

	it('wraps any other error, keeping its message, and a thrown non-error as an API error', () => {
		const wrapped = toNodeError(node, new TypeError('boom'), 0);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('boom [item 0]');
		expect(wrapped.context.itemIndex).toBe(0);

		const fromString = toNodeError(node, 'socket hang up', 5);
		expect(fromString).toBeInstanceOf(NodeApiError);
		expect(fromString.message).toBe('socket hang up [item 5]');
		expect(fromString.context.itemIndex).toBe(5);
	});
});
