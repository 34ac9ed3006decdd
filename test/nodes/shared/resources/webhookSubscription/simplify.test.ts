import { simplifySubscription } from '../../../../../nodes/shared/resources/webhookSubscription/simplify';

describe('simplifySubscription', () => {
	it('keeps the fields a person audits, without updated_at', () => {
		const { updated_at: _updated, ...kept } = {
			id: 'wh_1',
			url: 'https://n8n.example/webhook/a/webhook',
			events: ['payment.failed'],
			description: 'n8n workflow 42',
			enabled: true,
			created_at: '2026-11-01T09:00:00.000000Z',
			updated_at: '2026-11-02T09:00:00.000000Z',
		};
		expect(simplifySubscription({ ...kept, updated_at: _updated })).toEqual(kept);
	});

	it('fills missing fields and returns a non-record unchanged', () => {
		expect(simplifySubscription({ id: 'wh_1' })).toEqual({
			id: 'wh_1',
			url: null,
			events: [],
			description: null,
			enabled: null,
			created_at: null,
		});
		expect(simplifySubscription('x')).toBe('x');
	});
});
