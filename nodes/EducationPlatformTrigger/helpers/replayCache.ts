// Pure: no n8n import. Remembers the `webhook-id`s of deliveries that already started a run, so a
// replayed delivery (same id, still inside the timestamp tolerance) is acknowledged without a
// second run.
//
// Limits, on purpose (documented in the README, "Replays and the tolerance window"):
// - in memory, per n8n process: lost on restart and not shared between queue-mode workers or
//   between several main instances behind a load balancer;
// - bounded: at most `maxEntries` ids; when full, expired ids go first, then the oldest ones;
// - an id is kept until its delivery's timestamp could no longer pass the tolerance check
//   (the later of its timestamp and the time it was seen, plus the tolerance). A replay after
//   that is refused by the timestamp check instead. A platform retry, which carries a fresh
//   timestamp, is caught only while the id is still remembered.

export interface ReplayCacheOptions {
	maxEntries?: number;
	/** Current time in milliseconds since the epoch; injectable for tests. */
	now?: () => number;
}

export const DEFAULT_MAX_ENTRIES = 10_000;

export class ReplayCache {
	private readonly expiries = new Map<string, number>();

	private readonly maxEntries: number;

	private readonly now: () => number;

	constructor(options: ReplayCacheOptions = {}) {
		this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
		this.now = options.now ?? Date.now;
	}

	/**
	 * Records `key` and tells whether it was already recorded and not yet expired.
	 * Check and record happen in one synchronous step, so two concurrent deliveries of the same
	 * id cannot both see "new".
	 * @param timestampSeconds the delivery's verified `webhook-timestamp`
	 * @param toleranceSeconds the tolerance that timestamp was checked against
	 */
	checkAndRecord(key: string, timestampSeconds: number, toleranceSeconds: number): boolean {
		const nowMs = this.now();
		const expiry = this.expiries.get(key);
		if (expiry !== undefined && expiry > nowMs) return true;

		this.expiries.delete(key);
		this.makeRoom(nowMs);
		const lastValidMs = (Math.max(timestampSeconds * 1000, nowMs) + toleranceSeconds * 1000);
		this.expiries.set(key, lastValidMs);
		return false;
	}

	get size(): number {
		return this.expiries.size;
	}

	private makeRoom(nowMs: number): void {
		if (this.expiries.size < this.maxEntries) return;
		for (const [key, expiry] of this.expiries) {
			if (expiry <= nowMs) this.expiries.delete(key);
		}
		// Map iteration follows insertion order, so the first keys are the oldest.
		for (const key of this.expiries.keys()) {
			if (this.expiries.size < this.maxEntries) break;
			this.expiries.delete(key);
		}
	}
}
