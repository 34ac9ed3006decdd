import {
	ACTIVATION_BUDGET_MS,
	ACTIVATION_GAP_MS,
	Activations,
	requestBounds,
} from '../../../../nodes/EducationPlatformTrigger/lifecycle/budget';

/** n8n 2.41.1: the publication outbox lease (120 s) and the fraction after which it aborts (0.7). */
const PUBLICATION_ABORT_MS = 120_000 * 0.7;
/** n8n 2.41.1 sleeps 1, 2, 4 and 8 s between its 5 attempts of one trigger's activation: 8 s at most. */
const N8N_RETRY_SLEEPS_MS = 8_000;
/** The platform's rate-limit window (docs/api-contract.md §5): the longest Retry-After of a 429. */
const RATE_LIMIT_WINDOW_MS = 60_000;

describe('requestBounds', () => {
	it('sizes a request so that both attempts and the wait between them end within what is left', () => {
		for (const remaining of [1_000, 2_500, 7_000, 30_000, ACTIVATION_BUDGET_MS]) {
			const bounds = requestBounds(remaining)!;
			const worstCase = bounds.retry.maxAttempts * bounds.timeoutMs + bounds.retry.maxTotalWaitMs;
			expect(worstCase).toBeLessThanOrEqual(remaining);
			expect(bounds.timeoutMs).toBeGreaterThan(0);
			expect(bounds.timeoutMs).toBeLessThanOrEqual(5_000);
		}
	});

	it('waits out a whole rate-limit window when an activation starts with it exhausted', () => {
		// The first request of an activation gets a 429 with Retry-After: 60 (the window just opened).
		const bounds = requestBounds(ACTIVATION_BUDGET_MS)!;
		expect(bounds.retry.maxTotalWaitMs).toBeGreaterThanOrEqual(RATE_LIMIT_WINDOW_MS);
		expect(bounds.retry.maxAttempts).toBeGreaterThanOrEqual(2);
	});

	it('does not take a wait that would outlast the activation', () => {
		const bounds = requestBounds(20_000)!;
		expect(bounds.retry.maxTotalWaitMs).toBeLessThan(20_000);
	});

	it('starts nothing once less than a second is left', () => {
		expect(requestBounds(999)).toBeUndefined();
		expect(requestBounds(0)).toBeUndefined();
		expect(requestBounds(-5)).toBeUndefined();
	});

	it("ends every platform request of an activation well before n8n 2.x's 84 s publication abort", () => {
		// After the abort n8n saves static data without waiting: a subscription made later is an orphan.
		expect(ACTIVATION_BUDGET_MS).toBeLessThanOrEqual(PUBLICATION_ABORT_MS - 10_000);
		// n8n's retries of one publication join its activation instead of starting a new budget.
		expect(ACTIVATION_GAP_MS).toBeGreaterThan(N8N_RETRY_SLEEPS_MS);
	});
});

describe('Activations', () => {
	const T0 = 1_700_000_000_000;

	it("gives the calls that follow each other (delete, checkExists, create, n8n's retries) one shared deadline", () => {
		const activations = new Activations();
		const remove = activations.begin('wf/a', T0);
		activations.end('wf/a', remove, T0 + 61_000); // delete() waited out a rate-limit window
		const create = activations.begin('wf/a', T0 + 61_000 + N8N_RETRY_SLEEPS_MS);
		expect(create).toBe(remove);
		expect(create.deadline).toBe(T0 + ACTIVATION_BUDGET_MS);
	});

	it('joins a call running at the same time, however long it has been running', () => {
		const activations = new Activations();
		const first = activations.begin('wf/a', T0);
		expect(activations.begin('wf/a', T0 + ACTIVATION_GAP_MS * 3)).toBe(first);
		expect(first.running).toBe(2);
	});

	it('does not renew a used-up budget for a retry that comes right after it', () => {
		const activations = new Activations();
		const first = activations.begin('wf/a', T0);
		activations.end('wf/a', first, T0 + ACTIVATION_BUDGET_MS);
		const retry = activations.begin('wf/a', T0 + ACTIVATION_BUDGET_MS + 1_000);
		expect(retry.deadline).toBe(T0 + ACTIVATION_BUDGET_MS);
	});

	it('opens a new activation once the trigger has been quiet for the gap', () => {
		const activations = new Activations();
		const first = activations.begin('wf/a', T0);
		activations.end('wf/a', first, T0 + 2_000);
		const later = activations.begin('wf/a', T0 + 2_000 + ACTIVATION_GAP_MS);
		expect(later).not.toBe(first);
		expect(later.deadline).toBe(T0 + 2_000 + ACTIVATION_GAP_MS + ACTIVATION_BUDGET_MS);
	});

	it('is over once the subscription is in place: an unpublish right after a long activation starts afresh', () => {
		const activations = new Activations();
		const create = activations.begin('wf/a', T0);
		activations.end('wf/a', create, T0 + 61_000, true); // create() waited out a window, then registered
		const unpublish = activations.begin('wf/a', T0 + 65_000);
		expect(unpublish).not.toBe(create);
		expect(unpublish.deadline).toBe(T0 + 65_000 + ACTIVATION_BUDGET_MS);
	});

	it("stays open after a failed create(), for n8n's next attempt", () => {
		const activations = new Activations();
		const create = activations.begin('wf/a', T0);
		activations.end('wf/a', create, T0 + 1_000);
		expect(activations.begin('wf/a', T0 + 2_000)).toBe(create);
	});

	it('keeps triggers apart', () => {
		const activations = new Activations();
		const a = activations.begin('wf/a', T0);
		const b = activations.begin('wf/b', T0 + 30_000);
		expect(b).not.toBe(a);
		expect(b.deadline).toBe(T0 + 30_000 + ACTIVATION_BUDGET_MS);
	});
});
