import {
	describeProof,
	refusalProof as proofAt,
	refusedNow,
	servedMeanwhile,
	type ProofTimes,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/refusalProof';

/** A delivery of `eventId` whose attempts answered `statuses` (null: no answer), five minutes apart from `startMinute`. */
const delivery = (
	id: string,
	eventId: string,
	startMinute: number,
	statuses: Array<number | null>,
	apart = 5,
) => ({
	id,
	event_id: eventId,
	attempts: statuses.map((status, index) => ({
		attempt: index + 1,
		started_at: `2026-11-21T09:${String(startMinute + index * apart).padStart(2, '0')}:00.000000Z`,
		response_status: status,
		error: status === null ? 'timeout' : null,
	})),
});

/** Judged at 09:30, of a subscription last changed at 08:00. */
const TIMES: ProofTimes = {
	now: Date.parse('2026-11-21T09:30:00Z'),
	changedAt: Date.parse('2026-11-21T08:00:00Z'),
};
const refusalProof = (deliveries: readonly unknown[]) => proofAt(deliveries, TIMES);

describe('refusalProof', () => {
	it('one event refused on its attempts 1 to 3, and every attempt since: the refusals, from the first of them to the newest', () => {
		const proof = refusalProof([
			delivery('dlv_2', 'evt_2', 4, [404]),
			delivery('dlv_1', 'evt_1', 0, [404, 404, 404]),
		]);
		expect(proof).toEqual({
			refused: 4,
			since: '2026-11-21T09:00:00.000000Z',
			until: '2026-11-21T09:10:00.000000Z',
			eventId: 'evt_1',
		});
	});

	it('no proof: fewer than 3 refused attempts of one event, however many events were refused once (a start-up or publication window)', () => {
		expect(
			refusalProof([
				delivery('dlv_1', 'evt_1', 0, [404, 404]),
				delivery('dlv_2', 'evt_2', 1, [404]),
				delivery('dlv_3', 'evt_3', 2, [404]),
			]),
		).toBeUndefined();
	});

	it('no proof: an answer other than 404 after the refusals (the workflow serves it again), or a timeout among them', () => {
		expect(
			refusalProof([
				delivery('dlv_1', 'evt_1', 0, [404, 404, 404]),
				delivery('dlv_2', 'evt_2', 11, [200]),
			]),
		).toBeUndefined();
		expect(
			refusalProof([
				delivery('dlv_1', 'evt_1', 0, [404, 404, 404]),
				delivery('dlv_2', 'evt_2', 11, [401]),
			]),
		).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, null, 404, 404])])).toBeUndefined();
	});

	it('an old success before the refusals does not stand in the way', () => {
		expect(
			refusalProof([
				delivery('dlv_0', 'evt_0', 0, [200]),
				delivery('dlv_1', 'evt_1', 10, [404, 404, 404]),
			]),
		).toMatchObject({ refused: 3, eventId: 'evt_1' });
	});

	// Issue 44 F2: the proof was historical, so a subscription a published-again trigger had adopted could still be deleted.
	it('no proof from refusals that span less than 5 minutes (three attempts a minute apart)', () => {
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404], 1)])).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404], 2)])).toBeUndefined();
		expect(refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404], 3)])).toMatchObject({
			since: '2026-11-21T09:00:00.000000Z',
			until: '2026-11-21T09:06:00.000000Z',
		});
	});

	it('no proof when the last refusal is over an hour old', () => {
		const refused = [delivery('dlv_1', 'evt_1', 0, [404, 404, 404])];
		expect(proofAt(refused, { ...TIMES, now: Date.parse('2026-11-21T10:10:00Z') })).toBeDefined();
		expect(proofAt(refused, { ...TIMES, now: Date.parse('2026-11-21T10:10:01Z') })).toBeUndefined();
	});

	it('no proof from refusals before the subscription last changed (a trigger published again adopted it), nor with an unreadable updated_at', () => {
		const refused = [delivery('dlv_1', 'evt_1', 0, [404, 404, 404])];
		expect(
			proofAt(refused, { ...TIMES, changedAt: Date.parse('2026-11-21T09:01:00Z') }),
		).toBeUndefined();
		expect(proofAt(refused, { ...TIMES, changedAt: Number.NaN })).toBeUndefined();
	});

	it('no proof from an empty log, or one it cannot read: an attempt without a time or number, a delivery without an ID, one listed twice, an attempt number twice', () => {
		expect(refusalProof([])).toBeUndefined();
		const unreadable = delivery('dlv_1', 'evt_1', 0, [404, 404, 404]);
		unreadable.attempts[1].started_at = 'yesterday';
		expect(refusalProof([unreadable])).toBeUndefined();
		expect(
			refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404]), 'not a delivery']),
		).toBeUndefined();
		expect(refusalProof([{ id: 'dlv_1', event_id: 'evt_1' }])).toBeUndefined();
		// Three events each refused once, without IDs, must not pass for one event refused three times.
		const once = (minute: number) => ({ ...delivery('', `evt_${minute}`, minute, [404]) });
		expect(refusalProof([once(0), once(1), once(2)])).toBeUndefined();
		expect(
			refusalProof([
				delivery('dlv_1', 'evt_1', 0, [404, 404]),
				delivery('dlv_1', 'evt_1', 2, [404, 404]),
			]),
		).toBeUndefined();
		const twice = delivery('dlv_1', 'evt_1', 0, [404, 404, 404]);
		twice.attempts[2].attempt = 2;
		expect(refusalProof([twice])).toBeUndefined();
		const unnumbered = delivery('dlv_1', 'evt_1', 0, [404, 404, 404]);
		(unnumbered.attempts[0] as { attempt?: number }).attempt = undefined;
		expect(refusalProof([unnumbered])).toBeUndefined();
	});
});

