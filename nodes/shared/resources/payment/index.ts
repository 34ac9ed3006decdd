import type { ListedResource } from '../descriptor';
import {
	booleanFilter,
	dateRangeFilters,
	enumFilter,
	listParameters,
	textListFilter,
	updatedSinceFilter,
} from '../../descriptions/filters';
import { searchablePicker } from '../listPicker';
import { prefixedRecordId } from '../recordId';
import { studentFilter } from '../student/picker';
import { paymentName, simplifyPayment } from './simplify';
import { READ_SCOPES } from '../../scopes';

const PAYMENT_STATUSES = ['succeeded', 'failed', 'refunded', 'partially_refunded'] as const;
const PAYMENT_METHODS = ['card', 'bank_transfer', 'direct_debit', 'cash'] as const;
const PAYMENT_SORT_FIELDS = [
	'id',
	'student_id',
	'amount',
	'status',
	'paid_at',
	'refunded_at',
	'updated_at',
] as const;

const list = listParameters(
	[
		studentFilter('payments'),
		textListFilter(
			'invoiceId',
			'invoice_id',
			'Invoice IDs',
			'e.g. inv_7Hq2Lm4P',
			'Payments of any of these invoices.',
		),
		enumFilter(
			'status',
			'status',
			'Status',
			PAYMENT_STATUSES,
			'a payment status',
			'Payments with any of these statuses',
		),
		enumFilter(
			'method',
			'method',
			'Method',
			PAYMENT_METHODS,
			'a payment method',
			'Payments made with any of these methods',
		),
		textListFilter('currency', 'currency', 'Currency', 'e.g. USD', 'ISO 4217 currency code.'),
		...dateRangeFilters('paid', 'Paid', 'payments paid'),
		booleanFilter(
			'refunded',
			'refunded',
			'Refunded',
			'Whether to return only refunded (fully or partly) payments, or only payments never refunded',
		),
		updatedSinceFilter('payments'),
	],
	PAYMENT_SORT_FIELDS,
);

const PATH = '/payments';
const ID = prefixedRecordId('payment', 'Payment', 'pay', 'pay_3Qw8Er5T', 'Student or Invoice');

export const resource: ListedResource = {
	value: 'payment',
	displayName: 'Payment',
	plural: 'payments',
	path: PATH,
	scope: READ_SCOPES.payment,
	summary:
		"ID, the student, invoice, description, amount in cents (the currency's smallest unit) and currency, status, method, paid, failure and refund details",
	id: ID,
	...list,
	defaultSortField: 'paid_at',
	// docs/api-contract.md §2 and §8.3.
	recordFields: [
		'id',
		'student_id',
		'student',
		'invoice_id',
		'description',
		'amount',
		'currency',
		'status',
		'method',
		'paid_at',
		'failure_code',
		'failure_message',
		'refunded_amount',
		'refunded_at',
		'refund_reason',
		'created_at',
		'updated_at',
	],
	simplify: simplifyPayment,
	simplifyDescription:
		"ID, student ID, name and number, invoice, description, amount in cents (the currency's smallest unit) and as a decimal with the currency, status, method, paid date, failure message and refund",
	simplifiedFields: {
		keys: [
			'id',
			'student_name',
			'student_id',
			'invoice_id',
			'amount',
			'currency',
			'status',
			'method',
			'paid_at',
			'refunded_amount',
		],
		description:
			'ID, student name and ID, invoice, amount with the currency, status, method, paid date and refunded amount',
	},
	webhook: {
		groupName: 'All Payment Events',
		makeOneHappen: 'record a payment',
		events: {
			'payment.succeeded': 'A payment went through',
			'payment.failed': 'A payment failed (failure_code and failure_message say why)',
			'payment.refunded': 'A payment was refunded in full or in part',
		},
	},
	poll: {
		created: {
			event: 'payment.created',
			description: 'A payment was made or attempted (succeeded or failed)',
		},
		updated: { event: 'payment.updated', description: 'A payment changed, e.g. refunded' },
	},
	picker: searchablePicker({
		parameter: ID.parameter,
		displayName: 'Payment',
		prefix: 'pay',
		example: 'pay_3Qw8Er5T',
		method: 'searchPayments',
		placeholder: 'Search by student name or description…',
		list: (search) => ({ path: PATH, sort: '-updated_at', search, name: paymentName }),
	}),
};
