// Making events happen in the sandbox: build them with the factory, hand them to the webhook
// service, and remember the recent ones for `GET /sandbox/events`.
import type { WebhookService } from '../webhooks/service';
import type { EventFactory } from './factory';
import { saveRecord, type RecordDirectory } from './linkage';
import type { EventType, PlatformEvent } from '../schemas/events';

/** Events kept for `GET /sandbox/events`. */
const RECENT_LIMIT = 500;

export interface EmittedEvent {
	event: PlatformEvent;
	/** Ids of the subscriptions the event was queued for. */
	queuedFor: string[];
}

export class SandboxEvents {
	private readonly recentEvents: EmittedEvent[] = [];

	constructor(
		private readonly factory: EventFactory,
		private readonly webhooks: WebhookService,
		/** When given, each event's data is saved as the record it describes (contract §3.6). */
		private readonly records?: RecordDirectory,
	) {}

	/** Creates `count` events of `type` and queues each for every subscriber; never waits for delivery. */
	emit(type: EventType, overrides: Record<string, unknown> = {}, count = 1): EmittedEvent[] {
		const events = Array.from({ length: count }, () => {
			const event = this.factory.create(type, overrides);
			if (this.records) saveRecord(this.records, type, event.data);
			return event;
		});
		return events.map((event) => this.record({ event, queuedFor: this.webhooks.dispatch(event) }));
	}

	/** A random student, for live mode's story lines. */
	pickStudentId(): number {
		return this.factory.pickStudent().id;
	}

	/** Emitted events, newest first. */
	recent(filter: { type?: EventType } = {}): readonly EmittedEvent[] {
		return filter.type
			? this.recentEvents.filter((emitted) => emitted.event.type === filter.type)
			: this.recentEvents;
	}

	private record(emitted: EmittedEvent): EmittedEvent {
		this.recentEvents.unshift(emitted);
		if (this.recentEvents.length > RECENT_LIMIT) this.recentEvents.length = RECENT_LIMIT;
		return emitted;
	}
}
