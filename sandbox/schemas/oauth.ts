/** OAuth 2.0 token endpoint shapes (contract §7, RFC 6749 §5). */
import { z } from 'zod';

const optionalString = z.string().optional();

/** Form-encoded or JSON; every parameter is a string, and which ones are needed depends on the grant. */
export const TokenRequestSchema = z
	.object({
		grant_type: optionalString,
		code: optionalString,
		redirect_uri: optionalString,
		code_verifier: optionalString,
		refresh_token: optionalString,
		scope: optionalString,
		client_id: optionalString,
		client_secret: optionalString,
	})
	.passthrough();

export const TokenResponseSchema = z
	.object({
		token_type: z.literal('Bearer'),
		expires_in: z.number().int().positive(),
		access_token: z.string().min(1),
		refresh_token: z.string().min(1).optional(),
		scope: z.string(),
	})
	.strict();

export const OAUTH_ERRORS = [
	'invalid_request',
	'invalid_client',
	'invalid_grant',
	'unauthorized_client',
	'unsupported_grant_type',
	'invalid_scope',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

export const OAuthErrorSchema = z
	.object({ error: z.enum(OAUTH_ERRORS), error_description: z.string(), message: z.string() })
	.strict();

export const AuthorizeQuerySchema = z
	.object({
		response_type: optionalString,
		client_id: optionalString,
		redirect_uri: optionalString,
		scope: optionalString,
		state: optionalString,
		code_challenge: optionalString,
		code_challenge_method: optionalString,
	})
	.passthrough();

export const ConsentDecisionSchema = z
	.object({ consent_id: z.string().min(1), decision: z.enum(['approve', 'deny']) })
	.passthrough();
