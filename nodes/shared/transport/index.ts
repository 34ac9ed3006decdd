// The one way nodes talk to the Education Platform API: `apiRequest` sends one request through
// n8n's `httpRequestWithAuthentication`, repeats it as retry.ts plans (429, 5xx, timeouts), waits
// with the rate budget, and turns the last failure into a NodeApiError that says what to do.
// What it promises, and why: docs/architecture.md, "The transport".
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { AuthenticationMethod } from '../constants';
import { isJsonRecord } from '../jsonRecord';
import {
	baseUrlOf,
	credentialTypeOf,
	oauthGrantOf,
	resolveUrl,
	type ApiContext,
	type CredentialSnapshot,
} from './credential';
import { describeFailure } from './errorDescription';
import {
	failureFromError,
	isTruncatedJson,
	lowerCaseHeaders,
	truncatedBodyFailure,
} from './failure';
import type { RequestGate, Timer } from './rateBudget';
import {
	DEFAULT_RETRY_POLICY,
	planRetry,
	type Failure,
	type RetryDecision,
	type RetryPolicy,
} from './retry';
import { canRenewToken, needsNewScopeToken, renewScopeToken } from './scopeRenewal';

export {
	platformBaseUrl,
	readCredential,
	type ApiContext,
	type CredentialSnapshot,
} from './credential';
export { RateBudget } from './rateBudget';

export interface ApiRequestOptions {
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** Return `{ body, headers, statusCode, statusMessage }` instead of the body. */
	returnFullResponse?: boolean;
	/** Names what is requested in error messages, e.g. `student 1042` or `webhook wh_1`. */
	resourceLabel?: string;
	/** Said under a 404 after naming the resource: what the ID is and where to find one. */
	notFoundAdvice?: string;
	/** The scope this request needs: named under a 403 when the platform's body does not name it. */
	requiredScope?: string;
	/** The input item the request is for; recorded on the error for Continue On Fail. */
	itemIndex?: number;
	/** Use this credential type instead of the node's `authentication` parameter. */
	authentication?: AuthenticationMethod;
	/** Tighter or looser retry bounds than DEFAULT_RETRY_POLICY. */
	retry?: Partial<RetryPolicy>;
	/** Bound on one attempt, in milliseconds (default DEFAULT_REQUEST_TIMEOUT_MS). */
	timeoutMs?: number;
	/**
	 * Shared by requests sent at once (concurrent pages): every attempt waits for it first and
	 * reports its answer to it, so the rate budget is respected and a 429 pauses them all.
	 */
	gate?: RequestGate;
	/** The credential read once for a series of requests (`readCredential`), instead of once per request. */
	credential?: CredentialSnapshot;
	/**
	 * When the caller needs its answer by (ms since the epoch): each attempt's timeout ends there,
	 * and a wait (Retry-After, backoff, the gate) that would end later is not started.
	 */
	deadline?: number;
}

/**
 * A request stopped by its `deadline`: the platform did not answer in time, or asked for a wait
 * that ends later. `retryAt`: when a wait the platform asked for ends (ms since the epoch).
 */
export class DeadlineReachedError extends NodeApiError {
	retryAt?: number;
}

/** A page of 100 students answers in well under a second; a minute means the platform is stuck. */
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** Whether `apiRequest` failed because the platform answered 404 (the resource does not exist). */
export function isNotFoundError(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && error.httpCode === '404';
}

function cancelSignal(context: ApiContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
}

/**
 * `sleep` in slices of at most a second (or until `wake` resolves), so that cancelling the execution during a long
 * rate-limit wait takes effect promptly (the next request then aborts with the execution). Each
 * slice is measured against the end time: a busy event loop fires timers late, and counting a
 * full second per slice would add that lateness up over a minute-long wait.
 */
async function wait(context: ApiContext, ms: number, wake?: Promise<void>): Promise<void> {
	const signal = cancelSignal(context);
	const until = Date.now() + ms;
	let woken = false;
	void wake?.then(() => (woken = true));
	for (
		let remaining = ms;
		remaining > 0 && !signal?.aborted && !woken;
		remaining = until - Date.now()
	) {
		const slice = sleep(Math.min(remaining, 1000));
		await (wake ? Promise.race([slice, wake]) : slice);
	}
}

/** The execution's clock for a RateBudget: n8n's `sleep`, cut short when the execution is cancelled. */
export function executionTimer(context: ApiContext): Timer {
	const signal = cancelSignal(context);
	return {
		now: () => Date.now(),
		sleep: async (ms, wake) => {
			await wait(context, ms, wake);
			// Waiting for the budget must not spin once the execution is cancelled.
			if (signal?.aborted)
				throw new NodeOperationError(
					context.getNode(),
					'The execution was cancelled while waiting for the rate limit',
				);
		},
	};
}

