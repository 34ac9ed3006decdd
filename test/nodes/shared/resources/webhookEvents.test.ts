import type { ResourceDescriptor } from '../../../../nodes/shared/resources/descriptor';
import { RESOURCES } from '../../../../nodes/shared/resources/registry';
import {
	eventVocabulary,
	expandEventSelection,
	sameEventTypes,
} from '../../../../nodes/shared/resources/webhookEvents';

// Two resources with webhook events, one without: only the webhook parts are read.
const resources = [
	{
		webhook: {
			groupName: 'All Fee Events',
			events: { 'fee.paid': 'paid', 'fee.voided': 'voided' },
		},
	},
	{},
	{ webhook: { groupName: 'All Mark Events', events: { 'mark.given': 'given' } } },
] as unknown as ResourceDescriptor[];

describe('the webhook event vocabulary', () => {
	it('has one "All …" group per resource with webhook events, named after their prefix, and "*" for all', () => {
		expect(eventVocabulary(resources)).toEqual({
			types: ['fee.paid', 'fee.voided', 'mark.given'],
			groups: {
				'fee.*': ['fee.paid', 'fee.voided'],
				'mark.*': ['mark.given'],
				'*': ['fee.paid', 'fee.voided', 'mark.given'],
			},
		});
	});

	it('expands a selection to its concrete types, de-duplicated and sorted', () => {
		const vocabulary = eventVocabulary(resources);
		expect(expandEventSelection(vocabulary, ['mark.given', 'fee.*', 'fee.paid'])).toEqual([
			'fee.paid',
			'fee.voided',
			'mark.given',
		]);
		expect(expandEventSelection(vocabulary, ['*'])).toEqual([
			'fee.paid',
			'fee.voided',
			'mark.given',
		]);
		expect(expandEventSelection(vocabulary, [])).toEqual([]);
	});

	it('refuses a value that is no event type nor group, naming the types', () => {
		expect(() => expandEventSelection(eventVocabulary(resources), ['fee.lost'])).toThrow(
			'Unknown event "fee.lost". Choose from: fee.paid, fee.voided, mark.given (or an "All …" option).',
		);
	});

	it('compares event lists whatever their order and repetitions', () => {
		expect(sameEventTypes(['b', 'a', 'a'], ['a', 'b'])).toBe(true);
		expect(sameEventTypes(['a'], ['a', 'b'])).toBe(false);
	});

	it("is the registry's resources' vocabulary for the nodes: the contract's nine types, three groups", () => {
		const vocabulary = eventVocabulary(RESOURCES);
		expect([...vocabulary.types].sort()).toEqual([
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
		expect(vocabulary.groups).toMatchObject({
			'enrollment.*': [
				'enrollment.created',
				'enrollment.updated',
				'enrollment.cancelled',
				'enrollment.completed',
			],
			'payment.*': ['payment.succeeded', 'payment.failed', 'payment.refunded'],
			'exam_result.*': ['exam_result.published', 'exam_result.updated'],
		});
	});
});
