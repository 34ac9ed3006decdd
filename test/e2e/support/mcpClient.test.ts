import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { mcpEndpoints, resultText } from './mcpClient';

describe('the MCP SDK under jest (ts-jest, CommonJS)', () => {
	it("loads the client and both transports through the package's CommonJS exports", () => {
		for (const loaded of [Client, SSEClientTransport, StreamableHTTPClientTransport])
			expect(typeof loaded).toBe('function');
		expect(require.resolve('@modelcontextprotocol/sdk/client/index.js')).toMatch(
			/[/\\]dist[/\\]cjs[/\\]client[/\\]index\.js$/,
		);
	});
});

describe('mcpEndpoints: where an MCP Server Trigger listens', () => {
	const at = (sse: string, streamableHttp: string) => ({
		sse: `http://127.0.0.1:5678/mcp/school${sse}`,
		streamableHttp: `http://127.0.0.1:5678/mcp/school${streamableHttp}`,
		delete: 'http://127.0.0.1:5678/mcp/school',
	});

	it.each([
		{ version: 2.1, base: 'http://127.0.0.1:5678/', expected: at('', '') },
		{ version: 2, base: 'http://127.0.0.1:5678', expected: at('', '') },
		{ version: 1.1, base: 'http://127.0.0.1:5678/', expected: at('/sse', '/messages') },
		{ version: 1, base: 'http://127.0.0.1:5678', expected: at('/sse', '/messages') },
	])(
		'node version $version: SSE and Streamable HTTP at their paths (base $base)',
		({ version, base, expected }) => {
			expect(mcpEndpoints(base, 'school', version)).toEqual(expected);
		},
	);
});

describe('resultText: what a model reads of a tool call', () => {
	it('joins the text parts and skips the others', () => {
		expect(
			resultText({
				content: [
					{ type: 'text', text: '[1]' },
					{ type: 'image', data: 'x' },
					{ type: 'text', text: 'more' },
				],
			}),
		).toBe('[1]\nmore');
	});

	it('is empty without content', () => {
		expect(resultText({})).toBe('');
	});
});
