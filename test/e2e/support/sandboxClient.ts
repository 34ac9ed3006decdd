// Plain HTTP calls to the sandbox, independent of the nodes under test: what the platform holds,
// which subscriptions it has, what it delivered, and making events happen.

export interface Subscription {
	id: string;
	url: string;
	events: string[];
	enabled: boolean;
}

export interface Delivery {
	id: string;
	event_id: string;
	event_type: string;
	status: 'pending' | 'succeeded' | 'failed';
	attempts: Array<{ attempt: number; response_status: number | null; error: string | null }>;
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
		if (!response.ok) throw new Error(`DELETE /v1/webhooks/${id} → ${response.status}: ${await response.text()}`);
	}

	deliveries(subscriptionId: string): Promise<Delivery[]> {
		return this.listAll(`/v1/webhooks/${subscriptionId}/deliveries`, {});
	}

	/**
	 * Every delivery of these events to the subscriptions for `url`, once the platform has a final
	 * answer for each (none pending, retries included). What a receiver did with an event (run it,
	 * refuse it, run it twice through a second subscription) shows only after that, so a test that
	 * asserts "nothing more happened" waits for this instead of sleeping.
	 */
	async settledDeliveries(eventIds: readonly string[], url: string, timeoutMs = 120_000): Promise<Delivery[]> {
		const wanted = new Set(eventIds);
		return await eventually(
			`the platform's deliveries of ${eventIds.join(', ')} to ${url} to be answered`,
			async () => {
				const subscriptions = (await this.subscriptions()).filter((subscription) => subscription.url === url);
				const found = (await Promise.all(subscriptions.map((subscription) => this.deliveries(subscription.id))))
					.flat()
					.filter((delivery) => wanted.has(delivery.event_id));
				return found.every((delivery) => delivery.status !== 'pending') ? found : undefined;
			},
			timeoutMs,
		);
	}

	/** A new student, through the sandbox's admin API. */
	async createStudent(changes: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
		const response = await fetch(`${this.baseUrl}/sandbox/students`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json' },
			body: JSON.stringify(changes),
		});
		if (response.status !== 201) throw new Error(`create student → ${response.status}: ${await response.text()}`);
		return ((await response.json()) as { data: Record<string, unknown> }).data;
	}

	/** Sends a past delivery again (contract §8.7): same webhook-id, fresh timestamp and signature. */
	async redeliver(subscriptionId: string, deliveryId: string): Promise<Delivery> {
		const response = await fetch(`${this.baseUrl}/v1/webhooks/${subscriptionId}/deliveries/${deliveryId}/redeliver`, {
			method: 'POST',
			headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
		});
		if (response.status !== 202) throw new Error(`redeliver ${deliveryId} → ${response.status}: ${await response.text()}`);
		return ((await response.json()) as { data: Delivery }).data;
	}

	async emit(type: string, data: Record<string, unknown> = {}): Promise<PlatformEvent> {
		const response = await fetch(`${this.baseUrl}/sandbox/events`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json' },
			body: JSON.stringify({ type, data }),
		});
		if (response.status !== 201) throw new Error(`emit ${type} → ${response.status}: ${await response.text()}`);
		const body = (await response.json()) as { data: Array<{ event: PlatformEvent }> };
		return body.data[0].event;
	}
}

/** Poll until `check` returns a value (not undefined), or fail with the last state. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
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
	throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}
