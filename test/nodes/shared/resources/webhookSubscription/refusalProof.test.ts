import { describeProof, refusalProof } from '../../../../../nodes/shared/resources/webhookSubscription/refusalProof';

/** A delivery of `eventId` whose attempts answered `statuses` (null: no answer), one minute apart from `startMinute`. */
const delivery = (id: string, eventId: string, startMinute: number, statuses: Array<number | null>) => ({
	id,
	event_id: eventId,
	attempts: statuses.map((status, index) => ({
		attempt: index + 1,
		started_at: `2026-11-21T09:${String(startMinute + index).padStart(2, '0')}:00.000000Z`,
		response_status: status,
		error: status === null ? 'timeout' : null,
	})),
});

describe('refusalProof', () => {
	it("one event refused 3 times in a row, and every attempt since: the proof, from the first of them to the newest", () => {
		const proof = refusalProof([delivery('dlv_2', 'evt_2', 4, [404]), delivery('dlv_1', 'evt_1', 0, [404, 404, 404])]);
		expect(proof).toEqual({ refused: 4, since: '2026-11-21T09:00:00.000000Z', until: '2026-11-21T09:04:00.000000Z', eventId: 'evt_1' });
		expect(describeProof(proof!)).toBe(
			"n8n answered 404 (no active workflow serves this URL) to the platform's last 4 delivery attempts, from 2026-11-21T09:00:00.000000Z to 2026-11-21T09:04:00.000000Z, 3 or more of them retries of event evt_1",
		);
	});

	it('no proof: fewer than 3 refused attempts of one event, however many events were refused once (a start-up or publication window)', () => {
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404]), delivery('dlv_2', 'evt_2', 1, [404]), delivery('dlv_3', 'evt_3', 2, [404])])).toBeUndefined();
	});

	it('no proof: an answer other than 404 after the refusals (the workflow serves it again), or a timeout among them', () => {
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404]), delivery('dlv_2', 'evt_2', 5, [200])])).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404]), delivery('dlv_2', 'evt_2', 5, [401])])).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, null, 404, 404])])).toBeUndefined();
	});

	it('an old success before the refusals does not stand in the way', () => {
		expect(refusalProof([delivery('dlv_0', 'evt_0', 0, [200]), delivery('dlv_1', 'evt_1', 10, [404, 404, 404])])).toMatchObject({ refused: 3, eventId: 'evt_1' });
	});

	it('no proof from an empty log, or one with an attempt it cannot read', () => {
		expect(refusalProof([])).toBeUndefined();
		const unreadable = delivery('dlv_1', 'evt_1', 0, [404, 404, 404]);
		unreadable.attempts[1].started_at = 'yesterday';
		expect(refusalProof([unreadable])).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404]), 'not a delivery'])).toBeUndefined();
		expect(refusalProof([{ id: 'dlv_1', event_id: 'evt_1' }])).toBeUndefined();
	});
});
