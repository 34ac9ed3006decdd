import { ActionableError } from '../../../../../nodes/shared/errors';
import { REDELIVER_ANYWAY_OPTION, redeliverSkip } from '../../../../../nodes/shared/resources/webhookDelivery/redeliverCheck';

const failed = { id: 'dlv_1', event_id: 'evt_1', status: 'failed' };

describe('redeliverSkip', () => {
	it('sends a failed delivery whose event has no succeeded or pending delivery', () => {
		expect(redeliverSkip(failed, [], false)).toBeUndefined();
		expect(redeliverSkip(failed, [{ id: 'dlv_0', status: 'failed' }], false)).toBeUndefined();
	});

	it('skips when the event was delivered since, naming the delivery and the option', () => {
		const skip = redeliverSkip(failed, [{ id: 'dlv_2', status: 'succeeded', created_at: '2026-11-21T10:00:00.000000Z' }], false);
		expect(skip?.delivery).toEqual({ id: 'dlv_2', status: 'succeeded', created_at: '2026-11-21T10:00:00.000000Z' });
		expect(skip?.reason).toBe(`Event evt_1 was delivered since: delivery dlv_2 succeeded. Not sent again; set Options → ${REDELIVER_ANYWAY_OPTION} to send it anyway.`);
	});

	it('skips while another delivery of the event, or this one, is still pending', () => {
		expect(redeliverSkip(failed, [{ id: 'dlv_3', status: 'pending' }], false)?.reason).toMatch(/^Event evt_1 has a pending delivery \(dlv_3\)/);
		const pending = { id: 'dlv_4', event_id: 'evt_1', status: 'pending' };
		expect(redeliverSkip(pending, [{ ...pending, next_attempt_at: '2026-11-21T11:00:00.000000Z' }], false)?.reason).toMatch(
			/^Delivery dlv_4 is still pending: the platform retries it on its schedule \(next attempt 2026-11-21T11:00:00.000000Z\)\./,
		);
	});

	it('refuses a delivery that succeeded, saying which option sends it again', () => {
		const succeeded = { id: 'dlv_5', event_id: 'evt_5', status: 'succeeded' };
		expect(() => redeliverSkip(succeeded, [], false)).toThrow(ActionableError);
		expect(() => redeliverSkip(succeeded, [], false)).toThrow('Delivery dlv_5 already succeeded, so Redeliver did not send event evt_5 again');
	});

	it('sends anything with the option', () => {
		expect(redeliverSkip({ id: 'dlv_5', status: 'succeeded' }, [{ id: 'dlv_5', status: 'succeeded' }], true)).toBeUndefined();
	});
});
