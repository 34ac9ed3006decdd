/**
 * OAuth 2.0 endpoints (contract §7), registered under `/oauth`:
 * - `GET /oauth/authorize` — validates the request and shows the consent page (or, with
 *   `autoApprove`, redirects straight back with a code);
 * - `POST /oauth/authorize` — the consent form's decision (Approve → code, Deny → access_denied);
 * - `POST /oauth/token` — authorization_code (PKCE S256), refresh_token (rotating) and
 *   client_credentials grants; client auth by HTTP Basic or body.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

import type { Grant } from '../auth/tokens';
import { checkResponse } from '../http/validate';
import {
	AuthorizeQuerySchema,
	ConsentDecisionSchema,
	TokenRequestSchema,
	TokenResponseSchema,
	type OAuthErrorCode,
} from '../schemas/oauth';
import type { SandboxState } from '../state';
import { consentPage, errorPage } from './consent';
import type { AuthorizationRequest, OAuthClient } from '../auth/oauthStore';

class OAuthError extends Error {
	constructor(
		readonly error: OAuthErrorCode,
		readonly description: string,
		readonly status = 400,
	) {
		super(description);
	}
}

const USER_ID = 'demo-user';

function splitScopes(scope: string | undefined): string[] | undefined {
	if (scope === undefined || scope.trim() === '') return undefined;
	return [...new Set(scope.trim().split(/[\s+]+/))];
}

/** The requested scopes if the client may have them all, else `invalid_scope`; none requested → `fallback`. */
function grantedScopes(
	requested: string | undefined,
	allowed: string[],
	fallback: string[],
): string[] {
	const scopes = splitScopes(requested);
	if (!scopes) return fallback;
	const refused = scopes.filter((scope) => !allowed.includes(scope));
	if (refused.length > 0)
		throw new OAuthError(
			'invalid_scope',
			`The requested scope ${refused.join(', ')} is invalid, unknown, or not allowed for this client.`,
		);
	return scopes;
}

export function pkceChallenge(verifier: string): string {
	return createHash('sha256').update(verifier).digest('base64url');
}

function redirectWith(
	reply: FastifyReply,
	uri: string,
	params: Record<string, string | undefined>,
) {
	const url = new URL(uri);
	for (const [key, value] of Object.entries(params))
		if (value !== undefined) url.searchParams.set(key, value);
	return reply.redirect(url.toString(), 302);
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
	const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return undefined;
	const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
	return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}

