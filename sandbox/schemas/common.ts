/**
 * Shared contract shapes: timestamps (§1), the paginated envelope (§3.5) and the error body (§4).
 */
import { z } from 'zod';

/** `2026-09-01T08:30:00.000000Z` — UTC with microseconds. */
export const TimestampSchema = z
	.string()
	.regex(
		/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
		'must be a timestamp like 2026-09-01T08:30:00.000000Z',
	);
/** `YYYY-MM-DD`. */
export const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-09-01');

export function envelopeSchema<T extends z.ZodTypeAny>(item: T) {
	return z
		.object({
			data: z.array(item),
			links: z
				.object({
					first: z.string().url(),
					last: z.string().url(),
					prev: z.string().url().nullable(),
					next: z.string().url().nullable(),
				})
				.strict(),
			meta: z
				.object({
					current_page: z.number().int().min(1),
					from: z.number().int().min(1).nullable(),
					last_page: z.number().int().min(1),
					path: z.string().url(),
					per_page: z.number().int().min(1),
					to: z.number().int().min(1).nullable(),
					total: z.number().int().min(0),
				})
				.strict(),
		})
		.strict();
}

export function dataSchema<T extends z.ZodTypeAny>(item: T) {
	return z.object({ data: item }).strict();
}

export const ErrorBodySchema = z
	.object({
		message: z.string().min(1),
		code: z.enum([
			'unauthenticated',
			'token_expired',
			'insufficient_scope',
			'not_found',
			'method_not_allowed',
			'validation_failed',
			'rate_limited',
			'server_error',
			'service_unavailable',
		]),
		errors: z.record(z.array(z.string())).optional(),
		required_scopes: z.array(z.string()).optional(),
		retry_after: z.number().int().min(1).optional(),
		request_id: z.string().optional(),
	})
	.strict();
