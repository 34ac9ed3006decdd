// The side effect the test workflows perform: an HTTP endpoint that counts, per path, how many
// times each event id was posted to it (`{"id": "evt_…"}`), and when it answered; it can fail a
// post on purpose (a side effect that fails, so the run fails), and how many posts to a path it held
// at once at most (how many runs n8n let execute at the same time).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class EventCounter {
	private readonly counts = new Map<string, Map<string, number>>();
	private readonly answers = new Map<string, Map<string, number>>();
	private readonly failing = new Map<string, number>();
	private readonly inFlight = new Map<string, number>();
	private readonly peaks = new Map<string, number>();
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
					const path = request.url ?? '/';
					const perId = counter.counts.get(path) ?? new Map<string, number>();
					perId.set(id, (perId.get(id) ?? 0) + 1);
					counter.counts.set(path, perId);
					const fails = counter.failing.get(path) ?? 0;
					if (fails > 0) counter.failing.set(path, fails - 1);
					const held = (counter.inFlight.get(path) ?? 0) + 1;
					counter.inFlight.set(path, held);
					counter.peaks.set(path, Math.max(held, counter.peaks.get(path) ?? 0));
					setTimeout(() => {
						counter.inFlight.set(path, (counter.inFlight.get(path) ?? 1) - 1);
						const answered = counter.answers.get(path) ?? new Map<string, number>();
						answered.set(id, Date.now());
						counter.answers.set(path, answered);
						response
							.writeHead(fails > 0 ? 500 : 200, { 'content-type': 'application/json' })
							.end(fails > 0 ? '{"ok":false}' : '{"ok":true}');
					}, counter.delayMs);
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

	/** When (Date.now()) the last post of each id to `path` was answered. */
	answeredAt(path: string): Map<string, number> {
		return this.answers.get(path) ?? new Map();
	}

	/** The most posts to `path` that were received and not yet answered at the same moment. */
	peakInFlight(path: string): number {
		return this.peaks.get(path) ?? 0;
	}

	/** The next `times` posts to `path` (whatever their id) are answered 500. */
	failNext(path: string, times = 1): void {
		this.failing.set(path, (this.failing.get(path) ?? 0) + times);
	}

	close(): Promise<void> {
		this.server.closeAllConnections();
		return new Promise((resolve) => this.server.close(() => resolve()));
	}
}
