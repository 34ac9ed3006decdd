// What the node lets through of a subscription or a delivery: the contract's fields only.
import {
	deliveryFields,
	subscriptionFields,
} from '../../../../../nodes/shared/resources/webhookSubscription/contractFields';

describe('subscriptionFields and deliveryFields', () => {
	const subscription = {
		id: 'wh_1',
		url: 'https://x.example/h',
		events: ['payment.failed'],
		description: 'd',
		enabled: true,
		created_at: 't0',
		updated_at: 't1',
	};
	const attempt = {
		attempt: 1,
		started_at: 't',
		duration_ms: 38,
		response_status: 500,
		error: null,
	};
	const delivery = {
		id: 'dlv_1',
		webhook_id: 'wh_1',
		event_id: 'evt_1',
		event_type: 'payment.failed',
		status: 'failed',
		attempt_count: 1,
		next_attempt_at: null,
		created_at: 't0',
		attempts: [attempt],
	};

	it('keep every field of the contract (§8.1, §8.6) as it is', () => {
		expect(subscriptionFields(subscription)).toEqual(subscription);
		expect(deliveryFields(delivery)).toEqual(delivery);
	});

	it('leave out every other field, whatever its name: a secret under any name, credentials, headers, a nested object', () => {
		const strays = {
			secret: 'whsec_x',
			signing_key: 'k',
			credentials: { user: 'u', password: 'p' },
			request_headers: { authorization: 'Bearer t' },
			meta: { note: 'x' },
		};
		expect(subscriptionFields({ ...subscription, ...strays })).toEqual(subscription);
		expect(
			deliveryFields({ ...delivery, ...strays, attempts: [{ ...attempt, ...strays }] }),
		).toEqual(delivery);
	});

	it("leave out a contract field whose value is not of the contract's kind; an event or attempt that is not one becomes null, the list keeping its length", () => {
		expect(
			subscriptionFields({
				id: 'wh_1',
				description: { signing_key: 'k' },
				url: ['https://x.example/h'],
				events: ['payment.failed', { token: 't' }, 7],
			}),
		).toEqual({ id: 'wh_1', events: ['payment.failed', null, null] });
		expect(
			deliveryFields({
				id: 'dlv_1',
				error: 'x',
				attempts: [{ attempt: 1, error: { stack: 's' } }, 'x', null],
			}),
		).toEqual({ id: 'dlv_1', attempts: [{ attempt: 1 }, null, null] });
		expect(deliveryFields({ id: 'dlv_1', attempts: { attempt: 1 } })).toEqual({ id: 'dlv_1' });
	});

	it('apply to each record of a list, and leave anything else as it is', () => {
		expect(subscriptionFields([{ ...subscription, secret: 's' }, 'x'])).toEqual([
			subscription,
			'x',
		]);
		expect(deliveryFields(null)).toBeNull();
		expect(subscriptionFields('<html>')).toBe('<html>');
	});

	it('keep no field named __proto__ or constructor (not own fields of the contract)', () => {
		const parsed = JSON.parse(
			'{"id":"wh_1","__proto__":{"polluted":true},"constructor":{"x":1}}',
		) as unknown;
		const kept = subscriptionFields(parsed) as Record<string, unknown>;
		expect(kept).toEqual({ id: 'wh_1' });
		expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
	});
});
