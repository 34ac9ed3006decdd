// Pure: no n8n import. Turns a failed request into what the user reads: the API's own
// message plus a description of what to do. The texts for each HTTP status are in statusTexts.ts;
// this module adds what the retries and the connection tell (docs/api-contract.md §4 error body).
import { isIdempotent, type Failure } from './retry';
import {
	asErrorBody,
	credentialAdvice,
	defaultMessage,
	fieldErrors,
	missingScopes,
	scopeMessage,
	statusAdvice,
	type ApiErrorBody,
	type StatusContext,
} from './statusTexts';

export interface FailureContext extends StatusContext {
	/** HTTP method and URL of the request, for messages about connections. */
	method: string;
	url: string;
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
	/** For 'wait-budget': the caller's deadline, not maxTotalWaitMs, left no time for the wait. */
	pastDeadline?: boolean;
}

interface ErrorReport {
	message: string;
	description: string;
	/** HTTP status as a string, when there was a response. */
	httpCode?: string;
}

/** "45 s", "2 min 5 s", "1 h 3 min". */
function formatDuration(ms: number): string {
	const totalSeconds = Math.max(0, Math.round(ms / 1000));
	const hours = Math.floor(totalSeconds / 3600);
	const minutes = Math.floor((totalSeconds % 3600) / 60);
	const seconds = totalSeconds % 60;
	if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
	if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
	return `${seconds} s`;
}

/** `errors` as "field: message" lines. */
function fieldErrorLines(errors: ApiErrorBody['errors']): string[] {
	return fieldErrors(errors).map(([field, text]) => `${field}: ${text}`);
}

function origin(url: string): string {
	try {
		return new URL(url).origin;
	} catch {
		return url;
	}
}

/** "after 1 attempt", "after 3 attempts"; "before sending it" when the wait came first. */
function attemptCount(context: FailureContext): string {
	if (context.attempts === 0) return 'before sending it';
	return `after ${context.attempts} attempt${context.attempts > 1 ? 's' : ''}`;
}

/** After this no date is worth naming (and past JavaScript's range there is none: "Invalid time value"). */
const LATEST_RETRY_TIME = Date.UTC(10_000, 0, 1);

/** "2026-11-26 00:13:02 UTC": when a wait that did not fit would have ended; none past the year 9999. */
function retryTime(context: FailureContext): string | undefined {
	if (
		context.stop !== 'wait-budget' ||
		context.retryAt === undefined ||
		!(context.retryAt < LATEST_RETRY_TIME)
	)
		return undefined;
	return `${new Date(context.retryAt).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function retryAdvice(failure: Failure, context: FailureContext): string[] {
	if (context.stop === 'not-retryable') {
		const unsafe = failure.statusCode === undefined || failure.statusCode >= 500;
		return unsafe && !isIdempotent(context.method)
			? [
					'The request was not repeated automatically because the platform may already have processed it. Check the result on the platform before running the workflow again.',
				]
			: [];
	}
	const waited = formatDuration(context.waitedMs);
	const before =
		context.waitedMs > 0
			? `Gave up before sending it, after ${waited} of waiting`
			: 'Gave up before sending it';
	const gaveUp =
		context.attempts === 0
			? before
			: `Gave up ${attemptCount(context)} and ${waited} of waiting in total`;
	const at = retryTime(context);
	const bound = context.pastDeadline
		? 'run past the time allowed for this request'
		: `exceed the ${formatDuration(context.maxTotalWaitMs)} retry limit`;
	const asked =
		context.stop === 'wait-budget' && context.requestedDelayMs !== undefined
			? ` (waiting another ${formatDuration(context.requestedDelayMs)} would ${bound})`
			: '';
	if (failure.statusCode === 429) {
		const limit = failure.headers['x-ratelimit-limit'];
		const budget = limit
			? ` The platform allows ${limit} requests per minute for these credentials.`
			: '';
		return [
			`${gaveUp}${asked}.${budget} Run the workflow again ${at ? `after ${at}` : 'later'}, fetch less (use a Limit or filters), or avoid running several workflows with the same credentials at the same time.`,
		];
	}
	if (failure.statusCode !== undefined) {
		return [
			`${gaveUp}${asked}. The platform seems to be down or overloaded. Try again ${at ? `after ${at}` : 'later'}; if it persists, contact the platform's support.`,
		];
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
		return /oauth|credential|token/i.test(failure.errorMessage ?? '')
			? [credentialAdvice(context.authentication)]
			: [];
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
	const fallback =
		isLocalFailure(failure) && failure.errorMessage
			? failure.errorMessage
			: defaultMessage(failure);
	let message = typeof apiMessage === 'string' && apiMessage.trim() ? apiMessage.trim() : fallback;
	if (failure.errorCode === 'EAUTH') message = `Could not get an OAuth2 access token: ${message}`;
	if (failure.statusCode === 403 && body.code === 'insufficient_scope')
		message = scopeMessage(missingScopes(body, context.requiredScope), context, context);
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
	if (fields.length) parts.push(`What the platform said about the fields: ${fields.join('; ')}`);
	if (body.request_id) parts.push(`Request ID: ${body.request_id}.`);

	return {
		message,
		description: parts.join(' '),
		...(failure.statusCode !== undefined && { httpCode: String(failure.statusCode) }),
	};
}
