import { formatMinorUnits } from '../../../sandbox/cli/emit';

describe('sandbox:emit amount summary', () => {
	it('shows minor units as the currency amount a person reads, keeping the raw value', () => {
		expect(formatMinorUnits(3500, 'USD')).toBe('35.00 USD (3500 minor units)');
		expect(formatMinorUnits(125000, 'EUR')).toBe('1250.00 EUR (125000 minor units)');
	});

	it('knows currencies without minor units and with three decimals', () => {
		expect(formatMinorUnits(3500, 'JPY')).toBe('3500 JPY');
		expect(formatMinorUnits(1500, 'KWD')).toBe('1.500 KWD (1500 minor units)');
	});

	it('falls back to the raw value for a code Intl does not accept', () => {
		expect(formatMinorUnits(10, 'not-a-currency')).toBe('10 minor units of not-a-currency');
	});
});
