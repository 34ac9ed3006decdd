// Sends events to subscriptions and retries them on the contract's schedule (docs/api-contract.md
// §8.4–8.6). Attempts run on timers, never inside the request that caused them, and every attempt
// is recorded in the subscription's delivery log.
import { Agent, request } from 'undici';
import { randomId } from './ids';
import { retryDelayAfter } from './retrySchedule';
import { signatureHeaders } from './signing';
import type { Delivery, DeliveryAttempt, Subscription } from './types';
import type { PlatformEvent } from '../schemas/events';

export const USER_AGENT = 'EducationPlatform-Webhooks/1.0';

/** Deliveries kept per subscription; older ones drop off so a long live-mode run stays small. */
const LOG_LIMIT = 1000;

export interface DeliveryEngineOptions {
	/** The sandbox clock (ms since epoch): timestamps, signatures and the log use it. */
	now: () => number;
	/** Per-attempt limit for the whole exchange; the contract's 15 s by default. */
	timeoutMs: number;
	/** Multiplies the retry schedule (1 = the contract's 5 s … 10 h). */
	retryScale: number;
	/** The subscription as it is at attempt time (it may have been edited, disabled or deleted). */
	lookup: (webhookId: string) => Subscription | undefined;
}

export interface IdleOptions {
	/** Count as idle while the next scheduled retry is further away than this (ms). Default: wait for all. */
	withinMs?: number;
}

interface ScheduledAttempt {
	timer: NodeJS.Timeout;
	dueAt: number;
}

export class DeliveryEngine {
	private readonly logs = new Map<string, Delivery[]>();
	private readonly scheduled = new Map<string, ScheduledAttempt>();
	private readonly inFlight = new Map<string, AbortController>();
	private readonly waiters: Array<{ withinMs: number; resolve: () => void }> = [];
	private readonly agent = new Agent({ keepAliveTimeout: 1000 });
	private closed = false;
	private made = 0;
	private closing: Promise<void> | undefined;

	constructor(private readonly options: DeliveryEngineOptions) {}

	/** Queues `event` for `subscription`; the first attempt starts on the next tick. */
	enqueue(subscription: Subscription, event: PlatformEvent): Delivery {
		return this.queue(subscription, {
			eventId: event.id,
			eventType: event.type,
			body: JSON.stringify(event),
		});
	}

	/**
	 * Sends a past delivery's event again as a new delivery (contract §8.7): same body and
	 * webhook-id, fresh timestamp and signature, its own attempts and retries. Undefined when the
	 * subscription's log has no such delivery.
	 */
	redeliver(subscription: Subscription, deliveryId: string): Delivery | undefined {
		const past = this.deliveryOf(subscription.id, deliveryId);
		return past && this.queue(subscription, past);
	}

	private queue(
		subscription: Subscription,
		event: Pick<Delivery, 'eventId' | 'eventType' | 'body'>,
	): Delivery {
		const delivery: Delivery = {
			id: randomId('dlv_'),
			webhookId: subscription.id,
			eventId: event.eventId,
			eventType: event.eventType,
			body: event.body,
			status: 'pending',
			attempts: [],
			nextAttemptAt: new Date(this.options.now()),
			createdAt: new Date(this.options.now()),
			sequence: ++this.made,
		};
		const log = this.logs.get(subscription.id) ?? [];
		log.unshift(delivery);
		if (log.length > LOG_LIMIT) log.length = LOG_LIMIT;
		this.logs.set(subscription.id, log);
		this.schedule(delivery, 0);
		return delivery;
	}

	/** The subscription's deliveries, newest first. */
	deliveriesFor(webhookId: string): readonly Delivery[] {
		return this.logs.get(webhookId) ?? [];
	}

	/** One delivery from the subscription's log; undefined when the log has no such delivery. */
	deliveryOf(webhookId: string, deliveryId: string): Delivery | undefined {
		return this.deliveriesFor(webhookId).find((delivery) => delivery.id === deliveryId);
	}

	/** Stops everything queued for a deleted subscription and drops its log. */
	forget(webhookId: string): void {
		for (const delivery of this.deliveriesFor(webhookId)) {
			this.cancelTimer(delivery.id);
			this.inFlight.get(delivery.id)?.abort();
		}
		this.logs.delete(webhookId);
		this.notify();
	}

	/**
	 * Resolves once no attempt is in flight and none is due within `withinMs` (by default: once
	 * every delivery has succeeded or failed for good).
	 */
	idle(options: IdleOptions = {}): Promise<void> {
		const withinMs = options.withinMs ?? Number.POSITIVE_INFINITY;
		if (this.isIdle(withinMs)) return Promise.resolve();
		return new Promise((resolve) => this.waiters.push({ withinMs, resolve }));
	}

