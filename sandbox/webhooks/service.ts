// The sandbox's webhook side as one object (`state.webhooks`): subscriptions, the delivery
// engine and its log. The HTTP plugin, the event emitter and tests all go through it.
import { DeliveryEngine, type IdleOptions } from './deliveryEngine';
import { SubscriptionStore } from './subscriptionStore';
import type { Delivery } from './types';
import type { PlatformEvent } from '../schemas/events';

export interface WebhookServiceOptions {
	now: () => number;
	/** Per-attempt timeout in ms (contract: 15 000). */
	timeoutMs?: number;
	/** Multiplies the retry schedule; e.g. 0.001 turns 5 s … 10 h into 5 ms … 36 s. */
	retryScale?: number;
}

export const DEFAULT_DELIVERY_TIMEOUT_MS = 15_000;

export class WebhookService {
	readonly subscriptions: SubscriptionStore;
	private readonly engine: DeliveryEngine;

	constructor(options: WebhookServiceOptions) {
		this.subscriptions = new SubscriptionStore(options.now);
		this.engine = new DeliveryEngine({
			now: options.now,
			timeoutMs: options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
			retryScale: options.retryScale ?? 1,
			lookup: (id) => this.subscriptions.get(id),
		});
	}

	/** Queues `event` for every enabled subscription that wants its type; returns their ids. */
	dispatch(event: PlatformEvent): string[] {
		return this.subscriptions.subscribersTo(event.type).map((subscription) => {
			this.engine.enqueue(subscription, event);
			return subscription.id;
		});
	}

	/** Sends a past delivery again (contract §8.7); undefined when the log has no such delivery. */
	redeliver(webhookId: string, deliveryId: string): Delivery | undefined {
		const subscription = this.subscriptions.get(webhookId);
		return subscription && this.engine.redeliver(subscription, deliveryId);
	}

	/** The subscription's delivery log, newest first. */
	deliveries(webhookId: string): readonly Delivery[] {
		return this.engine.deliveriesFor(webhookId);
	}

	/** One delivery of the subscription's log; undefined when the log has no such delivery. */
	delivery(webhookId: string, deliveryId: string): Delivery | undefined {
		return this.engine.deliveryOf(webhookId, deliveryId);
	}

	/** Deletes the subscription; its queued retries stop and its log goes with it. */
	remove(webhookId: string): boolean {
		const removed = this.subscriptions.delete(webhookId);
		if (removed) this.engine.forget(webhookId);
		return removed;
	}

	/** Resolves when no delivery is in flight or due within `withinMs` (default: all settled). */
	idle(options?: IdleOptions): Promise<void> {
		return this.engine.idle(options);
	}

	close(): Promise<void> {
		return this.engine.close();
	}
}
