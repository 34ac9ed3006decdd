import { isJsonRecord } from '../../../nodes/shared/jsonRecord';

describe('isJsonRecord', () => {
	it('is true only for JSON objects', () => {
		expect(isJsonRecord({})).toBe(true);
		expect(isJsonRecord({ data: [] })).toBe(true);
		expect(isJsonRecord([])).toBe(false);
		expect(isJsonRecord(null)).toBe(false);
		expect(isJsonRecord('{}')).toBe(false);
		expect(isJsonRecord(undefined)).toBe(false);
	});
});
