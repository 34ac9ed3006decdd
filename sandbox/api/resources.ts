/** `GET /v1/{enrollments,payments,exam-results}` and `GET /v1/<resource>/{id}` (contract §3.6). */
import type { FastifyPluginAsync } from 'fastify';

import { requireScopes } from './auth';
import { notFound } from '../http/errors';
import { paginate, parsePageParams } from '../http/pagination';
import { checkResponse, validateAll } from '../http/validate';
import { RESOURCE_DEFINITIONS, withSearch } from '../resources/definitions';
import { parseRecordQuery } from '../resources/query';
import { dataSchema, envelopeSchema } from '../schemas/common';
import type { SandboxState } from '../state';

type Query = Record<string, unknown>;

export const resourceRoutes: FastifyPluginAsync<{ state: SandboxState }> = async (
	app,
	{ state },
) => {
	for (const definition of RESOURCE_DEFINITIONS) {
		const preHandler = requireScopes(definition.scope);
		const listSchema = envelopeSchema(definition.schema);
		const oneSchema = dataSchema(definition.schema);
		const store = () => state.records[definition.path];
		const list = withSearch(definition, state.students);

		app.get(`/${definition.path}`, { preHandler }, async (request) => {
			const query = request.query as Query;
			const [{ page, perPage }, recordQuery] = validateAll(
				() => parsePageParams(query),
				() => parseRecordQuery(list, query),
			);
			return checkResponse(
				request,
				listSchema,
				paginate(request, store().query(recordQuery), page, perPage),
			);
		});

		app.get<{ Params: { id: string } }>(
			`/${definition.path}/:id`,
			{ preHandler },
			async (request) => {
				const record = store().get(request.params.id);
				if (!record) throw notFound(`No ${definition.noun} with ID ${request.params.id}.`);
				return checkResponse(request, oneSchema, { data: record });
			},
		);
	}
};