export const oauthRoutes: FastifyPluginAsync<{ state: SandboxState }> = async (app, { state }) => {
	const { oauth, tokens } = state;

	const htmlError = (reply: FastifyReply, message: string) =>
		reply.code(400).type('text/html; charset=utf-8').send(errorPage(message));

	function approve(reply: FastifyReply, request: AuthorizationRequest) {
		return redirectWith(reply, request.redirectUri, {
			code: oauth.issueCode(request),
			state: request.state,
		});
	}

	app.get('/authorize', async (request, reply) => {
		const parsed = AuthorizeQuerySchema.safeParse(request.query);
		if (!parsed.success)
			return htmlError(reply, 'Each authorization parameter must be given once.');
		const query = parsed.data;
		const client = query.client_id ? oauth.clients.get(query.client_id) : undefined;
		if (!client) return htmlError(reply, `Unknown client_id "${query.client_id ?? ''}".`);
		if (!query.redirect_uri || !oauth.redirectAllowed(client, query.redirect_uri)) {
			return htmlError(
				reply,
				`The redirect_uri "${query.redirect_uri ?? ''}" is not registered for client ${client.id}. Allowed: ${client.redirectUris.join(', ')} (set SANDBOX_OAUTH_REDIRECT_URIS).`,
			);
		}
		const fail = (error: string, description: string) =>
			redirectWith(reply, query.redirect_uri!, {
				error,
				error_description: description,
				state: query.state,
			});
		if (query.response_type !== 'code')
			return fail('unsupported_response_type', 'response_type must be "code".');
		if (!query.code_challenge)
			return fail(
				'invalid_request',
				'PKCE is required: send code_challenge and code_challenge_method=S256.',
			);
		if (query.code_challenge_method !== 'S256')
			return fail('invalid_request', 'code_challenge_method must be S256; plain is not supported.');
		if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge))
			return fail(
				'invalid_request',
				'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).',
			);
		let scopes: string[];
		try {
			scopes = grantedScopes(query.scope, client.scopes, client.scopes);
		} catch (error) {
			return fail('invalid_scope', (error as OAuthError).description);
		}
		const pending: AuthorizationRequest = {
			clientId: client.id,
			redirectUri: query.redirect_uri,
			scopes,
			state: query.state,
			codeChallenge: query.code_challenge,
		};
		if (state.config.autoApprove) return approve(reply, pending);
		return reply
			.type('text/html; charset=utf-8')
			.send(consentPage(client, scopes, oauth.savePending(pending)));
	});

	app.post('/authorize', async (request, reply) => {
		const parsed = ConsentDecisionSchema.safeParse(request.body);
		if (!parsed.success)
			return htmlError(reply, 'The consent form is incomplete. Start the authorization again.');
		const pending = oauth.takePending(parsed.data.consent_id);
		if (!pending)
			return htmlError(
				reply,
				'This consent request has expired or was already answered. Start the authorization again.',
			);
		if (parsed.data.decision === 'deny') {
			return redirectWith(reply, pending.redirectUri, {
				error: 'access_denied',
				error_description: 'The user denied the request.',
				state: pending.state,
			});
		}
		return approve(reply, pending);
	});

	function issueTokens(client: OAuthClient, grant: Grant, withRefresh: boolean) {
		const ttl = state.config.tokenTtl;
		const access = tokens.issueAccessToken(grant, ttl);
		return {
			token_type: 'Bearer' as const,
			expires_in: ttl,
			access_token: access.token,
			...(withRefresh
				? { refresh_token: tokens.issueRefreshToken({ ...grant, clientId: client.id }) }
				: {}),
			scope: grant.scopes.join(' '),
		};
	}

	function authorizationCodeGrant(client: OAuthClient, body: Record<string, string | undefined>) {
		if (!body.code || !body.redirect_uri || !body.code_verifier) {
			throw new OAuthError(
				'invalid_request',
				'The authorization_code grant needs code, redirect_uri and code_verifier.',
			);
		}
		const code = oauth.takeCode(body.code);
		if (!code || code.clientId !== client.id)
			throw new OAuthError(
				'invalid_grant',
				'The authorization code is invalid, expired, already used, or was issued to another client.',
			);
		if (code.redirectUri !== body.redirect_uri)
			throw new OAuthError(
				'invalid_grant',
				'The redirect_uri does not match the one used in the authorization request.',
			);
		if (pkceChallenge(body.code_verifier) !== code.codeChallenge)
			throw new OAuthError(
				'invalid_grant',
				'The code_verifier does not match the code_challenge (PKCE S256).',
			);
		return issueTokens(
			client,
			{
				kind: 'oauth',
				scopes: code.scopes,
				clientId: client.id,
				rateKey: `user:${USER_ID}:client:${client.id}`,
			},
			true,
		);
	}

	function refreshTokenGrant(client: OAuthClient, body: Record<string, string | undefined>) {
		if (!body.refresh_token)
			throw new OAuthError('invalid_request', 'The refresh_token grant needs refresh_token.');
		const previous = tokens.takeRefreshToken(body.refresh_token, client.id);
		if (!previous)
			throw new OAuthError(
				'invalid_grant',
				'The refresh token is invalid, expired, revoked, or was already used.',
			);
		const scopes = grantedScopes(body.scope, previous.scopes, previous.scopes);
		return issueTokens(client, { ...previous, scopes }, true);
	}

	function clientCredentialsGrant(client: OAuthClient, body: Record<string, string | undefined>) {
		if (client.secret === null)
			throw new OAuthError(
				'unauthorized_client',
				'A public client cannot use the client_credentials grant.',
			);
		const scopes = grantedScopes(body.scope, client.scopes, client.scopes);
		return issueTokens(
			client,
			{ kind: 'oauth', scopes, clientId: client.id, rateKey: `client:${client.id}` },
			false,
		);
	}

	const GRANTS = {
		authorization_code: authorizationCodeGrant,
		refresh_token: refreshTokenGrant,
		client_credentials: clientCredentialsGrant,
	} as const;

	app.post('/token', async (request, reply) => {
		reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
		try {
			const body = TokenRequestSchema.parse(request.body ?? {}) as Record<
				string,
				string | undefined
			>;
			const basic = basicCredentials(request.headers.authorization);
			const clientId = basic?.id ?? body.client_id;
			const client = oauth.authenticateClient(clientId, basic ? basic.secret : body.client_secret);
			if (!client) {
				if (basic) reply.header('WWW-Authenticate', 'Basic realm="oauth"');
				throw new OAuthError(
					'invalid_client',
					'Client authentication failed: unknown client or wrong secret.',
					401,
				);
			}
			if (!body.grant_type)
				throw new OAuthError('invalid_request', 'The grant_type parameter is required.');
			const grant = GRANTS[body.grant_type as keyof typeof GRANTS];
			if (!grant)
				throw new OAuthError(
					'unsupported_grant_type',
					`The grant type "${body.grant_type}" is not supported. Use authorization_code, refresh_token or client_credentials.`,
				);
			return checkResponse(request, TokenResponseSchema, grant(client, body));
		} catch (error) {
			if (error instanceof OAuthError) {
				return reply.code(error.status).send({
					error: error.error,
					error_description: error.description,
					message: error.description,
				});
			}
			if (error instanceof Error && error.name === 'ZodError') {
				return reply.code(400).send({
					error: 'invalid_request',
					error_description: 'Every token request parameter must be a string.',
					message: 'Every token request parameter must be a string.',
				});
			}
			throw error;
		}
	});
};
