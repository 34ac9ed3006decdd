// A real HTTP webhook receiver on 127.0.0.1 that records every delivery and answers however the
// test says.
import {
	createServer,
	type IncomingHttpHeaders,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
	path: string;
	headers: IncomingHttpHeaders;
	/** Raw body exactly as received. */
	body: string;
	receivedAt: number;
}

/** Decides the answer to the n-th request (0-based); return nothing to leave the response hanging. */
export type Responder = (
	delivery: ReceivedDelivery,
	index: number,
	response: ServerResponse,
) => void;

export const answer =
	(status: number): Responder =>
	(_delivery, _index, response) => {
		response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
	};

/** Where a control subscription points: `${receiver.url}${CONTROL_PATH}`. */
export const CONTROL_PATH = '/control';

/**
 * Answers `status` to everything except the retries of a control subscription (CONTROL_PATH):
 * its first attempt fails, its retry gets 200. Queued after retries a test expects to be
 * cancelled, the control's retry falls due after theirs would have, so once it has succeeded
 * (the engine is idle) a retry that was not cancelled would have arrived.
 */
export function failingExceptControlRetry(status: number): Responder {
	let controlAttempts = 0;
	return (delivery, _index, response) => {
		const retriedControl = delivery.path.endsWith(CONTROL_PATH) && controlAttempts++ > 0;
		response.writeHead(retriedControl ? 200 : status).end();
	};
}

export interface Receiver {
	url: string;
	received: ReceivedDelivery[];
	respondWith(responder: Responder): void;
	/** Resolves once `count` deliveries have arrived (or rejects after `timeoutMs`). */
	waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
	close(): Promise<void>;
}

export async function startReceiver(responder: Responder = answer(200)): Promise<Receiver> {
	const received: ReceivedDelivery[] = [];
	let respond = responder;
	const waiters: Array<() => void> = [];
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const delivery = {
				path: request.url ?? '/',
				headers: request.headers,
				body: Buffer.concat(chunks).toString('utf8'),
				receivedAt: Date.now(),
			};
			received.push(delivery);
			respond(delivery, received.length - 1, response);
			waiters.splice(0).forEach((wake) => wake());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		respondWith: (next) => (respond = next),
		waitFor: (count, timeoutMs = 5000) =>
			new Promise((resolve, reject) => {
				const deadline = setTimeout(
					() => reject(new Error(`Receiver got ${received.length} of ${count} deliveries`)),
					timeoutMs,
				);
				const check = () => {
					if (received.length >= count) {
						clearTimeout(deadline);
						resolve(received.slice(0, count));
					} else waiters.push(check);
				};
				check();
			}),
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
