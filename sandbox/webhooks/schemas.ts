// zod schemas for the webhook subscription API (docs/api-contract.md §8.1, §8.6): request bodies
// as the API validates them, responses as checkResponse() holds them to.
import { z } from 'zod';

import { EVENT_TYPES } from '../schemas/events';
import { TimestampSchema, dataSchema, envelopeSchema } from '../schemas/common';

export const MAX_GRACE_PERIOD_SECONDS = 604_800;

const WebhookUrlSchema = z
	.string({ invalid_type_error: 'must be a string' })
	.max(2048, 'must be at most 2048 characters')
	.refine((value) => {
		try {
			const url = new URL(value);
			return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
		} catch {
			return false;
		}
	}, 'must be an absolute http:// or https:// URL');

const EventNameSchema = z.enum(EVENT_TYPES, {
	errorMap: () => ({ message: `must be one of ${EVENT_TYPES.join(', ')}` }),
});

const EventListSchema = z
	.array(EventNameSchema, { invalid_type_error: 'must be an array of event names' })
	.min(1, 'must list at least one event')
	.refine((events) => new Set(events).size === events.length, 'must not list an event twice');

const DescriptionSchema = z
	.string({ invalid_type_error: 'must be a string' })
	.max(255, 'must be at most 255 characters')
	.nullable();

const EnabledSchema = z.boolean({ invalid_type_error: 'must be true or false' });

export const CreateWebhookBodySchema = z.object({
	url: WebhookUrlSchema,
	events: EventListSchema,
	description: DescriptionSchema.optional(),
	enabled: EnabledSchema.optional(),
});

export const UpdateWebhookBodySchema = z.object({
	url: WebhookUrlSchema.optional(),
	events: EventListSchema.optional(),
	description: DescriptionSchema.optional(),
	enabled: EnabledSchema.optional(),
});

export const RotateSecretBodySchema = z.object({
	grace_period_seconds: z
		.number({ invalid_type_error: 'must be a whole number of seconds' })
		.int('must be a whole number of seconds')
		.min(0, `must be between 0 and ${MAX_GRACE_PERIOD_SECONDS}`)
		.max(MAX_GRACE_PERIOD_SECONDS, `must be between 0 and ${MAX_GRACE_PERIOD_SECONDS}`)
		.optional(),
});

export const WebhookSchema = z
	.object({
		id: z.string().regex(/^wh_/),
		url: z.string().url(),
		events: z.array(EventNameSchema).min(1),
		description: z.string().max(255).nullable(),
		enabled: z.boolean(),
		created_at: TimestampSchema,
		updated_at: TimestampSchema,
	})
	.strict();

export const WebhookWithSecretSchema = WebhookSchema.extend({
	secret: z.string().regex(/^whsec_[A-Za-z0-9+/]{43}=$/),
}).strict();

export const DeliverySchema = z
	.object({
		id: z.string().regex(/^dlv_/),
		webhook_id: z.string().regex(/^wh_/),
		event_id: z.string().regex(/^evt_/),
		event_type: EventNameSchema,
		status: z.enum(['pending', 'succeeded', 'failed']),
		attempt_count: z.number().int().min(0),
		next_attempt_at: TimestampSchema.nullable(),
		created_at: TimestampSchema,
		attempts: z.array(
			z
				.object({
					attempt: z.number().int().min(1),
					started_at: TimestampSchema,
					duration_ms: z.number().int().min(0),
					response_status: z.number().int().nullable(),
					error: z.string().nullable(),
				})
				.strict(),
		),
	})
	.strict();

export const WebhookResponseSchema = dataSchema(WebhookSchema);
export const WebhookWithSecretResponseSchema = dataSchema(WebhookWithSecretSchema);
export const WebhookListResponseSchema = envelopeSchema(WebhookSchema);
export const DeliveryListResponseSchema = envelopeSchema(DeliverySchema);
export const DeliveryResponseSchema = z.object({ data: DeliverySchema });
