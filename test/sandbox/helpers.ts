// Shared helpers for the sandbox's own conformance tests: a sandbox on a free port and a small
// fetch wrapper that parses JSON bodies.
import { startSandbox, type RunningSandbox } from '../../sandbox';
import type { SandboxConfig } from '../../sandbox/config';

export async function startTestSandbox(
	options: Partial<SandboxConfig> = {},
): Promise<RunningSandbox> {
	return startSandbox({ port: 0, students: 300, ...options });
}

export interface ApiResponse<T = any> {
	status: number;
	headers: Headers;
	body: T;
}

export interface CallOptions {
	method?: string;
	token?: string | null;
	body?: unknown;
	headers?: Record<string, string>;
}

export async function call<T = any>(
	sandbox: RunningSandbox,
	path: string,
	options: CallOptions = {},
): Promise<ApiResponse<T>> {
	const { method = 'GET', token = sandbox.config.demoToken, body, headers = {} } = options;
	const response = await fetch(`${sandbox.baseUrl}${path}`, {
		method,
		redirect: 'manual',
		headers: {
			accept: 'application/json',
			...(token ? { authorization: `Bearer ${token}` } : {}),
			...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			...headers,
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	const isJson = response.headers.get('content-type')?.includes('application/json');
	return {
		status: response.status,
		headers: response.headers,
		body: (isJson && text ? JSON.parse(text) : text) as T,
	};
}

/** Every row of a list, 100 a page, each page answered 200. */
export async function listAll(
	sandbox: RunningSandbox,
	path: string,
): Promise<Array<Record<string, any>>> {
	const rows: Array<Record<string, any>> = [];
	for (let page = 1; ; page++) {
		const separator = path.includes('?') ? '&' : '?';
		const { status, body }: ApiResponse = await call(
			sandbox,
			`${path}${separator}per_page=100&page=${page}`,
		);
		expect(status).toBe(200);
		rows.push(...body.data);
		if (page >= body.meta.last_page) return rows;
	}
}
