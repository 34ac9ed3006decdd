import { describeProof, refusalProof, servedMeanwhile } from '../../../../../nodes/EducationPlatform/actions/webhookSubscription/refusalProof';

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
	it('one event refused on its attempts 1 to 3, and every attempt since: the refusals, from the first of them to the newest', () => {
		const proof = refusalProof([delivery('dlv_2', 'evt_2', 4, [404]), delivery('dlv_1', 'evt_1', 0, [404, 404, 404])]);
		expect(proof).toEqual({ refused: 4, since: '2026-11-21T09:00:00.000000Z', until: '2026-11-21T09:04:00.000000Z', eventId: 'evt_1' });
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

	it('no proof from an empty log, or one it cannot read: an attempt without a time or number, a delivery without an ID, one listed twice, an attempt number twice', () => {
		expect(refusalProof([])).toBeUndefined();
		const unreadable = delivery('dlv_1', 'evt_1', 0, [404, 404, 404]);
		unreadable.attempts[1].started_at = 'yesterday';
		expect(refusalProof([unreadable])).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404]), 'not a delivery'])).toBeUndefined();
		expect(refusalProof([{ id: 'dlv_1', event_id: 'evt_1' }])).toBeUndefined();
		// Three events each refused once, without IDs, must not pass for one event refused three times.
		const once = (minute: number) => ({ ...delivery('', `evt_${minute}`, minute, [404]) });
		expect(refusalProof([once(0), once(1), once(2)])).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404]), delivery('dlv_1', 'evt_1', 2, [404, 404])])).toBeUndefined();
		const twice = delivery('dlv_1', 'evt_1', 0, [404, 404, 404]);
		twice.attempts[2].attempt = 2;
		expect(refusalProof([twice])).toBeUndefined();
		const unnumbered = delivery('dlv_1', 'evt_1', 0, [404, 404, 404]);
		(unnumbered.attempts[0] as { attempt?: number }).attempt = undefined;
		expect(refusalProof([unnumbered])).toBeUndefined();
	});
});

describe('servedMeanwhile: n8n answered another of its triggers between the first and the last refusal', () => {
	const refused = refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404])])!;

	it('confirms the refusals with the first 2xx in that time, naming the subscription', () => {
		const confirmed = servedMeanwhile(refused, new Map([['wh_quiet', []], ['wh_live', [delivery('dlv_9', 'evt_9', 1, [200])]]]));
		expect(confirmed?.served).toEqual({ at: '2026-11-21T09:01:00.000000Z', subscriptionId: 'wh_live' });
		expect(describeProof(confirmed!)).toBe(
			"n8n answered 404 (no active workflow serves this URL) to the platform's last 3 delivery attempts, from 2026-11-21T09:00:00.000000Z to 2026-11-21T09:02:00.000000Z, among them attempts 1 to 3 of event evt_1, while n8n answered subscription wh_live at 2026-11-21T09:01:00.000000Z",
		);
	});

	it('no confirmation from a 2xx before or after the refusals, another answer meanwhile, or no other log', () => {
		expect(servedMeanwhile(refused, new Map([['wh_live', [delivery('dlv_8', 'evt_8', 3, [200]), delivery('dlv_7', 'evt_7', 1, [502, 404])]]]))).toBeUndefined();
		expect(servedMeanwhile(refused, new Map())).toBeUndefined();
	});
});
