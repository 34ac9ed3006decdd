import { ActionableError } from '../../../nodes/shared/errors';

describe('ActionableError', () => {
	it('carries what is wrong and what to fix', () => {
		const error = new ActionableError('Limit is 0, it must be a whole number at least 1', 'Set Limit to a whole number at least 1.');
		expect(error).toBeInstanceOf(Error);
		expect(error.name).toBe('ActionableError');
		expect(error.message).toBe('Limit is 0, it must be a whole number at least 1');
		expect(error.description).toBe('Set Limit to a whole number at least 1.');
		expect(new ActionableError('no advice').description).toBeUndefined();
	});
});
