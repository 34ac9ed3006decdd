// Plain HTTP calls to the sandbox, independent of the nodes under test: what the platform holds,
// which subscriptions it has, what it delivered, and making events happen.
import { untilCounted, type ProgressOptions } from './progress';

export interface Subscription {
	id: string;
	url: string;
	events: string[];
	enabled: boolean;
	created_at: string;
	updated_at: string;
}

export interface Delivery {
	id: string;
	event_id: string;
	event_type: string;
	status: 'pending' | 'succeeded' | 'failed';
	attempts: Array<{
		attempt: number;
		started_at: string;
		response_status: number | null;
		error: string | null;
	}>;
}

export interface PlatformEvent {
	id: string;
	type: string;
	created_at: string;
	data: Record<string, unknown>;
}

export class SandboxClient {
	constructor(
		readonly baseUrl: string,
		private readonly token: string,
	) {}

	private async get<T>(path: string): Promise<T> {
		const response = await fetch(`${this.baseUrl}${path}`, {
			headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
		});
		if (!response.ok) throw new Error(`GET ${path} → ${response.status}: ${await response.text()}`);
		return (await response.json()) as T;
	}

	/** Every page of a listing, 100 at a time, following `links.next`. */
	async listAll<T>(path: string, query: Record<string, string>): Promise<T[]> {
		const items: T[] = [];
		let next: string | null = `${path}?${new URLSearchParams({ ...query, per_page: '100' })}`;
		while (next) {
			const page: { data: T[]; links: { next: string | null } } = await this.get(next);
			items.push(...page.data);
			next = page.links.next ? page.links.next.slice(this.baseUrl.length) : null;
		}
		return items;
	}

	students(query: Record<string, string>): Promise<Array<Record<string, unknown>>> {
		return this.listAll('/v1/students', query);
	}

	subscriptions(): Promise<Subscription[]> {
		return this.listAll('/v1/webhooks', {});
	}

	/** What a user does in the platform's dashboard: delete a subscription. */
	async deleteSubscription(id: string): Promise<void> {
		const response = await fetch(`${this.baseUrl}/v1/webhooks/${encodeURIComponent(id)}`, {
			method: 'DELETE',
			headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
		});
		if (!response.ok)
			throw new Error(`DELETE /v1/webhooks/${id} → ${response.status}: ${await response.text()}`);
	}

	/** What a user does in the platform's dashboard: disable (or enable) a subscription. */
	async setSubscriptionEnabled(id: string, enabled: boolean): Promise<void> {
		await this.changeSubscription(id, { enabled });
	}

	/** What a user does in the platform's dashboard: change a subscription (its events, say). */
	async changeSubscription(
		id: string,
		changes: Partial<Pick<Subscription, 'events' | 'enabled'>>,
	): Promise<void> {
		const response = await fetch(`${this.baseUrl}/v1/webhooks/${encodeURIComponent(id)}`, {
			method: 'PATCH',
			headers: {
				authorization: `Bearer ${this.token}`,
				accept: 'application/json',
				'content-type': 'application/json',
			},
			body: JSON.stringify(changes),
		});
		if (!response.ok)
			throw new Error(`PATCH /v1/webhooks/${id} → ${response.status}: ${await response.text()}`);
	}

	/** A subscription's delivery log (GET /v1/webhooks/{id}/deliveries), every page. */
	deliveries(subscriptionId: string): Promise<Delivery[]> {
		return this.listAll(`/v1/webhooks/${subscriptionId}/deliveries`, {});
	}

	/** Every delivery of these events to the subscriptions for `url`, as the platform's log has them now. */
	async deliveriesOf(eventIds: readonly string[], url: string): Promise<Delivery[]> {
		const wanted = new Set(eventIds);
		const subscriptions = (await this.subscriptions()).filter(
			(subscription) => subscription.url === url,
		);
		return (
			await Promise.all(subscriptions.map((subscription) => this.deliveries(subscription.id)))
		)
			.flat()
			.filter((delivery) => wanted.has(delivery.event_id));
	}

