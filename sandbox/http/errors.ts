/**
 * The contract's error body (§4): `{message, code, request_id, ...extra}` with `errors` on 422.
 *
 * - `ApiError(status, code, message, extra?, headers?)` — throw it from any handler or hook; the
 *   error handler installed by `installErrorHandling(app)` turns it into the response.
 * - `sendError(reply, status, code, message, extra?)` — send the body directly (returns the reply).
 * - `validationError(errors)` — a 422 `validation_failed` ApiError with Laravel-style field errors.
 * - `notFound(message)` — a 404 `not_found` ApiError.
 * - `installErrorHandling(app)` — error handler (ApiError, body parse errors → 422, anything else →
 *   500 `server_error`) and the not-found handler (404 `not_found`, or 405 `method_not_allowed`
 *   when the path exists for another method).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type ErrorCode =
	| 'unauthenticated'
	| 'token_expired'
	| 'insufficient_scope'
	| 'not_found'
	| 'method_not_allowed'
	| 'validation_failed'
	| 'rate_limited'
	| 'server_error'
	| 'service_unavailable';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: ErrorCode,
		message: string,
		readonly extra: Record<string, unknown> = {},
		readonly headers: Record<string, string | number> = {},
	) {
		super(message);
	}
}

export function errorBody(
	request: FastifyRequest,
	code: ErrorCode,
	message: string,
	extra: Record<string, unknown> = {},
) {
	return { message, code, ...extra, request_id: request.id };
}

export function sendError(
	reply: FastifyReply,
	status: number,
	code: ErrorCode,
	message: string,
	extra: Record<string, unknown> = {},
): FastifyReply {
	return reply
		.code(status)
		.type('application/json; charset=utf-8')
		.send(errorBody(reply.request, code, message, extra));
}

export function validationError(
	errors: FieldErrors,
	message = 'The given data was invalid.',
): ApiError {
	return new ApiError(422, 'validation_failed', message, { errors });
}

export function notFound(message: string): ApiError {
	return new ApiError(404, 'not_found', message);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function installErrorHandling(app: FastifyInstance): void {
	app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
		if (error instanceof ApiError) {
			reply.headers(error.headers);
			return sendError(reply, error.status, error.code, error.message, error.extra);
		}
		if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
			// Fastify's own body errors: malformed JSON, unsupported content type, body too large.
			return sendError(reply, 422, 'validation_failed', 'The request body could not be read.', {
				errors: { body: [error.message] },
			});
		}
		request.log.error(error);
		return sendError(
			reply,
			500,
			'server_error',
			'Something went wrong on our side. Please try again.',
		);
	});

	app.setNotFoundHandler((request, reply) => {
		const path = request.url.split('?')[0];
		const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }));
		if (allowed.length > 0) {
			reply.header('Allow', allowed.join(', '));
			return sendError(
				reply,
				405,
				'method_not_allowed',
				`The ${request.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.`,
			);
		}
		return sendError(reply, 404, 'not_found', `The route ${path} could not be found.`);
	});
}
