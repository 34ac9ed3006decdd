// Webhook subscriptions held in memory, in creation order (docs/api-contract.md §8.1).
import { randomId } from './ids';
import { generateSecret } from './signing';
import type { Subscription } from './types';
import type { EventType } from '../schemas/events';

export const MAX_SUBSCRIPTIONS = 100;

export interface SubscriptionInput {
	url: string;
	events: EventType[];
	description?: string | null;
	enabled?: boolean;
}

export type SubscriptionPatch = Partial<SubscriptionInput>;

export class SubscriptionStore {
	private readonly byId = new Map<string, Subscription>();
	private made = 0;

	constructor(private readonly now: () => number) {}

	get size(): number {
		return this.byId.size;
	}

	list(filter: { url?: string } = {}): Subscription[] {
		const all = [...this.byId.values()];
		return filter.url === undefined
			? all
			: all.filter((subscription) => subscription.url === filter.url);
	}

	get(id: string): Subscription | undefined {
		return this.byId.get(id);
	}

	create(input: SubscriptionInput): Subscription {
		const at = new Date(this.now());
		const subscription: Subscription = {
			id: randomId('wh_'),
			url: input.url,
			events: [...input.events],
			description: input.description ?? null,
			enabled: input.enabled ?? true,
			createdAt: at,
			updatedAt: at,
			secret: generateSecret(),
			previousSecret: null,
			sequence: ++this.made,
		};
		this.byId.set(subscription.id, subscription);
		return subscription;
	}

	update(id: string, patch: SubscriptionPatch): Subscription | undefined {
		const subscription = this.byId.get(id);
		if (!subscription) return undefined;
		if (patch.url !== undefined) subscription.url = patch.url;
		if (patch.events !== undefined) subscription.events = [...patch.events];
		if (patch.description !== undefined) subscription.description = patch.description;
		if (patch.enabled !== undefined) subscription.enabled = patch.enabled;
		subscription.updatedAt = new Date(this.now());
		return subscription;
	}

	delete(id: string): boolean {
		return this.byId.delete(id);
	}

	/**
	 * Issues a new secret; the current one keeps signing alongside for `gracePeriodSeconds`.
	 * Only one old secret is kept, so deliveries carry at most two signatures.
	 */
	rotateSecret(id: string, gracePeriodSeconds: number): Subscription | undefined {
		const subscription = this.byId.get(id);
		if (!subscription) return undefined;
		const now = this.now();
		subscription.previousSecret =
			gracePeriodSeconds > 0
				? { secret: subscription.secret, expiresAt: now + gracePeriodSeconds * 1000 }
				: null;
		subscription.secret = generateSecret();
		subscription.updatedAt = new Date(now);
		return subscription;
	}

	/** Enabled subscriptions that asked for `type`: the ones an event of that type is queued for. */
	subscribersTo(type: EventType): Subscription[] {
		return this.list().filter(
			(subscription) => subscription.enabled && subscription.events.includes(type),
		);
	}
}
