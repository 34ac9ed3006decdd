// A scope ticked later, for OAuth2 Client Credentials: on a 403 insufficient_scope, one new token
// with the credential's current Scopes and one repeat of the request. Why (n8n keeps that grant's
// token until a 401), and n8n 1.85, which cannot: docs/credentials.md "Scopes: a scope ticked later".
import type { ApiContext } from './credential';
import { failureFromError } from './failure';
import type { Failure } from './retry';
import { asErrorBody, type OAuthGrant } from './statusTexts';

/** Whether this n8n can fetch a new Client Credentials token on request (n8n 1.85 cannot). */
export function canRenewToken(context: ApiContext): boolean {
	return (
		typeof (context.helpers as Partial<ApiContext['helpers']>).refreshOAuth2Token === 'function'
	);
}

/** Whether a failed request should be repeated once with a Client Credentials token fetched anew. */
export function needsNewScopeToken(
	context: ApiContext,
	failure: Failure,
	grant: OAuthGrant | undefined,
): boolean {
	return (
		grant === 'clientCredentials' &&
		failure.statusCode === 403 &&
		asErrorBody(failure.body).code === 'insufficient_scope' &&
		canRenewToken(context)
	);
}

/**
 * Fetches a Client Credentials token with the credential's current Scopes; n8n stores it in the
 * credential. Returns the failure of the token request (e.g. invalid_scope) when there is one.
 */
export async function renewScopeToken(
	context: ApiContext,
	credentialType: string,
): Promise<Failure | undefined> {
	try {
		await context.helpers.refreshOAuth2Token.call(context, credentialType);
		return undefined;
	} catch (error) {
		return failureFromError(error);
	}
}
