import { ActionableError } from '../../../../../nodes/shared/errors';
import {
	disabledSkip,
	REDELIVER_ANYWAY_OPTION,
	redeliverSkip,
} from '../../../../../nodes/EducationPlatform/actions/webhookDelivery/redeliverCheck';

const failed = { id: 'dlv_1', event_id: 'evt_1', status: 'failed' };

describe('redeliverSkip', () => {
	it("sends a failed delivery that is its event's newest, with nothing succeeded or pending", () => {
		expect(redeliverSkip(failed, [], false)).toBeUndefined();
		expect(
			redeliverSkip(failed, [failed, { id: 'dlv_0', status: 'failed' }], false),
		).toBeUndefined();
	});

	it('skips when the event was delivered since, naming the delivery and the option', () => {
		const skip = redeliverSkip(
			failed,
			[{ id: 'dlv_2', status: 'succeeded', created_at: '2026-11-21T10:00:00.000000Z' }, failed],
			false,
		);
		expect(skip?.delivery).toEqual({
			id: 'dlv_2',
			status: 'succeeded',
			created_at: '2026-11-21T10:00:00.000000Z',
		});
		expect(skip?.reason).toBe(
			`Event evt_1 was delivered since: delivery dlv_2 succeeded. Not sent again; set Options → ${REDELIVER_ANYWAY_OPTION} to send it anyway.`,
		);
	});

	it('skips while another delivery of the event, or this one, is still pending', () => {
		expect(
			redeliverSkip(failed, [{ id: 'dlv_3', status: 'pending' }, failed], false)?.reason,
		).toMatch(/^Event evt_1 has a pending delivery \(dlv_3\)/);
		const pending = {
			id: 'dlv_4',
			event_id: 'evt_1',
			status: 'pending',
			next_attempt_at: '2026-11-21T11:00:00.000000Z',
		};
		const expected =
			/^Delivery dlv_4 is still pending: the platform retries it on its schedule \(next attempt 2026-11-21T11:00:00.000000Z\)\./;
		expect(redeliverSkip(pending, [pending], false)?.reason).toMatch(expected);
		// Also when the event has so many deliveries that this one is not on the page read.
		expect(redeliverSkip(pending, [], false)?.reason).toMatch(expected);
	});

	it("sends only the event's newest delivery: an older failed one is skipped, naming the newer one", () => {
		const newer = { id: 'dlv_9', status: 'failed', created_at: '2026-11-22T10:00:00.000000Z' };
		const skip = redeliverSkip(failed, [newer, failed], false);
		expect(skip?.delivery).toEqual({
			id: 'dlv_9',
			status: 'failed',
			created_at: '2026-11-22T10:00:00.000000Z',
		});
		expect(skip?.reason).toBe(
			`Event evt_1 has a newer delivery, dlv_9 (failed): only an event's newest delivery is sent again. Not sent again; set Options → ${REDELIVER_ANYWAY_OPTION} to send it anyway.`,
		);
		// Not on the page of the event's newest deliveries at all: older than all of them.
		expect(redeliverSkip(failed, [newer], false)?.delivery?.id).toBe('dlv_9');
	});

	it('gives up on an event after 3 tried deliveries failed; one failed without an attempt (subscription disabled) does not count', () => {
		const tried = (id: string) => ({ id, event_id: 'evt_1', status: 'failed', attempt_count: 8 });
		const twice = [tried('dlv_3'), tried('dlv_2')];
		expect(
			redeliverSkip(
				tried('dlv_3'),
				[...twice, { id: 'dlv_1', status: 'failed', attempt_count: 0 }],
				false,
			),
		).toBeUndefined();
		const skip = redeliverSkip(tried('dlv_3'), [...twice, tried('dlv_1')], false);
		expect(skip?.delivery?.id).toBe('dlv_3');
		expect(skip?.reason).toBe(
			`Event evt_1 failed 3 deliveries, each after the platform's attempts: Redeliver gives up on it, so an event the receiver always refuses is not sent for ever. Check that the subscription's workflow is active and its runs succeed. Not sent again; set Options → ${REDELIVER_ANYWAY_OPTION} to send it anyway.`,
		);
		expect(redeliverSkip(tried('dlv_3'), [...twice, tried('dlv_1')], true)).toBeUndefined();
	});

	it('refuses a delivery that succeeded, saying which option sends it again', () => {
		const succeeded = { id: 'dlv_5', event_id: 'evt_5', status: 'succeeded' };
		expect(() => redeliverSkip(succeeded, [], false)).toThrow(ActionableError);
		expect(() => redeliverSkip(succeeded, [], false)).toThrow(
			'Delivery "dlv_5" already succeeded, so Redeliver did not send event "evt_5" again',
		);
	});

	it('quotes and cuts the IDs it echoes: one with a line break cannot forge a log line', () => {
		const forged = `dlv_1\n2026-11-26 INFO forged ${'x'.repeat(100)}`;
		expect(() =>
			redeliverSkip({ id: forged, status: 'succeeded', event_id: 'evt_1' }, [], false),
		).toThrow(/^Delivery "dlv_1\\n2026-11-26 INFO forged x+…" already succeeded/);
	});

	it('refuses a delivery whose event the platform did not name, since nothing can be checked', () => {
		expect(() => redeliverSkip({ id: 'dlv_6', status: 'failed' }, [], false)).toThrow(
			'The platform\'s answer for delivery "dlv_6" names no event_id, so Redeliver cannot check whether the event was delivered since',
		);
	});

	it('sends anything with the option', () => {
		expect(
			redeliverSkip(
				{ id: 'dlv_5', status: 'succeeded' },
				[{ id: 'dlv_5', status: 'succeeded' }],
				true,
			),
		).toBeUndefined();
		expect(redeliverSkip({ id: 'dlv_6', status: 'failed' }, [], true)).toBeUndefined();
	});
});

describe('disabledSkip', () => {
	it('skips a disabled subscription, saying to enable it first', () => {
		expect(disabledSkip({ id: 'wh_1', enabled: false })).toEqual({
			reason:
				'Subscription wh_1 is disabled (enabled: false), so the platform would log a redelivery as failed without sending it. Enable it in the platform, then run again.',
			delivery: null,
		});
	});

	it.each([{ id: 'wh_1', enabled: true }, { id: 'wh_1' }, undefined])(
		'lets %p through',
		(subscription) => {
			expect(disabledSkip(subscription)).toBeUndefined();
		},
	);
});
