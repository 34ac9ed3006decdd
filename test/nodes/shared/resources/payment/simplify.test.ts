import {
	paymentName,
	simplifyPayment,
} from '../../../../../nodes/shared/resources/payment/simplify';

it('simplifyPayment keeps the flat, friendly fields and returns a non-record unchanged', () => {
	expect(
		simplifyPayment({
			id: 'pay_1',
			student: {
				id: 7,
				student_number: 'S-7',
				first_name: 'Amara',
				preferred_name: null,
				last_name: 'Okafor',
			},
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

const pickerStudent = {
	id: 1042,
	student_number: 'S-2024-001042',
	first_name: 'Amara',
	last_name: 'Okafor',
};

describe('paymentName (the record picker list)', () => {
	const payment = {
		id: 'pay_1',
		student: pickerStudent,
		amount: 125000,
		currency: 'USD',
		paid_at: '2026-11-21T09:15:01.000000Z',
		status: 'partially_refunded',
	};

	it("names a payment by student, amount in the currency's digits, day and status in words", () => {
		expect(paymentName(payment)).toBe(
			'Amara Okafor — 1250.00 USD, 2026-11-21 (partially refunded)',
		);
	});

	it('uses the day it was tried for an unpaid payment, and a currency without minor units as is', () => {
		expect(
			paymentName({
				...payment,
				amount: 5000,
				currency: 'JPY',
				paid_at: null,
				created_at: '2026-11-20T08:00:00Z',
				status: 'failed',
			}),
		).toBe('Amara Okafor — 5000 JPY, 2026-11-20 (failed)');
	});

	it('leaves out what the record lacks', () => {
		expect(
			paymentName({ id: 'pay_1', student: pickerStudent, amount: null, status: 'failed' }),
		).toBe('Amara Okafor (failed)');
	});
});
