// An MCP client from the official SDK (`@modelcontextprotocol/sdk`, ESM with CommonJS exports that
// jest's ts-jest loads) against n8n's MCP Server Trigger, and where that trigger listens.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { eventually } from './sandboxClient';

export type McpTransport = 'streamableHttp' | 'sse';
export const MCP_TRANSPORTS: readonly McpTransport[] = ['streamableHttp', 'sse'];

export interface McpEndpoints {
	/** GET opens the SSE stream; its `endpoint` event names where the client POSTs. */
	sse: string;
	/** POST (and DELETE to end the session): Streamable HTTP. */
	streamableHttp: string;
	/** The trigger's DELETE webhook, on every node version. */
	delete: string;
}

/**
 * The production URLs of an MCP Server Trigger at `path` (read in the trigger's `webhooks`, the same
 * in n8n 1.123 and 2.41): node versions 1 and 1.1 serve SSE at `<path>/sse` and take POSTs at
 * `<path>/messages`; from version 2 both are `<path>` itself. A POST without a session starts a
 * Streamable HTTP session, one with `?sessionId=` is an SSE client's message.
 */
export function mcpEndpoints(
	webhookBase: string,
	path: string,
	triggerVersion: number,
): McpEndpoints {
	const base = `${webhookBase.replace(/\/?$/, '/')}mcp/${path}`;
	return triggerVersion < 2
		? { sse: `${base}/sse`, streamableHttp: `${base}/messages`, delete: base }
		: { sse: base, streamableHttp: base, delete: base };
}

/**
 * Until n8n serves the trigger's production webhooks: a DELETE without a session is answered 400
 * ("No sessionId provided") by the trigger, 404 while the webhook is not registered (n8n 2.x
 * publishes in the background).
 */
export async function untilServed(endpoints: McpEndpoints, timeoutMs = 60_000): Promise<void> {
	await eventually(
		`n8n to serve the MCP Server Trigger at ${endpoints.delete}`,
		async () =>
			(await fetch(endpoints.delete, { method: 'DELETE' })).status === 400 ? true : undefined,
		timeoutMs,
	);
}

/** A connected client over one transport; `close()` ends its session. */
export async function connectMcp(
	transport: McpTransport,
	endpoints: McpEndpoints,
): Promise<Client> {
	const client = new Client({ name: 'education-platform-e2e', version: '1.0.0' });
	await client.connect(
		transport === 'sse'
			? new SSEClientTransport(new URL(endpoints.sse))
			: new StreamableHTTPClientTransport(new URL(endpoints.streamableHttp)),
	);
	return client;
}

/** What a tool call answered, as a model reads it: the text parts, joined. */
export function resultText(result: Record<string, unknown>): string {
	const parts = Array.isArray(result.content)
		? (result.content as Array<{ type?: unknown; text?: unknown }>)
		: [];
	return parts
		.filter((part) => part.type === 'text')
		.map((part) => String(part.text))
		.join('\n');
}
