// The nine event payloads as the contract describes them (docs/api-contract.md §8.3). The factory's
// output is held to these in the tests; overrides from POST /sandbox/events may deliberately break
// them, so the endpoint itself does not.
import { z } from 'zod';

import { DateSchema, TimestampSchema } from './common';
import { StudentSchema } from './student';
import type { EventType } from './events';

export const StudentSummarySchema = StudentSchema.pick({
	id: true,
	student_number: true,
	first_name: true,
	last_name: true,
	email: true,
	grade_level: true,
}).strict();

const LetterGradeSchema = z.enum(['A', 'B', 'C', 'D', 'E', 'F']);

export const EnrollmentSchema = z
	.object({
		id: z.string().regex(/^enr_/),
		student_id: z.number().int().positive(),
		student: StudentSummarySchema,
		course: z
			.object({ id: z.number().int().positive(), code: z.string().min(1), name: z.string().min(1) })
			.strict(),
		term: z
			.object({
				id: z.number().int().positive(),
				name: z.string().min(1),
				starts_on: DateSchema,
				ends_on: DateSchema,
			})
			.strict(),
		status: z.enum(['pending', 'active', 'cancelled', 'completed']),
		enrolled_at: TimestampSchema,
		cancelled_at: TimestampSchema.nullable(),
		cancellation_reason: z.string().min(1).nullable(),
		completed_at: TimestampSchema.nullable(),
		final_grade: LetterGradeSchema.nullable(),
		created_at: TimestampSchema,
		updated_at: TimestampSchema,
	})
	.strict();

export const PaymentSchema = z
	.object({
		id: z.string().regex(/^pay_/),
		student_id: z.number().int().positive(),
		student: StudentSummarySchema,
		invoice_id: z.string().regex(/^inv_/),
		description: z.string().min(1),
		amount: z.number().int().positive(),
		currency: z.string().regex(/^[A-Z]{3}$/),
		status: z.enum(['succeeded', 'failed', 'refunded', 'partially_refunded']),
		method: z.enum(['card', 'bank_transfer', 'direct_debit', 'cash']),
		paid_at: TimestampSchema.nullable(),
		failure_code: z
			.enum(['card_declined', 'insufficient_funds', 'expired_card', 'processing_error'])
			.nullable(),
		failure_message: z.string().min(1).nullable(),
		refunded_amount: z.number().int().min(0),
		refunded_at: TimestampSchema.nullable(),
		refund_reason: z.string().min(1).nullable(),
		created_at: TimestampSchema,
		updated_at: TimestampSchema,
	})
	.strict();

export const ExamResultSchema = z
	.object({
		id: z.string().regex(/^exr_/),
		exam: z
			.object({
				id: z.number().int().positive(),
				name: z.string().min(1),
				subject: z.string().min(1),
				taken_on: DateSchema,
			})
			.strict(),
		student_id: z.number().int().positive(),
		student: StudentSummarySchema,
		score: z.number().min(0),
		max_score: z.number().positive(),
		percentage: z.number().min(0).max(100),
		pass_mark: z.number().min(0),
		grade: LetterGradeSchema,
		passed: z.boolean(),
		published_at: TimestampSchema,
		created_at: TimestampSchema,
		updated_at: TimestampSchema,
	})
	.strict();

const withPrevious = <T extends z.AnyZodObject>(schema: T) =>
	schema.extend({
		previous_attributes: z
			.record(z.unknown())
			.refine((v) => Object.keys(v).length > 0, 'must name the changed fields'),
	});

export const EVENT_DATA_SCHEMAS: Record<EventType, z.ZodTypeAny> = {
	'enrollment.created': EnrollmentSchema,
	'enrollment.updated': withPrevious(EnrollmentSchema),
	'enrollment.cancelled': EnrollmentSchema,
	'enrollment.completed': EnrollmentSchema,
	'payment.succeeded': PaymentSchema,
	'payment.failed': PaymentSchema,
	'payment.refunded': PaymentSchema,
	'exam_result.published': ExamResultSchema,
	'exam_result.updated': withPrevious(ExamResultSchema),
};
