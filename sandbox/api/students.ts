/** `GET /v1/students` and `GET /v1/students/{id}` (contract §3), scope `students:read`. */
import type { FastifyPluginAsync } from 'fastify';

import { requireScopes } from './auth';
import { notFound } from '../http/errors';
import { paginate, parsePageParams } from '../http/pagination';
import { checkResponse, validateAll } from '../http/validate';
import { StudentListResponseSchema, StudentResponseSchema } from '../schemas/student';
import type { SandboxState } from '../state';
import { parseStudentQuery } from '../students/query';

type Query = Record<string, unknown>;

export const studentRoutes: FastifyPluginAsync<{ state: SandboxState }> = async (
	app,
	{ state },
) => {
	const preHandler = requireScopes('students:read');

	app.get('/students', { preHandler }, async (request) => {
		const query = request.query as Query;
		const [{ page, perPage }, studentQuery] = validateAll(
			() => parsePageParams(query),
			() => parseStudentQuery(query),
		);
		const result = state.students.query(studentQuery);
		return checkResponse(
			request,
			StudentListResponseSchema,
			paginate(request, result, page, perPage),
		);
	});

	app.get<{ Params: { id: string } }>('/students/:id', { preHandler }, async (request) => {
		const raw = request.params.id;
		const student = /^\d{1,15}$/.test(raw) ? state.students.get(Number(raw)) : undefined;
		if (!student) throw notFound(`No student with ID ${raw}.`);
		return checkResponse(request, StudentResponseSchema, { data: student });
	});
};