export async function apiRequest(
	this: ApiContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<unknown> {
	const { authentication, credentialType } =
		options.credential ?? credentialTypeOf(this, options.authentication);
	const credentialData: ICredentialDataDecryptedObject =
		options.credential?.data ?? (await this.getCredentials(credentialType));
	const url = resolveUrl(
		this,
		baseUrlOf(this, credentialData, options.itemIndex),
		endpoint,
		options.itemIndex,
	);
	// n8n reads only `data` of credentials handed over, and its OAuth2 path ignores them (it reads
	// and refreshes the token itself).
	const handedOver =
		options.credential && authentication === 'accessToken'
			? {
					credentialsDecrypted: {
						id: '',
						name: '',
						type: credentialType,
						data: { ...credentialData },
					},
				}
			: undefined;
	const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
	const oauthGrant = oauthGrantOf(authentication, credentialData);
	let renewedToken = false;

	let waitedMs = 0;
	const timeLeft = () =>
		options.deadline === undefined ? Infinity : options.deadline - Date.now();
	/** The waiting this request may still do: the retry policy's, or less when the deadline is nearer. */
	const mayWait = () => Math.min(policy.maxTotalWaitMs - waitedMs, timeLeft());
	for (let attempt = 1; ; attempt++) {
		let failure: Failure;
		let decision: RetryDecision;
		// The gate's waits (the rate budget, another page's 429) count toward the same budget.
		const admission = await options.gate?.acquire(mayWait());
		waitedMs += admission?.waitedMs ?? 0;
		if (admission?.refused) {
			failure = admission.refused.outcome;
			decision = {
				retry: false,
				reason: 'wait-budget',
				requestedDelayMs: admission.refused.waitMs,
				source: 'rate-limit-reset',
			};
		} else {
			// A fresh options object per attempt: authentication mutates headers in place.
			const request: IHttpRequestOptions = {
				method,
				url,
				headers: { Accept: 'application/json' },
				qs: options.qs,
				body: options.body,
				json: true,
				returnFullResponse: true,
				// At least 1 ms: a timeout of 0 means none.
				timeout: Math.max(1, Math.min(options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, timeLeft())),
			};
			try {
				const response = (await this.helpers.httpRequestWithAuthentication.call(
					this,
					credentialType,
					request,
					handedOver,
				)) as IN8nHttpFullResponse;
				const headers = lowerCaseHeaders(response.headers);
				options.gate?.settle({ statusCode: response.statusCode, headers });
				if (!isTruncatedJson(response.body, headers)) {
					return options.returnFullResponse ? { ...response, headers } : response.body;
				}
				failure = truncatedBodyFailure(response.statusCode, headers);
			} catch (error) {
				failure = failureFromError(error);
				options.gate?.settle(failure);
			}
			// Once per request, and counted as an attempt: the repeat goes through the gate again.
			if (!renewedToken && needsNewScopeToken(this, failure, oauthGrant)) {
				renewedToken = true;
				const tokenFailure = await renewScopeToken(this, credentialType);
				if (!tokenFailure) continue;
				failure = tokenFailure;
			}
			decision = planRetry(
				failure,
				{ attempt, waitedMs, method },
				{ ...policy, maxTotalWaitMs: waitedMs + mayWait() },
			);
		}

		if (decision.retry) {
			await wait(this, decision.delayMs);
			waitedMs += decision.delayMs;
			continue;
		}
		// Stopped by the deadline rather than by the retry policy's own bound on waiting.
		const pastDeadline =
			decision.reason === 'wait-budget' && timeLeft() < policy.maxTotalWaitMs - waitedMs;
		// A time to retry only when the platform set the wait; a backoff's end is no such time.
		const retryAt =
			decision.requestedDelayMs === undefined || decision.source === 'backoff'
				? undefined
				: Date.now() + decision.requestedDelayMs;
		const report = describeFailure(failure, {
			method,
			url,
			resourceLabel: options.resourceLabel,
			notFoundAdvice: options.notFoundAdvice,
			requiredScope: options.requiredScope,
			itemIndex: options.itemIndex,
			authentication,
			oauthGrant,
			renewsToken: oauthGrant === 'clientCredentials' && canRenewToken(this),
			attempts: admission?.refused ? attempt - 1 : attempt,
			waitedMs,
			stop: decision.reason,
			requestedDelayMs: decision.requestedDelayMs,
			retryAt,
			maxTotalWaitMs: policy.maxTotalWaitMs,
			pastDeadline,
		});
		const errorResponse: JsonObject = isJsonRecord(failure.body)
			? (failure.body as JsonObject)
			: { message: failure.errorMessage ?? report.message };
		const errorOptions = {
			message: report.message,
			description: report.description,
			httpCode: report.httpCode,
			itemIndex: options.itemIndex,
		};
		if (pastDeadline) {
			const stopped = new DeadlineReachedError(this.getNode(), errorResponse, errorOptions);
			stopped.retryAt = retryAt;
			throw stopped;
		}
		throw new NodeApiError(this.getNode(), errorResponse, errorOptions);
	}
}
