import { spawn } from 'node:child_process';
import { once } from 'node:events';

import {
	authCookieFrom,
	causeChain,
	N8nConnectionError,
	N8nRestClient,
	olderPage,
} from '../../../tooling/lib/n8n-rest';
import { getFreePort } from '../../../tooling/lib/ports';

describe("picking n8n's auth cookie", () => {
	it('takes the n8n-auth pair from Set-Cookie and nothing else', () => {
		expect(
			authCookieFrom([
				'other=1; Path=/',
				'n8n-auth=eyJhbGci.abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax',
			]),
		).toBe('n8n-auth=eyJhbGci.abc.def');
	});

	it('ignores a cleared cookie', () => {
		expect(authCookieFrom(['n8n-auth=; Max-Age=0; Path=/'])).toBeUndefined();
	});
});

describe("a request to n8n after this process was busy past n8n's keep-alive timeout", () => {
	// Issue 48's smoke failure: parsing 18 MB of /types/nodes.json on a loaded machine kept the test
	// process busy for seconds, n8n closed the idle connection (Node's 5 s keep-alive), and the next
	// request went out on it: "fetch failed", "other side closed". A Node http server in a process of
	// its own stands for n8n; Atomics.wait blocks this one as a busy CPU does.
	const SERVER = `
const server = require('node:http').createServer((request, response) => {
	response.setHeader('content-type', 'application/json');
	response.end(JSON.stringify({ data: { path: request.url } }));
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));`;

	it('goes out on a connection of its own and gets its answer', async () => {
		const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
		try {
			const [port] = (await once(child.stdout!, 'data')) as [Buffer];
			const rest = new N8nRestClient(`http://127.0.0.1:${String(port).trim()}`);
			expect(await rest.request('GET', '/types/nodes.json')).toEqual({ path: '/types/nodes.json' });
			// A turn of the event loop, as between two tests, puts the connection back for reuse.
			await new Promise((resolve) => setTimeout(resolve, 0));
			Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 7_000);
			expect(await rest.request('GET', '/types/credentials.json')).toEqual({
				path: '/types/credentials.json',
			});
		} finally {
			child.kill();
		}
	}, 60_000);
});

describe('a request that gets no answer', () => {
	it("says so, with the chain of causes and what the harness knows of n8n's state", async () => {
		const port = await getFreePort();
		const rest = new N8nRestClient(`http://127.0.0.1:${port}`, 2, {
			explain: () => 'n8n (pid 42) exited with code 1 0.5 s ago',
		});
		const failure = rest.request('GET', '/types/credentials.json');
		await expect(failure).rejects.toThrow(N8nConnectionError);
		await expect(failure).rejects.toThrow(
			/^GET \/types\/credentials\.json: no answer from n8n: TypeError: fetch failed ← .*ECONNREFUSED.*\nn8n \(pid 42\) exited with code 1 0\.5 s ago$/,
		);
	});
});

describe('causeChain', () => {
	it('names each cause with its code', () => {
		const socket = Object.assign(new Error('other side closed'), {
			name: 'SocketError',
			code: 'UND_ERR_SOCKET',
		});
		expect(causeChain(new TypeError('fetch failed', { cause: socket }))).toBe(
			'TypeError: fetch failed ← SocketError: other side closed (UND_ERR_SOCKET)',
		);
	});
});

describe("paging through a workflow's executions", () => {
	const first = '/rest/executions?filter=x&limit=100';
	const page = (ids: number[]) =>
		ids.map((id) => ({ id: String(id), status: 'success', mode: 'webhook', workflowId: 'w' }));

	it("n8n 2.x: follows the page's cursor until there is none", () => {
		expect(olderPage(first, 2, { results: page([3, 2]), nextCursor: 'abc=' })).toBe(
			`${first}&cursor=abc%3D`,
		);
		expect(olderPage(first, 2, { results: page([1]), nextCursor: null })).toBeUndefined();
	});

	it('n8n 1.x: asks for the executions older than the oldest of a full page', () => {
		const full = page(Array.from({ length: 100 }, (_, i) => 250 - i));
		expect(olderPage(first, 1, { results: full })).toBe(`${first}&lastId=151`);
		expect(olderPage(first, 1, { results: page([99, 98]) })).toBeUndefined();
	});
});
