import { mergeByCreation } from '../../../../../nodes/EducationPlatform/actions/webhookDelivery/merge';

const at = (id: string, second: number) => ({
	id,
	created_at: `2026-11-21T09:00:${String(second).padStart(2, '0')}.000000Z`,
});

describe('mergeByCreation', () => {
	const first = [at('a3', 30), at('a2', 20), at('a1', 10)];
	const second = [at('b2', 25), at('b1', 10)];

	it("merges newest first; the same moment keeps the subscriptions' order", () => {
		expect(mergeByCreation([first, second], false).map((d) => (d as { id: string }).id)).toEqual([
			'a3',
			'b2',
			'a2',
			'a1',
			'b1',
		]);
	});

	it('merges oldest first when sorted by created_at ascending', () => {
		const ascending = [first.slice().reverse(), second.slice().reverse()];
		expect(mergeByCreation(ascending, true).map((d) => (d as { id: string }).id)).toEqual([
			'a1',
			'b1',
			'a2',
			'b2',
			'a3',
		]);
	});

	it('returns Limit records at most', () => {
		expect(mergeByCreation([first, second], false, 2).map((d) => (d as { id: string }).id)).toEqual(
			['a3', 'b2'],
		);
		expect(mergeByCreation([], false, 5)).toEqual([]);
	});
});