	/**
	 * Every delivery of these events to the subscriptions for `url`, once the platform has a final
	 * answer for each (none pending, retries included). What a receiver did with an event (run it,
	 * refuse it, run it twice through a second subscription) shows only after that, so a test that
	 * asserts "nothing more happened" waits for this instead of sleeping. The wait follows the
	 * deliveries' attempts (support/progress.ts): it fails when none has moved for a minute.
	 */
	async settledDeliveries(
		eventIds: readonly string[],
		url: string,
		options: ProgressOptions = {},
	): Promise<Delivery[]> {
		return await untilCounted(
			`the platform's deliveries of ${eventIds.length} event(s) to ${url} to be answered`,
			async () => {
				const found = await this.deliveriesOf(eventIds, url);
				const settled = found.filter((delivery) => delivery.status !== 'pending').length;
				return {
					seen: settled,
					of: found.length,
					done: settled === found.length ? found : undefined,
					activity: attemptsOf(found),
				};
			},
			options,
		);
	}

	/**
	 * The delivery of `eventId` to a subscription once `ready` holds for it (by default: settled).
	 * The wait follows its attempts (support/progress.ts): a retry due in 36 s is waited for.
	 */
	async deliveryWhen(
		what: string,
		subscriptionId: string,
		eventId: string,
		ready: (delivery: Delivery) => boolean = (delivery) => delivery.status !== 'pending',
	): Promise<Delivery> {
		return await untilCounted(what, async () => {
			const delivery = (await this.deliveries(subscriptionId)).find(
				(each) => each.event_id === eventId,
			);
			const done = delivery && ready(delivery) ? delivery : undefined;
			return { seen: done ? 1 : 0, of: 1, done, activity: delivery?.attempts.length };
		});
	}

	/** A new student, through the sandbox's admin API. */
	/** POST to the sandbox; `/v1/…` with the token, `/sandbox/…` (its control API) without. */
	private async post<T>(path: string, body: unknown, expected: number, what: string): Promise<T> {
		const response = await fetch(`${this.baseUrl}${path}`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json',
				...(path.startsWith('/v1/') ? { authorization: `Bearer ${this.token}` } : {}),
			},
			body: JSON.stringify(body),
		});
		if (response.status !== expected)
			throw new Error(`${what} → ${response.status}: ${await response.text()}`);
		return ((await response.json()) as { data: T }).data;
	}

	createStudent(changes: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
		return this.post('/sandbox/students', changes, 201, 'create student');
	}

	/** What another integration does: subscribe its own URL (contract §8.1). */
	createSubscription(url: string, events: string[]): Promise<Subscription> {
		return this.post('/v1/webhooks', { url, events }, 201, `subscribe ${url}`);
	}

	/** Sends a past delivery again (contract §8.7): same webhook-id, fresh timestamp and signature. */
	redeliver(subscriptionId: string, deliveryId: string): Promise<Delivery> {
		return this.post(
			`/v1/webhooks/${subscriptionId}/deliveries/${deliveryId}/redeliver`,
			{},
			202,
			`redeliver ${deliveryId}`,
		);
	}

	/** Injects a fault into the platform's answers (the sandbox's `/sandbox/faults` rules). */
	addFault(rule: Record<string, unknown>): Promise<unknown> {
		return this.post('/sandbox/faults', rule, 201, 'add a fault rule');
	}

	async clearFaults(): Promise<void> {
		const response = await fetch(`${this.baseUrl}/sandbox/faults`, { method: 'DELETE' });
		if (!response.ok)
			throw new Error(`clear the fault rules → ${response.status}: ${await response.text()}`);
	}

	async emit(type: string, data: Record<string, unknown> = {}): Promise<PlatformEvent> {
		return (await this.emitMany(type, 1, data))[0];
	}

	/** `count` events of one type at once (at most 100): the platform delivers them all at the same moment. */
	async emitMany(
		type: string,
		count: number,
		data: Record<string, unknown> = {},
	): Promise<PlatformEvent[]> {
		const created = await this.post<Array<{ event: PlatformEvent }>>(
			'/sandbox/events',
			{ type, data, count },
			201,
			`emit ${count} × ${type}`,
		);
		return created.map(({ event }) => event);
	}
}

/** How many attempts these deliveries have made: a new one shows the platform is still at work. */
export function attemptsOf(deliveries: readonly Delivery[]): number {
	return deliveries.reduce((sum, delivery) => sum + delivery.attempts.length, 0);
}

/** Poll until `check` returns a value (not undefined), or fail with the last state. */
export async function eventually<T>(
	what: string,
	check: () => Promise<T | undefined>,
	timeoutMs = 30_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let last: unknown;
	while (Date.now() < deadline) {
		try {
			const value = await check();
			if (value !== undefined) return value;
		} catch (error) {
			last = error;
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(
		`Timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? `: ${String(last)}` : ''}`,
	);
}
