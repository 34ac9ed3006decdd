// Pure: no n8n import. Turns a failed request into what the user reads: the API's own
// message plus a description of what to do. docs/api-contract.md §4 (error body), §6 (scopes).
import type { AuthenticationMethod } from './constants';
import { isJsonRecord } from './jsonRecord';
import { isIdempotent, type Failure } from './retry';

export interface FailureContext {
	/** HTTP method and URL of the request, for messages about connections. */
	method: string;
	url: string;
	/** What the request was about, e.g. "student 1042" — named in 404 messages. */
	resourceLabel?: string;
	/** Said under a 404 after naming the resource: what the ID is and where to find one. */
	notFoundAdvice?: string;
	/** The scope the request needs, named under a 403 whose body does not name one. */
	requiredScope?: string;
	/** Which credential type was used, to say what to check on 401. */
	authentication?: AuthenticationMethod;
	/** Attempts made (1 = no retry) and time spent waiting between them. */
	attempts: number;
	waitedMs: number;
	/** Why the retry loop stopped. */
	stop: 'not-retryable' | 'attempts' | 'wait-budget';
	/** For 'wait-budget': the further wait that did not fit, and when it would end (ms since the epoch). */
	requestedDelayMs?: number;
	retryAt?: number;
	/** The retry loop's bound on total waiting. */
	maxTotalWaitMs: number;
}

export interface ErrorReport {
	message: string;
	description: string;
	/** HTTP status as a string, when there was a response. */
	httpCode?: string;
}

/** The documented error body (contract §4) plus OAuth's RFC 6749 §5.2 fields. */
interface ApiErrorBody {
	message?: string;
	code?: string;
	errors?: Record<string, string[] | string>;
	required_scopes?: string[];
	request_id?: string;
	error?: string;
	error_description?: string;
}

function asErrorBody(body: unknown): ApiErrorBody {
	return isJsonRecord(body) ? (body as ApiErrorBody) : {};
}

/** "45 s", "2 min 5 s", "1 h 3 min". */
export function formatDuration(ms: number): string {
	const totalSeconds = Math.max(0, Math.round(ms / 1000));
	const hours = Math.floor(totalSeconds / 3600);
	const minutes = Math.floor((totalSeconds % 3600) / 60);
	const seconds = totalSeconds % 60;
	if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
	if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
	return `${seconds} s`;
}

/** `errors` as [field, its messages as one sentence] pairs (Laravel's dot-notation keys kept). */
function fieldErrors(errors: ApiErrorBody['errors']): Array<[string, string]> {
	if (!errors || typeof errors !== 'object') return [];
	return Object.entries(errors).map(([field, messages]) => [
		field,
		Array.isArray(messages) ? messages.join(' ') : String(messages),
	]);
}

/** `errors` as "field: message" lines. */
export function fieldErrorLines(errors: ApiErrorBody['errors']): string[] {
	return fieldErrors(errors).map(([field, text]) => `${field}: ${text}`);
}