	/** Cancels retries, aborts attempts in flight and closes connections. Safe to call twice. */
	close(): Promise<void> {
		if (!this.closing) {
			this.closed = true;
			for (const id of [...this.scheduled.keys()]) this.cancelTimer(id);
			for (const controller of this.inFlight.values()) controller.abort();
			this.notify();
			this.closing = this.agent.close();
		}
		return this.closing;
	}

	private schedule(delivery: Delivery, delayMs: number): void {
		const timer = setTimeout(() => {
			this.scheduled.delete(delivery.id);
			void this.attempt(delivery);
		}, delayMs);
		timer.unref();
		this.scheduled.set(delivery.id, { timer, dueAt: Date.now() + delayMs });
	}

	private cancelTimer(deliveryId: string): void {
		const entry = this.scheduled.get(deliveryId);
		if (entry) clearTimeout(entry.timer);
		this.scheduled.delete(deliveryId);
	}

	private async attempt(delivery: Delivery): Promise<void> {
		const subscription = this.options.lookup(delivery.webhookId);
		if (this.closed || !subscription) return this.notify();
		if (!subscription.enabled) {
			// Disabled subscriptions receive nothing, retries included.
			this.finish(delivery, 'failed');
			return this.notify();
		}
		const controller = new AbortController();
		this.inFlight.set(delivery.id, controller);
		const record = await this.send(subscription, delivery, controller);
		this.inFlight.delete(delivery.id);
		if (controller.signal.aborted && record.error !== 'timeout') return this.notify(); // deleted or closed
		delivery.attempts.push(record);
		const succeeded =
			record.responseStatus !== null && record.responseStatus >= 200 && record.responseStatus < 300;
		const delay = succeeded ? null : retryDelayAfter(record.attempt, this.options.retryScale);
		if (succeeded) this.finish(delivery, 'succeeded');
		else if (delay === null) this.finish(delivery, 'failed');
		else {
			delivery.nextAttemptAt = new Date(this.options.now() + delay);
			this.schedule(delivery, delay);
		}
		this.notify();
	}

	private finish(delivery: Delivery, status: 'succeeded' | 'failed'): void {
		delivery.status = status;
		delivery.nextAttemptAt = null;
	}

	/** One POST with fresh timestamp and signatures; never throws, the outcome is the record. */
	private async send(
		subscription: Subscription,
		delivery: Delivery,
		controller: AbortController,
	): Promise<DeliveryAttempt> {
		const startedAtMs = this.options.now();
		const started = performance.now();
		const headers = {
			'content-type': 'application/json',
			'user-agent': USER_AGENT,
			...signatureHeaders(
				signingSecrets(subscription, startedAtMs),
				delivery.eventId,
				Math.floor(startedAtMs / 1000),
				delivery.body,
			),
		};
		let timedOut = false;
		const timeout = setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, this.options.timeoutMs);
		const record = (responseStatus: number | null, error: string | null): DeliveryAttempt => ({
			attempt: delivery.attempts.length + 1,
			startedAt: new Date(startedAtMs),
			durationMs: Math.round(performance.now() - started),
			responseStatus,
			error,
		});
		try {
			const response = await request(subscription.url, {
				method: 'POST',
				headers,
				body: delivery.body,
				dispatcher: this.agent,
				signal: controller.signal,
			});
			await response.body.dump({ limit: 64 * 1024 });
			const redirect = response.statusCode >= 300 && response.statusCode < 400;
			return record(response.statusCode, redirect ? 'redirect_not_followed' : null);
		} catch (error) {
			return record(null, timedOut ? 'timeout' : describeNetworkError(error));
		} finally {
			clearTimeout(timeout);
		}
	}

	private isIdle(withinMs: number): boolean {
		if (this.inFlight.size > 0) return false;
		const horizon = Date.now() + withinMs;
		for (const { dueAt } of this.scheduled.values()) if (dueAt <= horizon) return false;
		return true;
	}

	private notify(): void {
		for (let i = this.waiters.length - 1; i >= 0; i--) {
			const waiter = this.waiters[i];
			if (this.closed || this.isIdle(waiter.withinMs)) {
				this.waiters.splice(i, 1);
				waiter.resolve();
			}
		}
	}
}

/** The secrets an attempt at `nowMs` is signed with: the current one, then the old one in its grace period. */
export function signingSecrets(subscription: Subscription, nowMs: number): string[] {
	const previous = subscription.previousSecret;
	return previous && previous.expiresAt > nowMs
		? [subscription.secret, previous.secret]
		: [subscription.secret];
}

function describeNetworkError(error: unknown): string {
	const code =
		(error as { code?: string; cause?: { code?: string } })?.code ??
		(error as { cause?: { code?: string } })?.cause?.code;
	switch (code) {
		case 'ECONNREFUSED':
			return 'connection_refused';
		case 'ECONNRESET':
		case 'UND_ERR_SOCKET':
			return 'connection_reset';
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return 'dns_lookup_failed';
		default:
			return (error as Error)?.message || String(error);
	}
}
