import {
	EVENT_TYPES,
	expandEventSelection,
	sameEventTypes,
} from '../../../nodes/EducationPlatformTrigger/events';

describe('event selection', () => {
	it('lists the nine event types of the contract', () => {
		expect([...EVENT_TYPES].sort()).toEqual([
			'enrollment.cancelled',
			'enrollment.completed',
			'enrollment.created',
			'enrollment.updated',
			'exam_result.published',
			'exam_result.updated',
			'payment.failed',
			'payment.refunded',
			'payment.succeeded',
		]);
	});

	it.each([
		[
			'enrollment.*',
			['enrollment.cancelled', 'enrollment.completed', 'enrollment.created', 'enrollment.updated'],
		],
		['payment.*', ['payment.failed', 'payment.refunded', 'payment.succeeded']],
		['exam_result.*', ['exam_result.published', 'exam_result.updated']],
	])('expands %s to its concrete types', (group, types) => {
		expect(expandEventSelection([group])).toEqual(types);
	});

	it('expands "All events" to all nine, with no wildcard left', () => {
		const expanded = expandEventSelection(['*']);
		expect(expanded).toHaveLength(9);
		expect(expanded.some((type) => type.includes('*'))).toBe(false);
	});

	it('de-duplicates and sorts a mixed selection', () => {
		expect(
			expandEventSelection([
				'payment.succeeded',
				'payment.*',
				'exam_result.updated',
				'payment.failed',
			]),
		).toEqual(['exam_result.updated', 'payment.failed', 'payment.refunded', 'payment.succeeded']);
	});

	it('returns nothing for an empty selection', () => {
		expect(expandEventSelection([])).toEqual([]);
	});

	it('refuses an unknown value instead of silently subscribing to less', () => {
		expect(() => expandEventSelection(['payment.succeeded', 'payment.sucseeded'])).toThrow(
			'Unknown event "payment.sucseeded"',
		);
		expect(() => expandEventSelection(['student.*'])).toThrow('Unknown event');
	});

	it('compares event lists regardless of order and repeats', () => {
		expect(sameEventTypes(['a', 'b'], ['b', 'a'])).toBe(true);
		expect(sameEventTypes(['a', 'a', 'b'], ['b', 'a'])).toBe(true);
		expect(sameEventTypes(['a'], ['a', 'b'])).toBe(false);
		expect(sameEventTypes(['a', 'c'], ['a', 'b'])).toBe(false);
	});
});
