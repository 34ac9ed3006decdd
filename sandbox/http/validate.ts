/**
 * zod at the HTTP boundary.
 *
 * - `parseBody(schema, body)` — the parsed value, or a 422 `validation_failed` ApiError whose
 *   `errors` keys are the dot paths of the offending fields (`events.0`), `body` for the root.
 * - `validateAll(...validators)` — runs them all and merges their 422 field errors into one.
 * - `checkResponse(request, schema, body)` — returns `body`; when `config.validateResponses` is on
 *   (the default), a body that does not match the contract schema becomes a 500 so tests catch it.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { ApiError, validationError, type FieldErrors } from './errors';

export function zodFieldErrors(error: z.ZodError): FieldErrors {
	const errors: FieldErrors = {};
	for (const issue of error.issues) {
		const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
		const field = key.replace(/_/g, ' ');
		const message =
			issue.code === 'invalid_type' && issue.received === 'undefined'
				? `The ${field} field is required.`
				: `The ${field} field is invalid: ${issue.message}.`;
		(errors[key] ??= []).push(message);
	}
	return errors;
}

export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
	const result = schema.safeParse(body ?? {});
	if (!result.success) throw validationError(zodFieldErrors(result.error));
	return result.data;
}

export function checkResponse<T>(request: FastifyRequest, schema: z.ZodTypeAny, body: T): T {
	if (!request.server.sandbox.config.validateResponses) return body;
	const result = schema.safeParse(body);
	if (!result.success) {
		request.log.error({ issues: result.error.issues }, 'response does not match the contract');
		throw new ApiError(
			500,
			'server_error',
			`Sandbox bug: the response does not match the contract (${result.error.issues[0].path.join('.')}: ${result.error.issues[0].message}).`,
		);
	}
	return body;
}

/**
 * Runs several validators and reports all their field errors in one 422 (e.g. a bad `per_page`
 * and an unknown filter in the same request), instead of stopping at the first.
 */
export function validateAll<T extends unknown[]>(...validators: { [K in keyof T]: () => T[K] }): T {
	const errors: FieldErrors = {};
	const results = validators.map((validate) => {
		try {
			return validate();
		} catch (error) {
			if (!(error instanceof ApiError) || error.code !== 'validation_failed') throw error;
			Object.assign(errors, error.extra.errors as FieldErrors);
			return undefined;
		}
	});
	if (Object.keys(errors).length > 0) throw validationError(errors);
	return results as T;
}
