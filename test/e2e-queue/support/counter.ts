// The side effect the test workflows perform: an HTTP endpoint that counts, per path, how many
// times each event id was posted to it (`{"id": "evt_…"}`).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class EventCounter {
	private readonly counts = new Map<string, Map<string, number>>();
	/** How long each answer takes: slow side effects keep executions running on the workers. */
	delayMs = 0;

	private constructor(private readonly server: Server) {}

	static async start(): Promise<EventCounter> {
		const server = createServer();
		const counter = new EventCounter(server);
		server.on('request', (request, response) => {
			let body = '';
			request.on('data', (chunk: Buffer) => (body += chunk));
			request.on('end', () => {
				try {
					const { id } = JSON.parse(body) as { id: string };
					const perId = counter.counts.get(request.url ?? '/') ?? new Map<string, number>();
					perId.set(id, (perId.get(id) ?? 0) + 1);
					counter.counts.set(request.url ?? '/', perId);
					setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), counter.delayMs);
				} catch {
					response.writeHead(400).end();
				}
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return counter;
	}

	url(path: string): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
	}

	/** How many times each id was posted to `path`. */
	of(path: string): Map<string, number> {
		return this.counts.get(path) ?? new Map();
	}

	close(): Promise<void> {
		this.server.closeAllConnections();
		return new Promise((resolve) => this.server.close(() => resolve()));
	}
}
