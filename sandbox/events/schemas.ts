// zod schemas for the dev-only event endpoints under /sandbox/events.
import { z } from 'zod';

import { TimestampSchema, envelopeSchema } from '../schemas/common';
import { EVENT_TYPES } from '../schemas/events';

export const MAX_EVENTS_PER_REQUEST = 100;

const EventTypeSchema = z.enum(EVENT_TYPES, {
	errorMap: () => ({ message: `must be one of ${EVENT_TYPES.join(', ')}` }),
});

export const EmitEventsBodySchema = z.object({
	type: EventTypeSchema,
	data: z
		.record(z.unknown(), { invalid_type_error: 'must be an object of fields to override' })
		.optional(),
	count: z
		.number({ invalid_type_error: `must be a whole number from 1 to ${MAX_EVENTS_PER_REQUEST}` })
		.int(`must be a whole number from 1 to ${MAX_EVENTS_PER_REQUEST}`)
		.min(1, `must be a whole number from 1 to ${MAX_EVENTS_PER_REQUEST}`)
		.max(MAX_EVENTS_PER_REQUEST, `must be a whole number from 1 to ${MAX_EVENTS_PER_REQUEST}`)
		.optional(),
});

export const PlatformEventSchema = z
	.object({
		id: z.string().regex(/^evt_[0-9A-Za-z]{20}$/),
		type: EventTypeSchema,
		created_at: TimestampSchema,
		data: z.record(z.unknown()),
	})
	.strict();

const EmittedEventSchema = z
	.object({ event: PlatformEventSchema, queued_for: z.array(z.string().regex(/^wh_/)) })
	.strict();

export const EmitEventsResponseSchema = z.object({ data: z.array(EmittedEventSchema) }).strict();
export const RecentEventsResponseSchema = envelopeSchema(EmittedEventSchema);
