/**
 * Records the HTTP requests THIS process sends to one host:port, as the client saw them, through
 * Node's `diagnostics_channel` hooks of the `http` module (what n8n-core's axios uses). Nothing is
 * patched or proxied: the node talks to the sandbox exactly as it would without the recorder.
 *
 *   const traffic = recordHttpTraffic(sandbox.port);
 *   … run the node …
 *   traffic.count({ path: '/v1/students', status: 429 });
 *   traffic.stop();
 *
 * A request whose connection was dropped has no `status`.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

export interface RecordedRequest {
	method: string;
	/** Path without the query string, e.g. `/v1/students`. */
	path: string;
	query: URLSearchParams;
	/** Response status; undefined while pending or when no response arrived. */
	status?: number;
}

export interface RequestFilter {
	method?: string;
	path?: string;
	status?: number;
}

export interface HttpTraffic {
	readonly requests: RecordedRequest[];
	count(filter?: RequestFilter): number;
	/** Response statuses in request order (undefined for a request that got no answer). */
	statuses(filter?: Omit<RequestFilter, 'status'>): Array<number | undefined>;
	stop(): void;
}

const REQUEST_START = 'http.client.request.start';
const RESPONSE_FINISH = 'http.client.response.finish';

function matches(request: RecordedRequest, filter: RequestFilter): boolean {
	return (
		(filter.method === undefined || request.method === filter.method.toUpperCase()) &&
		(filter.path === undefined || request.path === filter.path) &&
		(filter.status === undefined || request.status === filter.status)
	);
}

export function recordHttpTraffic(port: number): HttpTraffic {
	const requests: RecordedRequest[] = [];
	const byClientRequest = new WeakMap<ClientRequest, RecordedRequest>();
	const isOurs = (request: ClientRequest) =>
		String(request.getHeader('host') ?? '').endsWith(`:${port}`);

	const onStart = (message: unknown) => {
		const { request } = message as { request: ClientRequest };
		if (!isOurs(request)) return;
		const url = new URL(request.path, 'http://recorded.invalid');
		const recorded: RecordedRequest = {
			method: request.method,
			path: url.pathname,
			query: url.searchParams,
		};
		byClientRequest.set(request, recorded);
		requests.push(recorded);
	};
	const onFinish = (message: unknown) => {
		const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
		const recorded = byClientRequest.get(request);
		if (recorded) recorded.status = response.statusCode;
	};
	diagnosticsChannel.subscribe(REQUEST_START, onStart);
	diagnosticsChannel.subscribe(RESPONSE_FINISH, onFinish);

	return {
		requests,
		count: (filter = {}) => requests.filter((request) => matches(request, filter)).length,
		statuses: (filter = {}) =>
			requests.filter((request) => matches(request, filter)).map((request) => request.status),
		stop() {
			diagnosticsChannel.unsubscribe(REQUEST_START, onStart);
			diagnosticsChannel.unsubscribe(RESPONSE_FINISH, onFinish);
		},
	};
}
