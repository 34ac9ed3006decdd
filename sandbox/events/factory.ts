// Makes events: realistic payloads from the seeded generator and the sandbox's real students,
// with the caller's overrides merged in (docs/api-contract.md §8.3).
import { eventId } from '../webhooks/ids';
import { formatTimestamp } from '../students/time';
import type { StudentStore, StudentSummary } from '../students/store';
import { linkToRecord, type RecordDirectory } from './linkage';
import { deepMerge } from './merge';
import { PAYLOAD_BUILDERS, scoreFields } from '../resources/payloads';
import { Random } from '../random';
import type { EventType, PlatformEvent } from '../schemas/events';

/** Where events find their students: the sandbox's student store (ids 1..count). */
export type StudentDirectory = Pick<StudentStore, 'count' | 'summary'>;

export class EventFactoryError extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(message);
	}
}

const DERIVED_SCORE_FIELDS = ['percentage', 'grade', 'passed'] as const;

export class EventFactory {
	private readonly rng: Random;

	constructor(
		seed: number,
		private readonly students: StudentDirectory,
		private readonly now: () => number,
		/** When given, events create or change these records (contract §3.6). */
		private readonly records?: RecordDirectory,
	) {
		this.rng = new Random(seed);
	}

	/**
	 * One event of `type`. `overrides` merge deeply into `data`; a `student_id` override picks that
	 * student for the summary, and score overrides on exam results recompute percentage, grade and
	 * passed unless those are overridden too.
	 */
	create(type: EventType, overrides: Record<string, unknown> = {}): PlatformEvent {
		const now = this.now();
		const student = this.studentFor(overrides);
		let data = PAYLOAD_BUILDERS[type]({ rng: this.rng, now, student });
		if (this.records) data = linkToRecord(this.records, type, data);
		data = deepMerge(data, overrides);
		if (type.startsWith('exam_result.')) data = withConsistentScore(data, overrides);
		return { id: eventId(now), type, created_at: formatTimestamp(now), data };
	}

	/** A random student, or the one named by `student_id` in the overrides. */
	pickStudent(): StudentSummary {
		const count = this.students.count;
		const student = count > 0 ? this.students.summary(this.rng.int(1, count)) : undefined;
		if (!student)
			throw new EventFactoryError(
				'body',
				'The sandbox has no students to make events about; start it with SANDBOX_STUDENTS above 0.',
			);
		return student;
	}

	private studentFor(overrides: Record<string, unknown>): StudentSummary {
		const requested = overrides.student_id;
		if (requested === undefined) return this.pickStudent();
		const student = typeof requested === 'number' ? this.students.summary(requested) : undefined;
		if (!student)
			throw new EventFactoryError('data.student_id', `No student with ID ${String(requested)}.`);
		return student;
	}
}

function withConsistentScore(
	data: Record<string, unknown>,
	overrides: Record<string, unknown>,
): Record<string, unknown> {
	const changed = ['score', 'max_score', 'pass_mark'].some((key) => key in overrides);
	if (
		!changed ||
		typeof data.score !== 'number' ||
		typeof data.max_score !== 'number' ||
		typeof data.pass_mark !== 'number'
	) {
		return data;
	}
	const derived = scoreFields(data.score, data.max_score, data.pass_mark);
	for (const key of DERIVED_SCORE_FIELDS) if (!(key in overrides)) data[key] = derived[key];
	return data;
}
