// Dev-only endpoints that make events happen (issue 3 "Making events happen"):
// `POST /sandbox/events` creates realistic events and queues them for every subscriber;
// `GET /sandbox/events` lists the recent ones. Also starts live mode when configured.
import type { FastifyPluginAsync } from 'fastify';

import { checkResponse, paginate, parseBody, parsePageParams, validationError } from '../http';
import { mix, hashString } from '../random';
import type { SandboxState } from '../state';
import { webhooksOf } from '../webhooks/plugin';
import { SandboxEvents, type EmittedEvent } from './emitter';
import { EventFactory, EventFactoryError } from './factory';
import { LiveStream } from './live';
import {
	EmitEventsBodySchema,
	EmitEventsResponseSchema,
	RecentEventsResponseSchema,
} from './schemas';
import { EVENT_TYPES, isEventType } from '../schemas/events';

declare module '../state' {
	interface SandboxPluginSlots {
		/** Emits events and remembers recent ones; see sandbox/events/emitter.ts. */
		events: SandboxEvents;
	}
}

/** The sandbox's event emitter, created on first use; its payloads follow the sandbox seed. */
export function eventsOf(state: SandboxState): SandboxEvents {
	state.events ??= new SandboxEvents(
		new EventFactory(
			mix(state.config.seed, hashString('events')),
			state.students,
			() => state.clock.now(),
			state.records,
		),
		webhooksOf(state),
		state.records,
	);
	return state.events;
}

const emittedResource = ({ event, queuedFor }: EmittedEvent) => ({ event, queued_for: queuedFor });

export const eventsAdminPlugin: FastifyPluginAsync<{ state: SandboxState }> = async (
	app,
	{ state },
) => {
	const events = eventsOf(state);

	app.post('/events', async (request, reply) => {
		const body = parseBody(EmitEventsBodySchema, request.body);
		let emitted: EmittedEvent[];
		try {
			emitted = events.emit(body.type, body.data ?? {}, body.count ?? 1);
		} catch (error) {
			if (error instanceof EventFactoryError)
				throw validationError({ [error.field]: [error.message] });
			throw error;
		}
		reply.code(201);
		return checkResponse(request, EmitEventsResponseSchema, { data: emitted.map(emittedResource) });
	});

	app.get('/events', async (request) => {
		const query = request.query as Record<string, unknown>;
		const { page, perPage } = parsePageParams(query);
		const type = query['filter[type]'];
		if (type !== undefined && type !== '' && !isEventType(type)) {
			throw validationError({
				'filter.type': [`The selected filter.type is invalid. Allowed: ${EVENT_TYPES.join(', ')}.`],
			});
		}
		const recent = events.recent(isEventType(type) ? { type } : {}).map(emittedResource);
		return checkResponse(
			request,
			RecentEventsResponseSchema,
			paginate(request, recent, page, perPage),
		);
	});

	if (state.config.live) {
		const live = new LiveStream(
			events,
			mix(state.config.seed, hashString('live')),
			state.config.liveIntervalMs,
		);
		app.addHook('onReady', async () => live.start());
		app.addHook('onClose', async () => live.stop());
	}
};
