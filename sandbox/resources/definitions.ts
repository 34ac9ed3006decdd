/**
 * Enrollments, payments and exam results (contract §3.6): what each one is made of, how it is
 * filtered and sorted. Records are the event payloads of §8.3 — the sandbox makes them with the
 * same builders events use, as if each event had happened some day in the past year.
 */
import { z } from 'zod';

import { EnrollmentSchema, ExamResultSchema, PaymentSchema } from '../schemas/eventPayloads';
import { PAYLOAD_BUILDERS } from './payloads';
import { mix, Random } from '../random';
import type { EventType } from '../schemas/events';
import { DAY_MS, formatTimestamp } from '../students/time';
import type { StudentStore } from '../students/store';
import type { Scope } from '../scopes';
import type { ListDefinition } from './query';
import { RecordStore, type SandboxRecord } from './recordStore';

type Fields = Record<string, unknown>;
const field = (name: string) => (record: SandboxRecord) => record[name];
const nested = (outer: string, inner: string) => (record: SandboxRecord) =>
	(record[outer] as Fields | null)?.[inner];
const sortable = (name: string) => (record: SandboxRecord) =>
	(record[name] ?? null) as string | number | null;

export interface ResourceDefinition extends ListDefinition<SandboxRecord> {
	/** Path under /v1 and the name in admin and error messages. */
	path: 'enrollments' | 'payments' | 'exam-results';
	noun: string;
	prefix: string;
	scope: Scope;
	perStudent: number;
	/** Event types whose data is this resource, and which of them make a new one. */
	eventPrefix: string;
	createdBy: readonly EventType[];
	/** How a generated record came about: one of these events, picked by weight. */
	origins: readonly EventType[];
	schema: z.ZodTypeAny;
	/** The record's own texts `filter[search]` looks in, besides its student (contract §3.7). */
	searchTexts: (record: SandboxRecord) => unknown[];
}

const updatedSince = { updated_since: { kind: 'since', value: field('updated_at') } } as const;
const common = {
	id: sortable('id'),
	student_id: sortable('student_id'),
	updated_at: sortable('updated_at'),
};

export const RESOURCE_DEFINITIONS: readonly ResourceDefinition[] = [
	{
		path: 'enrollments',
		noun: 'enrollment',
		prefix: 'enr',
		scope: 'enrollments:read',
		perStudent: 3,
		eventPrefix: 'enrollment.',
		createdBy: ['enrollment.created'],
		origins: [
			'enrollment.created',
			'enrollment.created',
			'enrollment.updated',
			'enrollment.updated',
			'enrollment.cancelled',
			'enrollment.completed',
			'enrollment.completed',
		],
		schema: EnrollmentSchema,
		searchTexts: (record) => [nested('course', 'name')(record), nested('course', 'code')(record)],
		filters: {
			student_id: { kind: 'ids', value: field('student_id') },
			course_id: { kind: 'ids', value: nested('course', 'id') },
			term_id: { kind: 'ids', value: nested('term', 'id') },
			status: {
				kind: 'values',
				value: field('status'),
				allowed: ['pending', 'active', 'cancelled', 'completed'],
			},
			enrolled_after: { kind: 'after', value: field('enrolled_at') },
			enrolled_before: { kind: 'before', value: field('enrolled_at') },
			cancelled_after: { kind: 'after', value: field('cancelled_at') },
			cancelled_before: { kind: 'before', value: field('cancelled_at') },
			completed_after: { kind: 'after', value: field('completed_at') },
			completed_before: { kind: 'before', value: field('completed_at') },
			...updatedSince,
		},
		sorts: {
			...common,
			status: sortable('status'),
			enrolled_at: sortable('enrolled_at'),
			cancelled_at: sortable('cancelled_at'),
			completed_at: sortable('completed_at'),
		},
	},
	{
		path: 'payments',
		noun: 'payment',
		prefix: 'pay',
		scope: 'payments:read',
		perStudent: 2,
		eventPrefix: 'payment.',
		createdBy: ['payment.succeeded', 'payment.failed'],
		origins: [
			'payment.succeeded',
			'payment.succeeded',
			'payment.succeeded',
			'payment.succeeded',
			'payment.failed',
			'payment.refunded',
		],
		schema: PaymentSchema,
		searchTexts: (record) => [record.description],
		filters: {
			student_id: { kind: 'ids', value: field('student_id') },
			invoice_id: { kind: 'values', value: field('invoice_id') },
			status: {
				kind: 'values',
				value: field('status'),
				allowed: ['succeeded', 'failed', 'refunded', 'partially_refunded'],
			},
			method: {
				kind: 'values',
				value: field('method'),
				allowed: ['card', 'bank_transfer', 'direct_debit', 'cash'],
			},
			currency: { kind: 'values', value: field('currency') },
			paid_after: { kind: 'after', value: field('paid_at') },
			paid_before: { kind: 'before', value: field('paid_at') },
			refunded: { kind: 'boolean', value: (record) => Number(record.refunded_amount) > 0 },
			...updatedSince,
		},
		sorts: {
			...common,
			amount: sortable('amount'),
			status: sortable('status'),
			paid_at: sortable('paid_at'),
			refunded_at: sortable('refunded_at'),
		},
	},
	{
		path: 'exam-results',
		noun: 'exam result',
		prefix: 'exr',
		scope: 'exam_results:read',
		perStudent: 2,
		eventPrefix: 'exam_result.',
		createdBy: ['exam_result.published'],
		origins: [
			'exam_result.published',
			'exam_result.published',
			'exam_result.published',
			'exam_result.updated',
		],
		schema: ExamResultSchema,
		searchTexts: (record) => [nested('exam', 'name')(record), nested('exam', 'subject')(record)],
		filters: {
			student_id: { kind: 'ids', value: field('student_id') },
			exam_id: { kind: 'ids', value: nested('exam', 'id') },
			subject: { kind: 'values', value: nested('exam', 'subject') },
			passed: { kind: 'boolean', value: field('passed') },
			grade: { kind: 'values', value: field('grade'), allowed: ['A', 'B', 'C', 'D', 'E', 'F'] },
			published_after: { kind: 'after', value: field('published_at') },
			published_before: { kind: 'before', value: field('published_at') },
			...updatedSince,
		},
		sorts: {
			...common,
			score: sortable('score'),
			percentage: sortable('percentage'),
			grade: sortable('grade'),
			published_at: sortable('published_at'),
		},
	},
];

