/**
 * Bearer authentication, rate limiting and scope checks for API routes (contract §4–§6).
 *
 * `requireScopes(...scopes)` returns a fastify `preHandler` that, in order:
 * 1. reads `Authorization: Bearer <token>` — missing, malformed or unknown → 401 `unauthenticated`,
 *    an expired OAuth access token → 401 `token_expired`; both with `WWW-Authenticate`;
 * 2. counts the request against the token's rate-limit bucket and sets `X-RateLimit-*` on the
 *    response (whatever its status) — over budget → 429 `rate_limited` with `Retry-After`;
 * 3. checks the scopes (`webhooks:write` implies `webhooks:read`) → 403 `insufficient_scope` with
 *    `required_scopes`.
 * The authenticated grant is then on `request.grant`.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

import type { Grant } from '../auth/tokens';
import type { SandboxState } from '../state';
import { ApiError } from '../http/errors';
import { rateLimitHeaders } from '../http/rateLimit';

declare module 'fastify' {
	interface FastifyInstance {
		sandbox: SandboxState;
	}
	interface FastifyRequest {
		grant?: Grant;
	}
}

const IMPLIED_SCOPES: Record<string, string[]> = { 'webhooks:read': ['webhooks:write'] };

export function hasScope(granted: readonly string[], scope: string): boolean {
	return (
		granted.includes(scope) ||
		(IMPLIED_SCOPES[scope] ?? []).some((implying) => granted.includes(implying))
	);
}

function unauthenticated(
	code: 'unauthenticated' | 'token_expired',
	message: string,
	description: string,
): ApiError {
	return new ApiError(
		401,
		code,
		message,
		{},
		{
			'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
		},
	);
}

export function bearerToken(request: FastifyRequest): string | undefined {
	const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
	return match?.[1];
}

export function requireScopes(...scopes: string[]): preHandlerAsyncHookHandler {
	return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
		const state = request.server.sandbox;
		const token = bearerToken(request);
		if (!token) {
			throw unauthenticated(
				'unauthenticated',
				'Unauthenticated. Send a valid access token as "Authorization: Bearer <token>".',
				'Missing or malformed bearer token',
			);
		}
		const lookup = state.tokens.resolve(token);
		if (lookup.status === 'expired') {
			throw unauthenticated(
				'token_expired',
				'The access token has expired. Refresh it and try again.',
				'The access token expired',
			);
		}
		if (lookup.status === 'unknown') {
			throw unauthenticated(
				'unauthenticated',
				'Unauthenticated. The access token is invalid or has been revoked.',
				'Unknown or revoked token',
			);
		}
		const limit = state.rateLimiter.hit(lookup.grant.rateKey, state.clock.now());
		reply.headers(rateLimitHeaders(limit));
		if (!limit.allowed) {
			throw new ApiError(
				429,
				'rate_limited',
				`Too many requests. Retry in ${limit.retryAfter} seconds.`,
				{
					retry_after: limit.retryAfter,
				},
			);
		}
		const missing = scopes.filter((scope) => !hasScope(lookup.grant.scopes, scope));
		if (missing.length > 0) {
			throw new ApiError(
				403,
				'insufficient_scope',
				`This action needs the ${missing.join(', ')} scope, which the access token does not have.`,
				{
					required_scopes: scopes,
				},
			);
		}
		request.grant = lookup.grant;
	};
}