/** Names quoted in back-ticks in the query builder's messages: "Requested filter(s) `colour` …". */
function quotedNames(text: string): string[] {
	const first = /`([^`]+)`/.exec(text);
	return first ? first[1].split(',').map((name) => name.trim()).filter(Boolean) : [];
}

/** What to fix for each 422 field, in the node's own vocabulary. */
function validationAdvice(errors: ApiErrorBody['errors']): string[] {
	return fieldErrors(errors).map(([field, text]) => {
		if (field === 'filter') {
			const names = quotedNames(text);
			return names.length
				? `Remove or rename the unknown filter ${names.map((n) => `"${n}"`).join(', ')} (see Additional Filters).`
				: 'Remove the filter the platform does not know (see Additional Filters).';
		}
		if (field.startsWith('filter.')) return `Fix the value of the "${field.slice('filter.'.length)}" filter.`;
		if (field === 'sort') {
			const names = quotedNames(text);
			return names.length
				? `Sort by a supported field instead of ${names.map((n) => `"${n}"`).join(', ')}.`
				: 'Sort by a supported field.';
		}
		if (field === 'per_page') return 'Use a Page Size between 1 and 100.';
		if (field === 'page') return 'Page numbers start at 1.';
		return `Fix the "${field}" field.`;
	});
}

function missingScopes(body: ApiErrorBody, requiredScope: string | undefined): string[] {
	if (Array.isArray(body.required_scopes) && body.required_scopes.length) return body.required_scopes.map(String);
	const found = (body.message ?? '').match(/\b[a-z_]+:(?:read|write)\b/g);
	if (found) return [...new Set(found)];
	return requiredScope ? [requiredScope] : [];
}

function credentialAdvice(authentication: AuthenticationMethod | undefined): string {
	const token =
		'Check the Access Token in the Education Platform API credential: it may be mistyped, revoked or expired, or issued by another platform than the Base URL.';
	const oauth =
		'Reconnect the Education Platform OAuth2 credential: access was revoked or the refresh token expired. With Client Credentials, check the Client ID and Client Secret.';
	if (authentication === 'accessToken') return token;
	if (authentication === 'oAuth2') return oauth;
	return `${token} ${oauth}`;
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

function defaultMessage(failure: Failure): string {
	const status = failure.statusCode;
	if (status === undefined) return 'Could not get a complete response from the Education Platform';
	if (status === 401) return 'The Education Platform did not accept the credentials';
	if (status === 403) return 'The credentials are not allowed to do this';
	if (status === 404) return 'Not found';
	if (status === 422) return 'The platform rejected the request as invalid';
	if (status === 429) return 'Too many requests: the rate limit was reached';
	if (status >= 500) return `The Education Platform had a server error (HTTP ${status})`;
	return `The request failed (HTTP ${status})`;
}

function origin(url: string): string {
	try {
		return new URL(url).origin;
	} catch {
		return url;
	}
}

function statusAdvice(failure: Failure, body: ApiErrorBody, context: FailureContext): string[] {
	const status = failure.statusCode;
	const advice: string[] = [];
	const oauthAdvice = body.error ? oauthErrorAdvice(body.error) : undefined;
	if (oauthAdvice) return [oauthAdvice];
	if (status === 401) return [credentialAdvice(context.authentication)];
	if (status === 403) {
		const scopes = missingScopes(body, context.requiredScope);
		const named = scopes.length ? `the ${scopes.join(', ')} scope${scopes.length > 1 ? 's' : ''}` : 'a required scope';
		return [
			`The token lacks ${named}. Create an access token with ${scopes.length ? scopes.join(' and ') : 'that scope'}, or tick it under Scopes in the OAuth2 credential and reconnect.`,
		];
	}
	if (status === 404) {
		return context.resourceLabel
			? [`No ${context.resourceLabel} exists on the platform. ${context.notFoundAdvice ?? 'Check the ID.'}`]
			: ['The API path was not found. Check the Base URL in the credential (for example https://school.example.com or https://school.example.com/api).'];
	}
	if (status === 400 || status === 422) advice.push(...validationAdvice(body.errors));
	return advice;
}

/** "after 1 attempt", "after 3 attempts"; "before sending it" when the wait came first. */
function attemptCount(context: FailureContext): string {
	if (context.attempts === 0) return 'before sending it';
	return `after ${context.attempts} attempt${context.attempts > 1 ? 's' : ''}`;
}

/** "2026-11-26 00:13:02 UTC": when a wait that did not fit would have ended. */
function retryTime(context: FailureContext): string | undefined {
	if (context.stop !== 'wait-budget' || context.retryAt === undefined) return undefined;
	return `${new Date(context.retryAt).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function retryAdvice(failure: Failure, context: FailureContext): string[] {
	if (context.stop === 'not-retryable') {
		const unsafe = failure.statusCode === undefined || failure.statusCode >= 500;
		return unsafe && !isIdempotent(context.method)
			? ['The request was not repeated automatically because the platform may already have processed it. Check the result on the platform before running the workflow again.']
			: [];
	}
	const waited = formatDuration(context.waitedMs);
	const before = context.waitedMs > 0 ? `Gave up before sending it, after ${waited} of waiting` : 'Gave up before sending it';
	const gaveUp = context.attempts === 0 ? before : `Gave up ${attemptCount(context)} and ${waited} of waiting in total`;
	const at = retryTime(context);
	const asked =
		context.stop === 'wait-budget' && context.requestedDelayMs !== undefined
			? ` (waiting another ${formatDuration(context.requestedDelayMs)} would exceed the ${formatDuration(context.maxTotalWaitMs)} retry limit)`
			: '';
	if (failure.statusCode === 429) {
		const limit = failure.headers['x-ratelimit-limit'];
		const budget = limit ? ` The platform allows ${limit} requests per minute for these credentials.` : '';
		return [
			`${gaveUp}${asked}.${budget} Run the workflow again ${at ? `after ${at}` : 'later'}, fetch less (use a Limit or filters), or avoid running several workflows with the same credentials at the same time.`,
		];
	}
	if (failure.statusCode !== undefined) {
		return [`${gaveUp}${asked}. The platform seems to be down or overloaded. Try again ${at ? `after ${at}` : 'later'}; if it persists, contact the platform's support.`];
	}
	return [`${gaveUp}${asked}.`];
}

/** No response and no network error code: n8n itself refused (e.g. OAuth2 not connected). */
function isLocalFailure(failure: Failure): boolean {
	return failure.statusCode === undefined && failure.errorCode === undefined;
}

function connectionAdvice(failure: Failure, context: FailureContext): string[] {
	if (failure.statusCode !== undefined || failure.errorCode === 'EAUTH') return [];
	if (isLocalFailure(failure)) {
		return /oauth|credential|token/i.test(failure.errorMessage ?? '') ? [credentialAdvice(context.authentication)] : [];
	}
	const detail = [failure.errorCode, failure.errorMessage].filter(Boolean).join(': ');
	return [
		`${context.method.toUpperCase()} ${origin(context.url)} failed${detail ? ` (${detail})` : ''}. Check the Base URL in the credential and that the platform is reachable from n8n.`,
	];
}

/**
 * The message (the API's own sentence when it sent one) and a description that says what to do:
 * 401 → check the token or reconnect OAuth2; 403 → the missing scope; 404 → the resource;
 * 422 → the bad filter/field with the API's field errors; retry bound hit → how long it waited.
 */
export function describeFailure(failure: Failure, context: FailureContext): ErrorReport {
	const body = asErrorBody(failure.body);
	const apiMessage = body.message ?? body.error_description;
	const fallback = isLocalFailure(failure) && failure.errorMessage ? failure.errorMessage : defaultMessage(failure);
	let message = typeof apiMessage === 'string' && apiMessage.trim() ? apiMessage.trim() : fallback;
	if (failure.errorCode === 'EAUTH') message = `Could not get an OAuth2 access token: ${message}`;
	if (context.stop !== 'not-retryable') {
		const at = retryTime(context);
		message = `${message.replace(/\.$/, '')} (gave up ${attemptCount(context)}, ${formatDuration(context.waitedMs)} of waiting${at ? `; retry after ${at}` : ''})`;
	}

	const parts = [
		...connectionAdvice(failure, context),
		...statusAdvice(failure, body, context),
		...retryAdvice(failure, context),
	];
	const fields = fieldErrorLines(body.errors);
	if (fields.length) parts.push(`Field errors: ${fields.join('; ')}`);
	if (body.request_id) parts.push(`Request ID: ${body.request_id}.`);

	return {
		message,
		description: parts.join(' '),
		...(failure.statusCode !== undefined && { httpCode: String(failure.statusCode) }),
	};
}