/**
 * The definition with `filter[search]`: the record's student matches the students' own search
 * (§3.2: name, e-mail or student number), or one of its searchTexts holds the text.
 */
export function withSearch(
	definition: ResourceDefinition,
	students: StudentStore,
): ListDefinition<SandboxRecord> {
	const matches = (term: string) => {
		const studentIds = new Set(students.query({ filter: { search: term } }).ids());
		return (record: SandboxRecord) =>
			studentIds.has(record.student_id) ||
			definition
				.searchTexts(record)
				.some((text) => typeof text === 'string' && text.toLowerCase().includes(term));
	};
	return {
		filters: { ...definition.filters, search: { kind: 'search', matches } },
		sorts: definition.sorts,
	};
}

/** A record as the event that made it said, at a moment in the year before `anchor`. */
function generator(definition: ResourceDefinition, seed: number, anchor: number) {
	const salt = definition.prefix.charCodeAt(0) * 65536 + definition.prefix.charCodeAt(2);
	return (index: number, studentId: number, gradeLevel: number): Omit<SandboxRecord, 'id'> => {
		const rng = new Random(mix(seed, salt, index));
		const now = anchor - rng.int(1, 365) * DAY_MS - rng.int(0, 86_399) * 1000;
		const type = rng.pick(definition.origins);
		const student = { id: studentId, grade_level: gradeLevel } as Parameters<
			(typeof PAYLOAD_BUILDERS)[EventType]
		>[0]['student'];
		const {
			id: _id,
			student: _student,
			previous_attributes: _previous,
			...data
		} = PAYLOAD_BUILDERS[type]({ rng, now, student });
		// A record last changed by a later event (updated, cancelled, refunded…) was made before it.
		const createdAt = definition.createdBy.includes(type) ? now : now - rng.int(1, 90) * DAY_MS;
		return { ...data, created_at: formatTimestamp(createdAt) } as Omit<SandboxRecord, 'id'>;
	};
}

export function createRecordStore(
	definition: ResourceDefinition,
	students: StudentStore,
	seed: number,
	anchor: number,
): RecordStore {
	return new RecordStore({
		prefix: definition.prefix,
		perStudent: definition.perStudent,
		students,
		generate: generator(definition, seed, anchor),
	});
}
