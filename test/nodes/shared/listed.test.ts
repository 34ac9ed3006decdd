import { listed } from '../../../nodes/shared/listed';

it('lists one, two or more items with the conjunction before the last', () => {
	expect(listed([], 'and')).toBe('');
	expect(listed(['payments'], 'or')).toBe('payments');
	expect(listed(['payments', 'exam results'], 'or')).toBe('payments or exam results');
	expect(listed(['a', 'b', 'c'], 'and')).toBe('a, b and c');
});
