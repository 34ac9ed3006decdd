import { failureFromError, isTruncatedJson } from '../../../../nodes/shared/transport/failure';

describe('failureFromError', () => {
	it('reads status, lower-cased headers and the parsed body from an axios error under a NodeApiError', () => {
		const axiosError = Object.assign(new Error('Request failed with status code 429'), {
			code: 'ERR_BAD_REQUEST',
			response: {
				status: 429,
				headers: { toJSON: () => ({ 'Retry-After': '3', 'X-RateLimit-Limit': 600 }) },
				data: '{"message":"Too many requests.","code":"rate_limited"}',
			},
		});
		const wrapped = Object.assign(
			new Error('The service is receiving too many requests from you'),
			{ cause: axiosError },
		);

		expect(failureFromError(wrapped)).toEqual({
			statusCode: 429,
			headers: { 'retry-after': '3', 'x-ratelimit-limit': '600' },
			body: { message: 'Too many requests.', code: 'rate_limited' },
			errorMessage: 'Request failed with status code 429',
		});
	});

	it("reads status and body from n8n 1.x's NodeApiError, which drops the request error and its headers", () => {
		const wrapped = Object.assign(new Error('The resource you are requesting could not be found'), {
			httpCode: '404',
			context: { data: { message: 'No query results for model [Student] 987654' } },
		});

		expect(failureFromError(wrapped)).toEqual({
			statusCode: 404,
			headers: {},
			body: { message: 'No query results for model [Student] 987654' },
			errorMessage: 'The resource you are requesting could not be found',
		});
	});

	it('reads a network error code when there is no response', () => {
		const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		expect(failureFromError(Object.assign(new Error('wrapped'), { cause: reset }))).toEqual({
			headers: {},
			errorCode: 'ECONNRESET',
			errorMessage: 'socket hang up',
		});
	});

	it('reads the legacy request-library shape (statusCode + error body)', () => {
		expect(
			failureFromError({
				statusCode: 404,
				error: { message: 'No student with ID 9.' },
				response: { headers: {} },
			}),
		).toMatchObject({
			statusCode: 404,
			body: { message: 'No student with ID 9.' },
		});
	});

	it('keeps the message of an error that is neither HTTP nor network', () => {
		expect(failureFromError(new Error('OAuth credentials not connected'))).toEqual({
			headers: {},
			errorCode: undefined,
			errorMessage: 'OAuth credentials not connected',
		});
	});
});

describe('isTruncatedJson', () => {
	it('spots a JSON response cut off mid-body', () => {
		expect(isTruncatedJson('{"data":[{"id":1},', { 'content-type': 'application/json' })).toBe(
			true,
		);
	});

	it('accepts parsed bodies, complete JSON text and non-JSON content', () => {
		expect(isTruncatedJson({ data: [] }, { 'content-type': 'application/json' })).toBe(false);
		expect(isTruncatedJson('{"data":[]}', { 'content-type': 'application/json' })).toBe(false);
		expect(isTruncatedJson('<html>', { 'content-type': 'text/html' })).toBe(false);
		expect(isTruncatedJson('', { 'content-type': 'application/json' })).toBe(false);
	});
});
