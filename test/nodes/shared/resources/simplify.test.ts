import { decimalAmount, fieldsOf, personName } from '../../../../nodes/shared/resources/simplify';

describe('simplify building blocks', () => {
	it('reads a record as an object, or none', () => {
		expect(fieldsOf({ id: 1 })).toEqual({ id: 1 });
		expect(fieldsOf(null)).toEqual({});
		expect(fieldsOf([1])).toEqual({});
	});

	it('names a person by the preferred first name, then the last name', () => {
		expect(personName({ first_name: 'Amara', preferred_name: 'Mara', last_name: 'Okafor' })).toBe(
			'Mara Okafor',
		);
		expect(personName({ first_name: 'Amara', preferred_name: null, last_name: 'Okafor' })).toBe(
			'Amara Okafor',
		);
		expect(personName({})).toBe('');
	});

	it('turns minor units into the currency amount with its own digits', () => {
		expect(decimalAmount(125_050, 'USD')).toBe(1250.5);
		expect(decimalAmount(1200, 'JPY')).toBe(1200);
		expect(decimalAmount(1234, 'BHD')).toBe(1.234);
		expect(decimalAmount(1234, 'not a currency')).toBe(12.34);
		expect(decimalAmount(null, 'USD')).toBeNull();
	});
});
