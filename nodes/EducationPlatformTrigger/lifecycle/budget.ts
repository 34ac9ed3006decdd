// Pure: no n8n import. How long the lifecycle calls (checkExists, create, delete) of one activation
// may talk to the platform. What n8n tolerates, read in its code (docs/production.md, "Activation"):
//
// - n8n 2.x with the publication service runs a publication in the background and aborts it 84 s
//   after it started (70 % of its 120 s lease). The node's call is then detached, not cancelled, and
//   n8n saves the workflow's static data without waiting for it: a subscription registered after
//   that is an orphan. Within those 84 s n8n calls delete() (a changed trigger), then up to 5 times
//   checkExists() → create(), with delete() after every failed attempt and 1, 2, 4, 8 s of sleep
//   between attempts.
// - The legacy path (n8n 1.x, or 2.x with the service off) runs the calls in the activation request
//   and waits as long as they take.
//
// So the calls of one activation share one budget, ACTIVATION_BUDGET_MS from the first call's start:
// enough to wait out one full rate-limit window (the platform's 60 s, contract §5) and still send
// the requests, short enough to end well before n8n's 84 s. A window is waited out once: after it
// the token's whole budget is available, so the calls that follow (create after delete) go through.
// Calls less than ACTIVATION_GAP_MS apart belong to the same activation (n8n sleeps at most 8 s
// between its own attempts), so n8n's retries cannot start the budget afresh and overrun. An
// activation is over once the subscription is in place (create() succeeded, or checkExists() found
// it): nothing of it follows, and the next call (an unpublish, a new publish) starts a new one.

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
