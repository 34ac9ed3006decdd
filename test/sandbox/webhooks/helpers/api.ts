// JSON calls to a running sandbox over real HTTP.
export interface ApiResponse<T = any> {
	status: number;
	headers: Headers;
	body: T;
}

export function apiClient(baseUrl: string, token = 'demo-token') {
	return async function call<T = any>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<ApiResponse<T>> {
		const response = await fetch(baseUrl + path, {
			method,
			headers: {
				accept: 'application/json',
				authorization: `Bearer ${token}`,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return {
			status: response.status,
			headers: response.headers,
			body: text ? JSON.parse(text) : undefined,
		};
	};
}
