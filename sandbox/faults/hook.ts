/**
 * Applies the `FaultInjector`'s decisions to live requests (an `onRequest` hook on every route
 * except `/sandbox/*`):
 * - `status` — answers at once with the contract's error body (429 `rate_limited` with
 *   `Retry-After`, 500 `server_error`, 502/503/504 `service_unavailable`);
 * - `delay` — waits, then serves the request normally;
 * - `drop` — destroys the connection without answering;
 * - `truncate` — serves the request internally, then sends the status, the headers (with the full
 *   `Content-Length`) and only the first half of the body before closing the connection.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';

import { sendError } from '../http/errors';
import type { FaultAction } from '../schemas/faults';
import type { SandboxState } from '../state';

const INTERNAL_HEADER = 'x-sandbox-fault-replay';

async function readRawBody(request: FastifyRequest): Promise<Buffer> {
	const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
	if (!hasBody) return Buffer.alloc(0);
	const chunks: Buffer[] = [];
	for await (const chunk of request.raw) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

async function truncate(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, secret: string) {
	reply.hijack();
	const payload = await readRawBody(request);
	const full = await app.inject({
		method: request.method as 'GET',
		url: request.url,
		headers: { ...request.headers, [INTERNAL_HEADER]: secret },
		...(payload.length > 0 ? { payload } : {}),
	});
	const body = full.rawPayload;
	const headers = { ...full.headers, 'content-length': String(body.length), connection: 'close' };
	delete headers['transfer-encoding'];
	reply.raw.writeHead(full.statusCode, headers as Record<string, string>);
	reply.raw.write(body.subarray(0, Math.floor(body.length / 2)), () => request.raw.socket.destroy());
}

function sendFaultStatus(reply: FastifyReply, fault: Extract<FaultAction, { type: 'status' }>) {
	const retryAfter = fault.retry_after ?? (fault.status === 429 ? 1 : undefined);
	if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
	if (fault.status === 429) {
		return sendError(reply, 429, 'rate_limited', `Too many requests. Retry in ${retryAfter} seconds.`, { retry_after: Math.max(1, retryAfter!) });
	}
	if (fault.status === 500) return sendError(reply, 500, 'server_error', 'Something went wrong on our side. Please try again.');
	return sendError(reply, fault.status, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');
}

export function installFaultInjection(app: FastifyInstance, state: SandboxState): void {
	const secret = randomBytes(16).toString('hex');
	app.addHook('onRequest', async (request, reply) => {
		const path = request.url.split('?')[0];
		if (path.startsWith('/sandbox/') || request.headers[INTERNAL_HEADER] === secret) return;
		const fault = state.faults.decide(request.method, path);
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
				return truncate(app, request, reply, secret);
		}
	});
}
