import { simplifyPayment } from '../../../../../nodes/shared/resources/payment/simplify';

it('simplifyPayment keeps the flat, friendly fields and returns a non-record unchanged', () => {
	expect(
		simplifyPayment({
			id: 'pay_1',
			student: { id: 7, student_number: 'S-7', first_name: 'Amara', preferred_name: null, last_name: 'Okafor' },
			invoice_id: 'inv_1',
			amount: 125_050,
			currency: 'USD',
			status: 'partially_refunded',
			refunded_amount: 62_525,
		}),
	).toEqual({
			id: 'pay_1',
			student_id: 7,
			student_name: 'Amara Okafor',
			student_number: 'S-7',
			invoice_id: 'inv_1',
			description: null,
			amount_minor: 125_050,
			amount: 1250.5,
			currency: 'USD',
			status: 'partially_refunded',
			method: null,
			paid_at: null,
			failure_message: null,
			refunded_amount_minor: 62_525,
			refunded_amount: 625.25,
			refunded_at: null,
			refund_reason: null,
		});
	expect(simplifyPayment('not a record')).toBe('not a record');
});
