// Realistic `data` for each of the nine event types (docs/api-contract.md §8.3). Every value comes
// from the seeded generator or the sandbox clock, so a seed replays the same payloads.
import {
	CANCELLATION_REASONS,
	EXAM_KINDS,
	PAYMENT_FAILURES,
	PAYMENT_METHODS,
	REFUND_REASONS,
	dateBefore,
	letterGrade,
	pickCharge,
	pickCourse,
	termAt,
	type Course,
} from './catalog';
import type { StudentSummary } from '../students/store';
import { DAY_MS, formatTimestamp } from '../students/time';
import type { Random } from '../random';
import type { EventType } from '../schemas/events';

export interface PayloadContext {
	rng: Random;
	/** Sandbox clock, ms. */
	now: number;
	student: StudentSummary;
}

type Data = Record<string, unknown>;

const courseRef = ({ id, code, name }: Course) => ({ id, code, name });

function enrollment(ctx: PayloadContext, status: string): Data {
	const { rng, now, student } = ctx;
	return {
		id: `enr_${rng.token(8)}`,
		student_id: student.id,
		student,
		course: courseRef(pickCourse(rng, student.grade_level)),
		term: termAt(now),
		status,
		enrolled_at: formatTimestamp(now - rng.int(0, 40) * DAY_MS - rng.int(0, 36_000) * 1000),
		cancelled_at: null,
		cancellation_reason: null,
		completed_at: null,
		final_grade: null,
		created_at: formatTimestamp(now),
		updated_at: formatTimestamp(now),
	};
}

function payment(ctx: PayloadContext): Data {
	const { rng, now, student } = ctx;
	const term = termAt(now);
	const charge = pickCharge(rng, term, now);
	return {
		id: `pay_${rng.token(8)}`,
		student_id: student.id,
		student,
		invoice_id: `inv_${rng.token(8)}`,
		description: charge.description,
		amount: charge.amount,
		currency: 'USD',
		status: 'succeeded',
		method: rng.pick(PAYMENT_METHODS),
		paid_at: formatTimestamp(now - 1000),
		failure_code: null,
		failure_message: null,
		refunded_amount: 0,
		refunded_at: null,
		refund_reason: null,
		created_at: formatTimestamp(now),
		updated_at: formatTimestamp(now),
	};
}

function examResult(ctx: PayloadContext): Data {
	const { rng, now, student } = ctx;
	const course = pickCourse(rng, student.grade_level);
	const maxScore = rng.pick([100, 100, 100, 50, 80]);
	// Mostly passes, a realistic tail of fails; scores in half points.
	const score = Math.min(
		maxScore,
		Math.round(maxScore * Math.min(1, Math.max(0.2, 0.45 + rng.next() * 0.6)) * 2) / 2,
	);
	return {
		id: `exr_${rng.token(8)}`,
		exam: {
			id: rng.int(1, 999),
			name: `${course.name} — ${rng.pick(EXAM_KINDS)}`,
			subject: course.subject,
			taken_on: dateBefore(now, rng.int(3, 14)),
		},
		student_id: student.id,
		student,
		...scoreFields(score, maxScore, maxScore / 2),
		published_at: formatTimestamp(now - 60_000),
		created_at: formatTimestamp(now),
		updated_at: formatTimestamp(now),
	};
}

/** percentage, grade and passed follow from score, max_score and pass_mark (contract §8.3). */
export function scoreFields(score: number, maxScore: number, passMark: number): Data {
	const percentage = Math.round((score / maxScore) * 1000) / 10;
	return {
		score,
		max_score: maxScore,
		percentage,
		pass_mark: passMark,
		grade: letterGrade(percentage),
		passed: score >= passMark,
	};
}

/** A course the student was moved from: any other one fit for their grade. */
function otherCourse(ctx: PayloadContext, current: { id: number }) {
	let course = pickCourse(ctx.rng, ctx.student.grade_level);
	while (course.id === current.id) course = pickCourse(ctx.rng, ctx.student.grade_level);
	return courseRef(course);
}

type Builder = (ctx: PayloadContext) => Data;

export const PAYLOAD_BUILDERS: Record<EventType, Builder> = {
	'enrollment.created': (ctx) => enrollment(ctx, ctx.rng.chance(0.7) ? 'active' : 'pending'),
	'enrollment.updated': (ctx) => {
		const data = enrollment(ctx, 'active');
		const previous = ctx.rng.chance(0.5)
			? { status: 'pending' }
			: { course: otherCourse(ctx, data.course as { id: number }) };
		return { ...data, previous_attributes: previous };
	},
	'enrollment.cancelled': (ctx) => ({
		...enrollment(ctx, 'cancelled'),
		cancelled_at: formatTimestamp(ctx.now - 1000),
		cancellation_reason: ctx.rng.pick(CANCELLATION_REASONS),
	}),
	'enrollment.completed': (ctx) => ({
		...enrollment(ctx, 'completed'),
		completed_at: formatTimestamp(ctx.now - 1000),
		final_grade: ctx.rng.chance(0.1)
			? null
			: ctx.rng.pick(['A', 'A', 'B', 'B', 'B', 'C', 'C', 'D', 'F']),
	}),
	'payment.succeeded': payment,
	'payment.failed': (ctx) => {
		const failure = ctx.rng.pick(PAYMENT_FAILURES);
		return {
			...payment(ctx),
			status: 'failed',
			method: 'card',
			paid_at: null,
			failure_code: failure.code,
			failure_message: failure.message,
		};
	},
	'payment.refunded': (ctx) => {
		const data = payment(ctx);
		const amount = data.amount as number;
		const partial = ctx.rng.chance(0.3);
		return {
			...data,
			status: partial ? 'partially_refunded' : 'refunded',
			paid_at: formatTimestamp(ctx.now - ctx.rng.int(2, 30) * DAY_MS),
			refunded_amount: partial ? Math.round(amount * ctx.rng.pick([0.25, 0.5])) : amount,
			refunded_at: formatTimestamp(ctx.now - 1000),
			refund_reason: ctx.rng.pick(REFUND_REASONS),
		};
	},
	'exam_result.published': examResult,
	'exam_result.updated': (ctx) => {
		const data = examResult(ctx);
		// A re-mark: the old score was a few points different, so grade and pass may have changed too.
		const oldScore = Math.max(0, (data.score as number) - ctx.rng.int(1, 6));
		const old = scoreFields(oldScore, data.max_score as number, data.pass_mark as number);
		const previous: Data = { score: old.score, percentage: old.percentage };
		if (old.grade !== data.grade) previous.grade = old.grade;
		if (old.passed !== data.passed) previous.passed = old.passed;
		return { ...data, previous_attributes: previous };
	},
};
