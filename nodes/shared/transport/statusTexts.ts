// Pure: no n8n import. What the user reads for each HTTP status the platform answers: the message
// when the API sent none, and what to do after a 401 (the credential), 403 (the missing scope), 404
// (the resource or the Base URL), 400/422 (the field or filter to fix) and an OAuth error code.
// The API's error body is read here (docs/api-contract.md §4 error body, §6 scopes).
import type { AuthenticationMethod } from '../constants';
import { quoted, withItem } from '../errors';
import { isJsonRecord } from '../jsonRecord';
import type { Failure } from './retry';

/** The OAuth2 credential's Grant Type: Authorization Code (with PKCE) or Client Credentials. */
export type OAuthGrant = 'pkce' | 'clientCredentials';

/** What the request was for, as far as a status's advice names it. */
export interface StatusContext {
	/** What the request was about, e.g. "student 1042" — named in 404 messages. */
	resourceLabel?: string;
	/** Said under a 404 after naming the resource: what the ID is and where to find one. */
	notFoundAdvice?: string;
	/** The scope the request needs, named under a 403 whose body does not name one. */
	requiredScope?: string;
	/** Which credential type was used, to say what to check on 401. */
	authentication?: AuthenticationMethod;
	/** The OAuth2 credential's grant, to say how a newly ticked scope reaches the platform. */
	oauthGrant?: OAuthGrant;
	/** Whether this n8n fetches a new Client Credentials token on a 403 (scopeRenewal.ts). */
	renewsToken?: boolean;
	/** The input item the request was for, named in the 403 message. */
	itemIndex?: number;
}

/** The documented error body (contract §4) plus OAuth's RFC 6749 §5.2 fields. */
export interface ApiErrorBody {
	message?: string;
	code?: string;
	errors?: Record<string, string[] | string>;
	required_scopes?: string[];
	request_id?: string;
	error?: string;
	error_description?: string;
}

export function asErrorBody(body: unknown): ApiErrorBody {
	return isJsonRecord(body) ? (body as ApiErrorBody) : {};
}

/** `errors` as [field, its messages as one sentence] pairs (Laravel's dot-notation keys kept). */
export function fieldErrors(errors: ApiErrorBody['errors']): Array<[string, string]> {
	if (!errors || typeof errors !== 'object') return [];
	return Object.entries(errors).map(([field, messages]) => [
		field,
		Array.isArray(messages) ? messages.join(' ') : String(messages),
	]);
}

