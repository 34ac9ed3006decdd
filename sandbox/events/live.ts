// Live mode (SANDBOX_LIVE=1): a plausible stream of events for demos. Each story follows one
// student: enrolled in a course, pays for it (sometimes after a declined card), sits an exam, and
// finishes or drops the course. Stories overlap, so the stream interleaves several students.
import type { SandboxEvents } from './emitter';
import { Random } from '../random';
import type { EventType } from '../schemas/events';

interface Step {
	type: EventType;
	overrides: Record<string, unknown>;
}

export class LiveStream {
	private readonly rng: Random;
	private readonly queue: Step[] = [];
	private timer: NodeJS.Timeout | undefined;

	constructor(
		private readonly events: SandboxEvents,
		seed: number,
		private readonly intervalMs: number,
	) {
		this.rng = new Random(seed);
	}

	start(): void {
		if (this.timer) return;
		this.timer = setInterval(() => this.tick(), this.intervalMs);
		this.timer.unref();
	}

	stop(): void {
		clearInterval(this.timer);
		this.timer = undefined;
	}

	/** Emits the next event: mostly the next step of a running story, sometimes a new story. */
	tick(): void {
		try {
			if (this.queue.length > 0 && (this.queue.length >= 6 || this.rng.chance(0.65))) {
				const step = this.takeStep();
				this.events.emit(step.type, step.overrides);
			} else this.startStory();
		} catch (error) {
			// E.g. a sandbox without students: stop rather than crash the server from a timer.
			this.stop();
			console.error(`Live mode stopped: ${(error as Error).message}`);
		}
	}

	/** A random queued step, so stories interleave rather than run one after another. */
	private takeStep(): Step {
		return this.queue.splice(this.rng.int(0, Math.min(2, this.queue.length - 1)), 1)[0];
	}

	/** Enrolls a random student and queues the rest of their story. */
	private startStory(): void {
		const studentId = this.events.pickStudentId();
		const student = { student_id: studentId };
		const [enrollment] = this.events.emit('enrollment.created', { ...student, status: 'pending' });
		const { id, course, term } = enrollment.event.data as Record<string, unknown>;
		const sameEnrollment = { ...student, id, course, term };
		const later: Step[] = [
			{
				type: 'enrollment.updated',
				overrides: {
					...sameEnrollment,
					status: 'active',
					previous_attributes: { status: 'pending' },
				},
			},
		];
		if (this.rng.chance(0.2)) later.push({ type: 'payment.failed', overrides: student });
		later.push({ type: 'payment.succeeded', overrides: student });
		if (this.rng.chance(0.08)) {
			later.push(
				{ type: 'payment.refunded', overrides: student },
				{ type: 'enrollment.cancelled', overrides: sameEnrollment },
			);
		} else {
			later.push({ type: 'exam_result.published', overrides: student });
			if (this.rng.chance(0.15)) later.push({ type: 'exam_result.updated', overrides: student });
			later.push({ type: 'enrollment.completed', overrides: sameEnrollment });
		}
		this.queue.push(...later);
	}
}
