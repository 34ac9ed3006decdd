// Pure: no n8n import. Reads what happened out of whatever n8n's request helpers threw:
// a NodeApiError whose `cause` is an AxiosError (response with status/headers/data, or a
// network `code`), n8n-core's OAuth2 errors, or the legacy request library's shape.
import type { Failure } from './retry';

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
	return typeof value === 'object' && value !== null;
}

/** Header names lower-cased, list values joined (`a, b`), empty ones dropped. */
export function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const result: Record<string, string> = {};
	if (!isObject(headers)) return result;
	const plain =
		typeof headers.toJSON === 'function' ? (headers.toJSON as () => unknown)() : headers;
	if (!isObject(plain)) return result;
	for (const [name, value] of Object.entries(plain)) {
		if (value === undefined || value === null) continue;
		result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return result;
}

function parseBody(data: unknown): unknown {
	if (typeof data !== 'string') return data;
	try {
		return JSON.parse(data);
	} catch {
		return data.length > 0 ? data : undefined;
	}
}

/** The error itself and its causes, outermost first. */
function causeChain(error: unknown): Loose[] {
	const chain: Loose[] = [];
	let current: unknown = error;
	while (isObject(current) && chain.length < 5 && !chain.includes(current)) {
		chain.push(current);
		current = current.cause;
	}
	return chain;
}

function httpStatus(status: unknown): number | undefined {
	const numeric = typeof status === 'string' ? Number(status) : status;
	return typeof numeric === 'number' && numeric >= 100 && numeric < 600 ? numeric : undefined;
}

function statusOf(candidate: Loose): number | undefined {
	const response = isObject(candidate.response) ? candidate.response : undefined;
	return httpStatus(
		response?.status ?? response?.statusCode ?? candidate.statusCode ?? candidate.status,
	);
}

/**
 * n8n 1.x's request helpers wrap every failure in a NodeApiError that drops the request error
 * (n8n-workflow 1.x never keeps an Error as `cause`): what is left is `httpCode` and the response
 * body in `context.data`; the headers are gone.
 */
function wrappedOnlyFailure(chain: Loose[], errorMessage: string | undefined): Failure | undefined {
	const wrapper = chain.find((candidate) => httpStatus(candidate.httpCode) !== undefined);
	if (!wrapper) return undefined;
	const context = isObject(wrapper.context) ? wrapper.context : {};
	return {
		statusCode: httpStatus(wrapper.httpCode),
		headers: {},
		body: parseBody(context.data),
		errorMessage,
	};
}

/** Normalises a thrown request error into a Failure. */
export function failureFromError(error: unknown): Failure {
	const chain = causeChain(error);
	const withStatus = chain.find((candidate) => statusOf(candidate) !== undefined);
	const withCode = chain.find(
		(candidate) => typeof candidate.code === 'string' && /^E[A-Z_]+$/.test(candidate.code),
	);
	const innermost = chain[chain.length - 1];
	const errorMessage = typeof innermost?.message === 'string' ? innermost.message : undefined;

	const oauthError = chain.find(
		(candidate) => isObject(candidate.body) && typeof candidate.body.error === 'string',
	);
	if (oauthError && !withStatus) {
		// @n8n/client-oauth2's AuthError: the token endpoint answered with an RFC 6749 error.
		return { headers: {}, body: oauthError.body, errorCode: 'EAUTH', errorMessage };
	}
	if (withStatus && (statusOf(withStatus) ?? 0) < 300) {
		// A success status, yet the request failed: the body stopped arriving midway.
		return {
			headers: lowerCaseHeaders(
				isObject(withStatus.response) ? withStatus.response.headers : undefined,
			),
			errorCode: 'TRUNCATED_BODY',
			errorMessage,
		};
	}
	if (withStatus) {
		const response = isObject(withStatus.response) ? withStatus.response : {};
		const body = response.data ?? response.body ?? withStatus.body ?? withStatus.error;
		return {
			statusCode: statusOf(withStatus),
			headers: lowerCaseHeaders(response.headers ?? withStatus.headers),
			body: parseBody(body),
			errorMessage,
		};
	}
	if (withCode) return { headers: {}, errorCode: withCode.code as string, errorMessage };
	return wrappedOnlyFailure(chain, errorMessage) ?? { headers: {}, errorMessage };
}

/** A 2xx whose JSON body ended early: the connection dropped mid-response. */
export function truncatedBodyFailure(statusCode: number, headers: Record<string, string>): Failure {
	return {
		headers,
		errorCode: 'TRUNCATED_BODY',
		errorMessage: `The response (HTTP ${statusCode}) ended before its JSON body was complete`,
	};
}

/** Whether a successful response claims JSON but its body could not be parsed. */
export function isTruncatedJson(body: unknown, headers: Record<string, string>): boolean {
	const contentType = headers['content-type'] ?? '';
	if (!/json/i.test(contentType) || typeof body !== 'string' || body.trim() === '') return false;
	try {
		JSON.parse(body);
		return false;
	} catch {
		return true;
	}
}