describe("refusedNow: n8n's own answer to a URL no workflow serves", () => {
	const notRegistered = (path: string) => ({
		code: 404,
		message: `The requested webhook "POST ${path}" is not registered.`,
		hint: 'The workflow must be active for a production URL to run successfully.',
	});

	it("is n8n's 404 with its own message (1.x and 2.x)", () => {
		expect(refusedNow(404, notRegistered('9d1c0000-0000-4000-8000-000000000000/webhook'))).toBe(
			true,
		);
	});

	it("is not a live trigger's 401 or 503, a proxy's 404, nor n8n's answer to another method", () => {
		expect(refusedNow(401, { message: 'Unauthorized' })).toBe(false);
		expect(refusedNow(503, notRegistered('x/webhook'))).toBe(false);
		expect(refusedNow(404, '<html>404 Not Found</html>')).toBe(false);
		expect(refusedNow(404, { message: 'Not Found' })).toBe(false);
		expect(
			refusedNow(404, {
				message:
					'This webhook is not registered for POST requests. Did you mean to make a GET request?',
			}),
		).toBe(false);
		expect(refusedNow(undefined, notRegistered('x/webhook'))).toBe(false);
	});

	it('is not n8n 2.x\'s answer from a stale cache entry of an unpublished trigger\'s URL (kept until n8n answers "not registered")', () => {
		expect(
			refusedNow(404, {
				code: 404,
				message: 'Published version not found for workflow with id "wpAdopting000001"',
			}),
		).toBe(false);
	});
});

describe('servedMeanwhile: n8n answered another of its triggers between the first and the last refusal', () => {
	const refused = refusalProof([delivery('dlv_1', 'evt_1', 0, [404, 404, 404])])!;

	it('confirms the refusals with the first 2xx in that time, naming the subscription', () => {
		const confirmed = servedMeanwhile(
			refused,
			new Map([
				['wh_quiet', []],
				['wh_live', [delivery('dlv_9', 'evt_9', 1, [200])]],
			]),
		);
		expect(confirmed?.served).toEqual({
			at: '2026-11-21T09:01:00.000000Z',
			subscriptionId: 'wh_live',
		});
		expect(describeProof(confirmed!)).toBe(
			"n8n answered 404 (no active workflow serves this URL) to the platform's last 3 delivery attempts, from 2026-11-21T09:00:00.000000Z to 2026-11-21T09:10:00.000000Z, among them attempts 1 to 3 of event evt_1, while n8n answered subscription wh_live at 2026-11-21T09:01:00.000000Z",
		);
	});

	it('no confirmation from a 2xx before or after the refusals, another answer meanwhile, or no other log', () => {
		expect(
			servedMeanwhile(
				refused,
				new Map([
					[
						'wh_live',
						[delivery('dlv_8', 'evt_8', 11, [200]), delivery('dlv_7', 'evt_7', 1, [502, 404])],
					],
				]),
			),
		).toBeUndefined();
		expect(servedMeanwhile(refused, new Map())).toBeUndefined();
	});
});