/** Names quoted in back-ticks in the query builder's messages: "Requested filter(s) `colour` …". */
function quotedNames(text: string): string[] {
	const first = /`([^`]+)`/.exec(text);
	return first
		? first[1]
				.split(',')
				.map((name) => name.trim())
				.filter(Boolean)
		: [];
}

/** What to fix for each 422 field, in the node's own vocabulary. */
function validationAdvice(errors: ApiErrorBody['errors']): string[] {
	return fieldErrors(errors).map(([field, text]) => {
		if (field === 'filter') {
			const names = quotedNames(text);
			return names.length
				? `Remove or rename the unknown filter ${names.map((name) => quoted(name)).join(', ')}.`
				: 'Remove the filter the platform does not know.';
		}
		if (field.startsWith('filter.'))
			return `Fix the value of the ${quoted(field.slice('filter.'.length))} filter.`;
		if (field === 'sort') {
			const names = quotedNames(text);
			return names.length
				? `Sort by a supported field instead of ${names.map((name) => quoted(name)).join(', ')}.`
				: 'Sort by a supported field.';
		}
		if (field === 'per_page') return 'Use a Page Size between 1 and 100.';
		if (field === 'page') return 'Page numbers start at 1.';
		return `Fix the ${quoted(field)} field.`;
	});
}

export function missingScopes(body: ApiErrorBody, requiredScope: string | undefined): string[] {
	if (Array.isArray(body.required_scopes) && body.required_scopes.length)
		return body.required_scopes.map(String);
	const found = (body.message ?? '').match(/\b[a-z_]+:(?:read|write)\b/g);
	if (found) return [...new Set(found)];
	return requiredScope ? [requiredScope] : [];
}

export function credentialAdvice(authentication: AuthenticationMethod | undefined): string {
	const token =
		'Check the Access Token in the Education Platform API credential: it may be mistyped, revoked or expired, or issued by another platform than the Base URL.';
	const oauth =
		'Reconnect the Education Platform OAuth2 credential: access was revoked or the refresh token expired. With Client Credentials, check the Client ID and Client Secret.';
	if (authentication === 'accessToken') return token;
	if (authentication === 'oAuth2') return oauth;
	return `${token} ${oauth}`;
}

/** "list payments", "get payment pay_1", "change webhook wh_1": what the refused request was for. */
function operationPhrase(method: string, url: string, resourceLabel: string | undefined): string {
	const reads = method.toUpperCase() === 'GET';
	if (resourceLabel) return `${reads ? 'get' : 'change'} ${resourceLabel}`;
	let path = url;
	try {
		path = new URL(url).pathname;
	} catch {
		// A relative URL is its own path.
	}
	const last =
		path
			.split('/')
			.filter((segment) => segment && !/^v\d+$/.test(segment))
			.pop() ?? 'records';
	return `${reads ? 'list' : 'change'} ${last.replace(/[-_]/g, ' ')}`;
}

/** The 403 message: what was refused, the scope it needs, and the item. */
export function scopeMessage(
	scopes: string[],
	request: { method: string; url: string },
	context: StatusContext,
): string {
	const named = scopes.length
		? `the ${scopes.join(' and ')} scope${scopes.length > 1 ? 's' : ''}`
		: 'a scope';
	return withItem(
		`The credential may not ${operationPhrase(request.method, request.url, context.resourceLabel)}: it lacks ${named}`,
		context.itemIndex,
	);
}

/** How THIS credential gets a scope it lacks: every grant has its own way, and each step works. */
function scopeAdvice(scopes: string[], context: StatusContext): string {
	const scope = scopes.length ? scopes.join(' and ') : 'the scope it needs';
	const tick = `Tick ${scope} under Scopes in the Education Platform OAuth2 credential`;
	const token = `Make an access token with ${scope} in the platform's settings and put it in the Education Platform API credential.`;
	if (context.authentication === 'accessToken') return token;
	if (context.authentication !== 'oAuth2')
		return `${token} Or: ${tick}, save it and click Reconnect.`;
	if (context.oauthGrant !== 'clientCredentials')
		return `${tick}, save it and click Reconnect, then approve the new access on the platform's page.`;
	return context.renewsToken
		? `${tick} and save it. The next run gets a new access token with it.`
		: `${tick} and save it. This n8n keeps its current access token until it expires (an hour on the platform), and the first run after that gets one with the new Scopes.`;
}

function oauthErrorAdvice(error: string): string | undefined {
	switch (error) {
		case 'invalid_client':
			return 'The platform did not accept the OAuth client. Check the Client ID and Client Secret in the credential.';
		case 'invalid_grant':
			return 'The authorization is no longer valid. Reconnect the Education Platform OAuth2 credential.';
		case 'invalid_scope':
			return 'The OAuth client may not request one of the selected Scopes. Untick it in the credential, or allow it for the client on the platform.';
		case 'unauthorized_client':
		case 'unsupported_grant_type':
			return 'This OAuth client may not use the selected Grant Type. Pick the other grant type or change the client on the platform.';
		default:
			return undefined;
	}
}

export function defaultMessage(failure: Failure): string {
	const status = failure.statusCode;
	if (status === undefined) return 'Could not get a complete response from the Education Platform';
	if (status === 401) return 'The Education Platform did not accept the credentials';
	if (status === 403) return 'The credentials are not allowed to do this';
	if (status === 404) return 'Not found';
	if (status === 422) return 'The platform rejected the request as invalid';
	if (status === 429)
		return 'The Education Platform received too many requests from these credentials';
	if (status >= 500)
		return `The Education Platform could not handle the request (status ${status})`;
	return `The Education Platform refused the request (status ${status})`;
}

export function statusAdvice(
	failure: Failure,
	body: ApiErrorBody,
	context: StatusContext,
): string[] {
	const status = failure.statusCode;
	const advice: string[] = [];
	const oauthAdvice = body.error ? oauthErrorAdvice(body.error) : undefined;
	if (oauthAdvice) return [oauthAdvice];
	if (status === 401) return [credentialAdvice(context.authentication)];
	if (status === 403) return [scopeAdvice(missingScopes(body, context.requiredScope), context)];
	if (status === 404) {
		return context.resourceLabel
			? [
					`No ${context.resourceLabel} exists on the platform. ${context.notFoundAdvice ?? 'Check the ID.'}`,
				]
			: [
					'The API path was not found. Check the Base URL in the credential (for example https://school.example.com or https://school.example.com/api).',
				];
	}
	if (status === 400 || status === 422) advice.push(...validationAdvice(body.errors));
	return advice;
}
