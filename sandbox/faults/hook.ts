/**
 * Applies the `FaultInjector`'s decisions to live requests (an `onRequest` hook on every route
 * except `/sandbox/*`):
 * - `status` — answers at once with the contract's error body (429 `rate_limited` with
 *   `Retry-After`, 500 `server_error`, 502/503/504 `service_unavailable`);
 * - `delay` — waits, then serves the request normally;
 * - `drop` — destroys the connection without answering;
 * - `truncate` — serves the request, but sends only the first half of the body (with the full
 *   `Content-Length`) before closing the connection.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

import { sendError } from '../http/errors';
import type { FaultAction } from '../schemas/faults';
import type { FaultInjector } from './injector';

const TRUNCATE = Symbol('truncate');

declare module 'fastify' {
	interface FastifyRequest {
		[TRUNCATE]?: boolean;
	}
}

/**
 * Sends the real status and headers, `Content-Length` of the whole body, then only its first half
 * from a stream that fails — fastify then destroys the socket, as a cut connection would.
 */
function truncatedPayload(reply: FastifyReply, payload: unknown): Readable {
	const body = Buffer.isBuffer(payload)
		? payload
		: Buffer.from(typeof payload === 'string' ? payload : '');
	reply.header('content-length', body.length);
	let sent = false;
	return new Readable({
		read() {
			if (!sent) {
				sent = true;
				this.push(body.subarray(0, Math.floor(body.length / 2)));
			} else setImmediate(() => this.destroy(new Error('fault injection: truncated body')));
		},
	});
}

function sendFaultStatus(reply: FastifyReply, fault: Extract<FaultAction, { type: 'status' }>) {
	const retryAfter = fault.retry_after ?? (fault.status === 429 ? 1 : undefined);
	if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
	if (fault.status === 429) {
		return sendError(
			reply,
			429,
			'rate_limited',
			`Too many requests. Retry in ${retryAfter} seconds.`,
			{ retry_after: Math.max(1, retryAfter!) },
		);
	}
	if (fault.status === 500)
		return sendError(
			reply,
			500,
			'server_error',
			'Something went wrong on our side. Please try again.',
		);
	return sendError(
		reply,
		fault.status,
		'service_unavailable',
		'The service is temporarily unavailable. Please try again shortly.',
	);
}

export function installFaultInjection(app: FastifyInstance, faults: FaultInjector): void {
	app.addHook('onRequest', async (request, reply) => {
		const path = request.url.split('?')[0];
		if (path.startsWith('/sandbox/')) return;
		const fault = faults.decide(request.method, path);
		if (!fault) return;
		switch (fault.type) {
			case 'status':
				return sendFaultStatus(reply, fault);
			case 'delay':
				await sleep(fault.ms);
				return;
			case 'drop':
				reply.hijack();
				request.raw.socket.destroy();
				return;
			case 'truncate':
				request[TRUNCATE] = true;
				return;
		}
	});
	app.addHook('onSend', async (request, reply, payload) =>
		request[TRUNCATE] ? truncatedPayload(reply, payload) : payload,
	);
}
