import {
	deliveryName,
	simplifyDelivery,
} from '../../../../../nodes/shared/resources/webhookDelivery/simplify';

describe('simplifyDelivery', () => {
	it('keeps the log entry without its attempts, plus what the last attempt got', () => {
		const entry = {
			id: 'dlv_1',
			webhook_id: 'wh_1',
			event_id: 'evt_1',
			event_type: 'payment.succeeded',
			status: 'failed',
			attempt_count: 2,
			next_attempt_at: null,
			created_at: '2026-11-21T09:15:02.000000Z',
		};
		const attempts = [
			{ attempt: 1, response_status: null, error: 'timeout' },
			{ attempt: 2, response_status: 500, error: null },
		];
		expect(simplifyDelivery({ ...entry, attempts })).toEqual({
			...entry,
			last_response_status: 500,
			last_error: null,
		});
	});

	it('counts attempts when the count is missing, and returns a non-record unchanged', () => {
		expect(
			simplifyDelivery({ id: 'dlv_1', attempts: [{ error: 'connection_refused' }] }),
		).toMatchObject({
			attempt_count: 1,
			last_error: 'connection_refused',
			last_response_status: null,
		});
		expect(simplifyDelivery(null)).toBeNull();
	});
});

describe('deliveryName (the record picker list)', () => {
	it('names a delivery by event type, time, status and attempts', () => {
		const delivery = {
			id: 'dlv_1',
			event_type: 'payment.succeeded',
			created_at: '2026-11-21T09:15:02.000000Z',
			status: 'pending',
			attempt_count: 1,
		};
		expect(deliveryName(delivery)).toBe(
			'payment.succeeded — 2026-11-21 09:15 UTC (pending, 1 attempt)',
		);
		expect(deliveryName({ ...delivery, status: 'failed', attempt_count: 3 })).toBe(
			'payment.succeeded — 2026-11-21 09:15 UTC (failed, 3 attempts)',
		);
	});

	it('leaves out what the record lacks', () => {
		expect(deliveryName({ id: 'dlv_1', event_type: 'payment.failed' })).toBe('payment.failed');
	});
});
