// What the webhook commands (--redeliver, sandbox:subscribe) share: their connection flags and
// defaults, the flag loop, and the authenticated call to the sandbox's webhook API.
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

/**
 * Reads `argv` as flags (`--flag value` or `--flag=value`): --base-url, --token and --help here,
 * every other flag through `other`, which returns false for a flag `command` does not take.
 */
export function parseConnectionFlags(
	argv: string[],
	env: Record<string, string | undefined>,
	{ command, usage }: { command: string; usage: string },
	other: (flag: string, value: () => string) => boolean,
): Connection {
	const connection = { baseUrl: `http://127.0.0.1:${env.SANDBOX_PORT || 4010}`, token: env.SANDBOX_DEMO_TOKEN || 'demo-token' };
	for (let i = 0; i < argv.length; i++) {
		const [arg, inline] = argv[i].split(/=(.*)/s, 2) as [string, string | undefined];
		const value = () => {
			const found = inline ?? argv[++i];
			if (found === undefined) throw new UsageError(`${arg} needs a value.\n\n${usage}`);
			return found;
		};
		if (arg === '--help' || arg === '-h') throw new UsageError(usage);
		else if (arg === '--base-url') connection.baseUrl = value().replace(/\/+$/, '');
		else if (arg === '--token') connection.token = value();
		else if (!other(arg, value)) throw new UsageError(`${arg} does not go with ${command}.\n\n${usage}`);
	}
	return connection;
}

/** One call to the sandbox's API with the token; its `data`, or a UsageError saying what it answered. */
export async function callSandbox<T>(connection: Connection, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
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
		throw new UsageError(`Could not reach the sandbox at ${connection.baseUrl}: ${(error as Error).message}`);
	}
	const answer = (await response.body.json().catch(() => ({}))) as { data?: T; message?: string; errors?: Record<string, string[]> };
	if (response.statusCode >= 300 || answer.data === undefined) {
		const details = Object.entries(answer.errors ?? {}).map(([field, messages]) => `\n  ${field}: ${messages.join(' ')}`);
		throw new UsageError(`${method} ${path} → ${response.statusCode}: ${answer.message ?? 'unexpected answer'}${details.join('')}`);
	}
	return answer.data;
}
