// What the webhook commands (--redeliver, sandbox:subscribe) share: their connection flags and
// defaults (sandbox:emit takes --base-url too), and the authenticated call to the sandbox's webhook API.
import { request } from 'undici';

import { UsageError } from './usageError';

export interface Connection {
	baseUrl: string;
	token: string;
}

export const CONNECTION_USAGE = [
	'  --base-url URL    the sandbox (default http://127.0.0.1:$SANDBOX_PORT, port 4010)',
	'  --token TOKEN     an access token with webhooks:read and webhooks:write (default $SANDBOX_DEMO_TOKEN, demo-token)',
];

export const CONNECTION_FLAGS = {
	'base-url': { type: 'string' },
	token: { type: 'string' },
} as const;

/** The connection from the values of CONNECTION_FLAGS (read with the command's own flags, sandbox/args.ts), or its defaults. */
export function connectionFrom(
	values: { 'base-url'?: string; token?: string },
	env: Record<string, string | undefined>,
): Connection {
	return {
		baseUrl: (values['base-url'] ?? `http://127.0.0.1:${env.SANDBOX_PORT || 4010}`).replace(
			/\/+$/,
			'',
		),
		token: values.token ?? (env.SANDBOX_DEMO_TOKEN || 'demo-token'),
	};
}

/** One call to the sandbox's API with the token; its `data`, or a UsageError saying what it answered. */
export async function callSandbox<T>(
	connection: Connection,
	method: 'GET' | 'POST',
	path: string,
	body?: unknown,
): Promise<T> {
	let response;
	try {
		response = await request(`${connection.baseUrl}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${connection.token}`,
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	} catch (error) {
		throw new UsageError(
			`Could not reach the sandbox at ${connection.baseUrl}: ${(error as Error).message}`,
		);
	}
	const answer = (await response.body.json().catch(() => ({}))) as {
		data?: T;
		message?: string;
		errors?: Record<string, string[]>;
	};
	if (response.statusCode >= 300 || answer.data === undefined) {
		const details = Object.entries(answer.errors ?? {}).map(
			([field, messages]) => `\n  ${field}: ${messages.join(' ')}`,
		);
		throw new UsageError(
			`${method} ${path} → ${response.statusCode}: ${answer.message ?? 'unexpected answer'}${details.join('')}`,
		);
	}
	return answer.data;
}
