/**
 * Dev-only admin endpoints under `/sandbox/` (no auth; the sandbox binds to loopback):
 * - `GET /sandbox/health` — `{status: "ok", students}`;
 * - `POST /sandbox/students` — create a student (body: any student fields to set) → 201 `{data}`;
 * - `PATCH /sandbox/students/:id` — change a student (bumps `updated_at`) → 200 `{data}`;
 * - `POST /sandbox/tokens` — `{scopes, token?}` → 201 `{data: {token, scopes}}` (a personal access token);
 * - `PUT /sandbox/rate-limit` — `{limit}` changes the budget and starts fresh windows;
 * - `GET /sandbox/faults`, `PUT /sandbox/faults` (replace all: an array of rules), `POST
 *   /sandbox/faults` (add one rule), `DELETE /sandbox/faults` (clear), `DELETE /sandbox/faults/:id`.
 */
import type { FastifyPluginAsync } from 'fastify';

import { notFound } from '../http/errors';
import { parseBody } from '../http/validate';
import { CreateTokenSchema, RateLimitSchema } from '../schemas/admin';
import { FaultRuleSchema, FaultRulesSchema } from '../schemas/faults';
import { StudentChangesSchema } from '../schemas/student';
import type { SandboxState } from '../state';

export const adminRoutes: FastifyPluginAsync<{ state: SandboxState }> = async (app, { state }) => {
	app.get('/health', async () => ({ status: 'ok', students: state.students.count }));

	app.post('/students', async (request, reply) => {
		const student = state.students.create(parseBody(StudentChangesSchema, request.body));
		return reply.code(201).send({ data: student });
	});

	app.patch<{ Params: { id: string } }>('/students/:id', async (request) => {
		const changes = parseBody(StudentChangesSchema, request.body);
		const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : NaN;
		const student = state.students.update(id, changes);
		if (!student) throw notFound(`No student with ID ${request.params.id}.`);
		return { data: student };
	});

	app.post('/tokens', async (request, reply) => {
		const { scopes, token } = parseBody(CreateTokenSchema, request.body);
		const created = token
			? state.tokens.addPersonalToken(token, scopes)
			: state.tokens.createPersonalToken(scopes);
		return reply.code(201).send({ data: { token: created, scopes } });
	});

	app.put('/rate-limit', async (request) => {
		const { limit } = parseBody(RateLimitSchema, request.body);
		state.rateLimiter.limit = limit;
		state.rateLimiter.reset();
		return { data: { limit } };
	});

	app.get('/faults', async () => ({ data: state.faults.list() }));
	app.put('/faults', async (request) => ({
		data: state.faults.replace(parseBody(FaultRulesSchema, request.body)),
	}));
	app.post('/faults', async (request, reply) =>
		reply.code(201).send({ data: state.faults.add(parseBody(FaultRuleSchema, request.body)) }),
	);
	app.delete('/faults', async (_request, reply) => {
		state.faults.clear();
		return reply.code(204).send();
	});
	app.delete<{ Params: { id: string } }>('/faults/:id', async (request, reply) => {
		if (!state.faults.remove(request.params.id))
			throw notFound(`No fault rule with ID ${request.params.id}.`);
		return reply.code(204).send();
	});
};
