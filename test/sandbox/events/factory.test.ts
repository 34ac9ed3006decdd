// Event payloads (contract §8.3): realistic, about real students, deterministic for a seed.
import { ManualClock } from '../../../sandbox/clock';
import { EventFactory, EventFactoryError } from '../../../sandbox/events/factory';
import { EVENT_DATA_SCHEMAS } from '../../../sandbox/schemas/eventPayloads';
import { EVENT_TYPES, type EventType } from '../../../sandbox/schemas/events';
import { StudentStore } from '../../../sandbox/students/store';

const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 15, 2));
const students = new StudentStore({ seed: 7, count: 200, clock });
const factory = (seed = 1) => new EventFactory(seed, students, () => clock.now());

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const DATE = /^\d{4}-\d\d-\d\d$/;

/** Every payload names a real student, by id and by an up-to-date summary. */
function expectRealStudent(data: Record<string, any>) {
	expect(data.student).toEqual(students.summary(data.student_id));
	expect(Object.keys(data.student).sort()).toEqual([
		'email',
		'first_name',
		'grade_level',
		'id',
		'last_name',
		'student_number',
	]);
}

describe('event factory', () => {
	it('wraps data in the envelope with a unique evt_ id and the clock time', () => {
		const make = factory();
		const events = EVENT_TYPES.flatMap((type) => [make.create(type), make.create(type)]);
		for (const event of events) {
			expect(Object.keys(event)).toEqual(['id', 'type', 'created_at', 'data']);
			expect(event.id).toMatch(/^evt_[0-9A-Z]{20}$/);
			expect(event.created_at).toBe('2026-11-21T09:15:02.000000Z');
		}
		expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
	});

	it.each(EVENT_TYPES)('%s data matches the contract schema', (type) => {
		const make = factory(3);
		for (let i = 0; i < 50; i++) {
			const result = EVENT_DATA_SCHEMAS[type].safeParse(make.create(type).data);
			expect(result.success ? 'valid' : result.error.issues).toBe('valid');
		}
	});

	it('replays the same payloads for the same seed, and different ones for another seed', () => {
		const run = (seed: number) => EVENT_TYPES.map((type) => factory(seed).create(type).data);
		expect(run(5)).toEqual(run(5));
		expect(run(5)).not.toEqual(run(6));
	});

	it.each([
		'enrollment.created',
		'enrollment.updated',
		'enrollment.cancelled',
		'enrollment.completed',
	] as EventType[])('%s is an enrollment in a course for a term', (type) => {
		const make = factory();
		for (let i = 0; i < 20; i++) {
			const { data } = make.create(type) as { data: Record<string, any> };
			expectRealStudent(data);
			expect(data.id).toMatch(/^enr_[0-9A-Za-z]{8}$/);
			expect(data.course).toEqual({
				id: expect.any(Number),
				code: expect.stringMatching(/^[A-Z]+-(K|\d+)[ABC]$/),
				name: expect.any(String),
			});
			expect(data.term).toEqual({
				id: expect.any(Number),
				name: 'Fall 2026',
				starts_on: '2026-09-01',
				ends_on: '2026-12-18',
			});
			expect(data.enrolled_at).toMatch(TIMESTAMP);
			if (type === 'enrollment.created' || type === 'enrollment.updated') {
				expect(['pending', 'active']).toContain(data.status);
				expect([
					data.cancelled_at,
					data.cancellation_reason,
					data.completed_at,
					data.final_grade,
				]).toEqual([null, null, null, null]);
			}
			if (type === 'enrollment.updated') {
				expect(Object.keys(data.previous_attributes).length).toBeGreaterThan(0);
				for (const [field, old] of Object.entries(data.previous_attributes))
					expect(data[field]).not.toEqual(old);
			}
			if (type === 'enrollment.cancelled') {
				expect(data).toMatchObject({
					status: 'cancelled',
					cancelled_at: expect.stringMatching(TIMESTAMP),
					cancellation_reason: expect.any(String),
				});
			}
			if (type === 'enrollment.completed') {
				expect(data).toMatchObject({
					status: 'completed',
					completed_at: expect.stringMatching(TIMESTAMP),
				});
				expect([null, 'A', 'B', 'C', 'D', 'F']).toContain(data.final_grade);
			}
		}
	});

	it.each(['payment.succeeded', 'payment.failed', 'payment.refunded'] as EventType[])(
		'%s has amounts in minor units and an ISO currency',
		(type) => {
			const make = factory();
			for (let i = 0; i < 20; i++) {
				const { data } = make.create(type) as { data: Record<string, any> };
				expectRealStudent(data);
				expect(data.id).toMatch(/^pay_/);
				expect(data.invoice_id).toMatch(/^inv_/);
				expect(Number.isInteger(data.amount) && data.amount > 0).toBe(true);
				expect(data.currency).toMatch(/^[A-Z]{3}$/);
				expect(['card', 'bank_transfer', 'direct_debit', 'cash']).toContain(data.method);
				expect(data.description).toEqual(expect.any(String));
				if (type === 'payment.succeeded') {
					expect(data).toMatchObject({
						status: 'succeeded',
						paid_at: expect.stringMatching(TIMESTAMP),
						failure_code: null,
						refunded_amount: 0,
					});
				}
				if (type === 'payment.failed') {
					expect(data).toMatchObject({
						status: 'failed',
						paid_at: null,
						failure_message: expect.any(String),
					});
					expect([
						'card_declined',
						'insufficient_funds',
						'expired_card',
						'processing_error',
					]).toContain(data.failure_code);
				}
				if (type === 'payment.refunded') {
					expect(['refunded', 'partially_refunded']).toContain(data.status);
					expect(data.refunded_amount).toBeGreaterThan(0);
					expect(data.refunded_amount).toBeLessThanOrEqual(data.amount);
					expect(data.refunded_amount === data.amount).toBe(data.status === 'refunded');
					expect(data).toMatchObject({
						refunded_at: expect.stringMatching(TIMESTAMP),
						refund_reason: expect.any(String),
						paid_at: expect.stringMatching(TIMESTAMP),
					});
				}
			}
		},
	);

	it.each(['exam_result.published', 'exam_result.updated'] as EventType[])(
		'%s has a consistent score, percentage, grade and pass',
		(type) => {
			const make = factory();
			const passes = new Set<boolean>();
			for (let i = 0; i < 60; i++) {
				const { data } = make.create(type) as { data: Record<string, any> };
				expectRealStudent(data);
				expect(data.id).toMatch(/^exr_/);
				expect(data.exam).toEqual({
					id: expect.any(Number),
					name: expect.any(String),
					subject: expect.any(String),
					taken_on: expect.stringMatching(DATE),
				});
				expect(data.score).toBeLessThanOrEqual(data.max_score);
				expect(data.percentage).toBe(Math.round((data.score / data.max_score) * 1000) / 10);
				expect(data.passed).toBe(data.score >= data.pass_mark);
				expect(['A', 'B', 'C', 'D', 'F']).toContain(data.grade);
				expect(data.grade === 'F').toBe(!data.passed);
				expect(data.published_at).toMatch(TIMESTAMP);
				passes.add(data.passed);
				if (type === 'exam_result.updated') {
					expect(data.previous_attributes.score).toBeLessThan(data.score);
					for (const [field, old] of Object.entries(data.previous_attributes))
						expect(data[field]).not.toEqual(old);
				}
			}
			expect(passes).toEqual(new Set([true, false]));
		},
	);

	it('merges overrides deeply and keeps the rest realistic', () => {
		const { data } = factory().create('payment.succeeded', {
			amount: 5000,
			currency: 'EUR',
			student: { first_name: 'Zoë' },
		}) as { data: Record<string, any> };
		expect(data).toMatchObject({ amount: 5000, currency: 'EUR', status: 'succeeded' });
		expect(data.student.first_name).toBe('Zoë');
		expect(data.student.last_name).toBe(students.summary(data.student_id)!.last_name);
	});

	it('uses the student named by student_id, and refuses unknown ones', () => {
		const { data } = factory().create('enrollment.created', { student_id: 42 });
		expect(data.student).toEqual(students.summary(42));
		expect(() => factory().create('enrollment.created', { student_id: 99_999 })).toThrow(
			EventFactoryError,
		);
		expect(() => factory().create('enrollment.created', { student_id: '42' })).toThrow(
			'No student with ID 42.',
		);
	});

	it('recomputes percentage, grade and passed from an overridden score', () => {
		const { data } = factory().create('exam_result.published', {
			score: 41.5,
			max_score: 100,
			pass_mark: 50,
		});
		expect(data).toMatchObject({ score: 41.5, percentage: 41.5, grade: 'F', passed: false });
		const explicit = factory().create('exam_result.published', {
			score: 95,
			max_score: 100,
			grade: 'A+',
		}).data;
		expect(explicit).toMatchObject({ percentage: 95, grade: 'A+', passed: true });
	});

	it('follows the students store: a renamed student appears renamed in later events', () => {
		const local = new StudentStore({ seed: 7, count: 5, clock });
		local.update(3, { first_name: 'Renamed' });
		expect(
			new EventFactory(1, local, () => clock.now()).create('payment.failed', { student_id: 3 }).data
				.student,
		).toMatchObject({ first_name: 'Renamed' });
	});
});
