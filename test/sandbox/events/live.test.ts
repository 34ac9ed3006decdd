// Live mode: a plausible stream where each student's story runs in order.
import { startSandbox } from '../../../sandbox';
import { ManualClock } from '../../../sandbox/clock';
import { SandboxEvents } from '../../../sandbox/events/emitter';
import { EventFactory } from '../../../sandbox/events/factory';
import { LiveStream } from '../../../sandbox/events/live';
import { StudentStore } from '../../../sandbox/students/store';
import { WebhookService } from '../../../sandbox/webhooks/service';

describe('live mode', () => {
	const clock = new ManualClock();
	const webhooks = new WebhookService({ now: () => clock.now() });
	afterAll(() => webhooks.close());

	function stream(seed: number) {
		const events = new SandboxEvents(
			new EventFactory(seed, new StudentStore({ seed: 3, count: 100, clock }), () => clock.now()),
			webhooks,
		);
		const live = new LiveStream(events, seed, 1000);
		for (let i = 0; i < 200; i++) live.tick();
		return events
			.recent()
			.slice()
			.reverse()
			.map((emitted) => emitted.event);
	}

	it('enrolls a student before their payments, exam results and the enrollment finishing', () => {
		const events = stream(11);
		expect(events).toHaveLength(200);
		const firstIndex = new Map<string, number>();
		events.forEach((event, index) => {
			const key = `${String(event.data.student_id)}:${event.type}`;
			if (!firstIndex.has(key)) firstIndex.set(key, index);
		});
		for (const event of events) {
			const enrolled = firstIndex.get(`${String(event.data.student_id)}:enrollment.created`);
			expect(enrolled).toBeDefined();
			expect(enrolled!).toBeLessThanOrEqual(events.indexOf(event));
		}
		const types = new Set(events.map((e) => e.type));
		for (const type of [
			'enrollment.created',
			'enrollment.updated',
			'payment.succeeded',
			'exam_result.published',
			'enrollment.completed',
		]) {
			expect(types).toContain(type);
		}
		// Several stories are in progress at once.
		const firstFive = new Set(events.slice(0, 12).map((e) => e.data.student_id));
		expect(firstFive.size).toBeGreaterThan(1);
	});

	it('finishes an enrollment with the same enrollment id and course it started with', () => {
		const events = stream(12);
		for (const done of events.filter(
			(e) => e.type === 'enrollment.completed' || e.type === 'enrollment.cancelled',
		)) {
			const created = events.find(
				(e) => e.type === 'enrollment.created' && e.data.id === done.data.id,
			);
			expect(created).toBeDefined();
			expect(done.data.course).toEqual(created!.data.course);
			expect(done.data.student_id).toBe(created!.data.student_id);
		}
	});

	it('is the same stream for the same seed', () => {
		const strip = (events: ReturnType<typeof stream>) =>
			events.map((e) => [e.type, e.data.student_id]);
		expect(strip(stream(5))).toEqual(strip(stream(5)));
	});

	it('runs inside the sandbox when live mode is on, and stops on close', async () => {
		// Jest's clock drives the stream's timer: the ticks that would follow close() are run, not waited for.
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
		try {
			const sandbox = await startSandbox({ port: 0, students: 20, live: true, liveIntervalMs: 20 });
			const events = sandbox.state.events!;
			jest.advanceTimersByTime(60);
			expect(events.recent()).toHaveLength(3);
			await sandbox.close();
			jest.advanceTimersByTime(10 * 20);
			expect(events.recent()).toHaveLength(3);
		} finally {
			jest.useRealTimers();
		}
	});
});
