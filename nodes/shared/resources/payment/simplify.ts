// Pure: no n8n import. A payment's Simplify output: amounts both in minor units (as the API
// sends them) and as a decimal in the currency, for sums and sheets.
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';
import { decimalAmount, listDay, listItemName, listText, listWords, moneyText } from '../simplify';
import { studentFields } from '../student/simplify';

export function simplifyPayment(payment: unknown): unknown {
	if (!isJsonRecord(payment)) return payment;
	return {
		id: payment.id ?? null,
		...studentFields(payment),
		invoice_id: payment.invoice_id ?? null,
		description: payment.description ?? null,
		amount_minor: payment.amount ?? null,
		amount: decimalAmount(payment.amount, payment.currency),
		currency: payment.currency ?? null,
		status: payment.status ?? null,
		method: payment.method ?? null,
		paid_at: payment.paid_at ?? null,
		failure_message: payment.failure_message ?? null,
		refunded_amount_minor: payment.refunded_amount ?? null,
		refunded_amount: decimalAmount(payment.refunded_amount, payment.currency),
		refunded_at: payment.refunded_at ?? null,
		refund_reason: payment.refund_reason ?? null,
	};
}

/** "Amara Okafor — 1250.00 USD, 2026-11-21 (succeeded)": the day it was paid, else the day it was tried. */
export function paymentName(payment: JsonRecord): string {
	return listItemName(
		listText(studentFields(payment).student_name),
		[
			moneyText(payment.amount, payment.currency),
			listDay(payment.paid_at) ?? listDay(payment.created_at),
		],
		listWords(payment.status),
	);
}
