/**
 * `buildApp(config)` — the sandbox's fastify app and its state, not yet listening.
 *
 * Layout:
 * - API routes under both `/v1` and `/api/v1` (the `apiRoutes` plugin registered twice), including
 *   B2's `webhooksPlugin`;
 * - OAuth 2.0 at `/oauth/authorize` and `/oauth/token`;
 * - admin under `/sandbox/*` (students, tokens, faults, and B2's `eventsAdminPlugin`).
 *
 * Cross-cutting: request ids (`X-Request-Id`), the contract's error bodies, fault injection (an
 * `onRequest` hook that never touches `/sandbox/*`), form-encoded bodies.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';

import { adminRoutes } from './admin/routes';
import { resourceRoutes } from './api/resources';
import { studentRoutes } from './api/students';
import type { SandboxConfig } from './config';
import { eventsAdminPlugin } from './events/plugin';
import { installFaultInjection } from './faults/hook';
import { installErrorHandling } from './http/errors';
import { oauthRoutes } from './oauth/routes';
import { createState, type SandboxState } from './state';
import { webhooksPlugin } from './webhooks/plugin';

export const API_PREFIXES = ['/v1', '/api/v1'] as const;

const apiRoutes: FastifyPluginAsync<{ state: SandboxState }> = async (app, { state }) => {
	await app.register(studentRoutes, { state });
	await app.register(resourceRoutes, { state });
	await app.register(webhooksPlugin, { state });
};

let requestCounter = 0;
function nextRequestId(): string {
	requestCounter = (requestCounter + 1) % 0x7fffffff;
	return `req_${Date.now().toString(36).toUpperCase()}${requestCounter.toString(36).toUpperCase().padStart(4, '0')}`;
}

export function parseForm(body: string): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [key, value] of new URLSearchParams(body)) result[key] = value;
	return result;
}

export async function buildApp(
	config: SandboxConfig,
): Promise<{ app: FastifyInstance; state: SandboxState }> {
	const state = createState(config);
	const app = Fastify({
		logger: config.logRequests ? { level: 'info' } : false,
		genReqId: nextRequestId,
	});
	app.decorate('sandbox', state);
	app.addContentTypeParser(
		'application/x-www-form-urlencoded',
		{ parseAs: 'string' },
		(_request, body, done) => {
			done(null, parseForm(body as string));
		},
	);
	app.addHook('onSend', async (request, reply) => {
		reply.header('X-Request-Id', request.id);
	});
	installErrorHandling(app);
	installFaultInjection(app, state.faults);

	for (const prefix of API_PREFIXES) await app.register(apiRoutes, { prefix, state });
	await app.register(oauthRoutes, { prefix: '/oauth', state });
	await app.register(adminRoutes, { prefix: '/sandbox', state });
	await app.register(eventsAdminPlugin, { prefix: '/sandbox', state });
	return { app, state };
}
