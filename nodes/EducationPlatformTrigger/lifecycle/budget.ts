// Pure: no n8n import. How long the lifecycle calls (checkExists, create, delete) of one activation
// may talk to the platform: one budget shared by n8n's own retries, long enough to wait out one
// rate-limit window and short enough to end before n8n 2.x abandons the publication at 84 s. Why
// these numbers: docs/production.md "When activation cannot register the subscription".

/** The time the lifecycle calls of one activation may spend, first call's start to last call's end. */
export const ACTIVATION_BUDGET_MS = 72_000;
/** A call that starts less than this after the previous call of the same trigger ended joins its activation. */
export const ACTIVATION_GAP_MS = 15_000;
/** Below this nothing useful fits: fail with a clear message instead of starting a request. */
const MIN_REQUEST_MS = 1_000;
/** A lifecycle request answers in well under a second; one attempt waits at most this long. */
const MAX_ATTEMPT_TIMEOUT_MS = 5_000;
const MAX_ATTEMPTS = 2;

interface RequestBounds {
	timeoutMs: number;
	retry: { maxAttempts: number; maxTotalWaitMs: number };
}

/**
 * Bounds for the next request with `remainingMs` of the activation's budget left, so that the
 * request, its retry and the wait between them (a rate-limit window included) end within it;
 * undefined when the budget is used up.
 */
export function requestBounds(remainingMs: number): RequestBounds | undefined {
	if (!(remainingMs >= MIN_REQUEST_MS)) return undefined;
	const timeoutMs = Math.min(MAX_ATTEMPT_TIMEOUT_MS, Math.floor(remainingMs * 0.4));
	return {
		timeoutMs,
		retry: { maxAttempts: MAX_ATTEMPTS, maxTotalWaitMs: remainingMs - MAX_ATTEMPTS * timeoutMs },
	};
}

/** One activation of one trigger node, as its lifecycle calls share it. */
export interface Activation {
	/** When its budget ends (ms since the epoch). */
	readonly deadline: number;
	/** Lifecycle calls still running. */
	running: number;
	/** When the last call ended. */
	endedAt: number;
	/** The message of the last call that failed, to repeat when the budget is used up. */
	lastFailure?: string;
	/** Whether a failed registration of this activation was logged (n8n may try it 5 times). */
	failureLogged?: boolean;
}

/** The activations in progress, by trigger (workflow id and node). */
export class Activations {
	private readonly byKey = new Map<string, Activation>();

	/** A lifecycle call of `key` starts: it joins the activation in progress, or opens a new one. */
	begin(key: string, now: number): Activation {
		this.forgetEnded(now);
		const current = this.byKey.get(key);
		if (current) {
			current.running++;
			return current;
		}
		const activation: Activation = {
			deadline: now + ACTIVATION_BUDGET_MS,
			running: 1,
			endedAt: now,
		};
		this.byKey.set(key, activation);
		return activation;
	}

	/** A lifecycle call of `key` ended; `registered`: the subscription is in place, the activation is over. */
	end(key: string, activation: Activation, now: number, registered = false): void {
		activation.running = Math.max(0, activation.running - 1);
		activation.endedAt = now;
		if (registered && activation.running === 0 && this.byKey.get(key) === activation)
			this.byKey.delete(key);
	}

	/** Activations with no call running for ACTIVATION_GAP_MS are over. */
	private forgetEnded(now: number): void {
		for (const [key, activation] of this.byKey) {
			if (activation.running === 0 && now - activation.endedAt >= ACTIVATION_GAP_MS)
				this.byKey.delete(key);
		}
	}
}
