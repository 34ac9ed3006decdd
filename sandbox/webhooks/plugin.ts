// The subscription API, `/v1/webhooks…` and `/api/v1/webhooks…` (docs/api-contract.md §8.1, §8.8).
// Registered once per prefix by app.ts; both registrations share the one `state.webhooks`.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { requireScopes } from '../api/auth';
import {
	checkResponse,
	notFound,
	paginate,
	parseBody,
	parsePageParams,
	validateAll,
	validationError,
} from '../http';
import { applyQuery, parseRecordQuery } from '../resources/query';
import type { SandboxState } from '../state';
import { DELIVERY_LIST, SUBSCRIPTION_LIST } from './queries';
import { deliveryResource, webhookResource, webhookResourceWithSecret } from './resources';
import {
	CreateWebhookBodySchema,
	DeliveryListResponseSchema,
	DeliveryResponseSchema,
	RotateSecretBodySchema,
	UpdateWebhookBodySchema,
	WebhookListResponseSchema,
	WebhookResponseSchema,
	WebhookWithSecretResponseSchema,
} from './schemas';
import { WebhookService } from './service';
import { MAX_SUBSCRIPTIONS } from './subscriptionStore';
import type { Delivery } from './types';

declare module '../state' {
	interface SandboxPluginSlots {
		/** Subscriptions, deliveries and their log; see sandbox/webhooks/service.ts. */
		webhooks: WebhookService;
	}
}

const DEFAULT_GRACE_PERIOD_SECONDS = 86_400;

/** The sandbox's webhook service, created on first use with the sandbox's clock and settings. */
export function webhooksOf(state: SandboxState): WebhookService {
	state.webhooks ??= new WebhookService({
		now: () => state.clock.now(),
		timeoutMs: state.config.webhookTimeoutMs,
		retryScale: state.config.webhookRetryScale,
	});
	return state.webhooks;
}

type IdParams = { id: string };
type DeliveryParams = IdParams & { deliveryId: string };
type Query = Record<string, unknown>;

export const webhooksPlugin: FastifyPluginAsync<{ state: SandboxState }> = async (
	app,
	{ state },
) => {
	const webhooks = webhooksOf(state);
	const read = { preHandler: requireScopes('webhooks:read') };
	const write = { preHandler: requireScopes('webhooks:write') };
	app.addHook('onClose', async () => webhooks.close());

	const find = (request: FastifyRequest<{ Params: IdParams }>) => {
		const subscription = webhooks.subscriptions.get(request.params.id);
		if (!subscription) throw notFound(`No webhook with ID ${request.params.id}.`);
		return subscription;
	};

	/** A delivery of the request's subscription (`lookup` finds or redelivers it), else 404. */
	const withDelivery = (
		request: FastifyRequest<{ Params: DeliveryParams }>,
		lookup: (webhookId: string, deliveryId: string) => Delivery | undefined,
	) => {
		const subscription = find(request);
		const delivery = lookup(subscription.id, request.params.deliveryId);
		if (!delivery)
			throw notFound(
				`Webhook ${subscription.id} has no delivery with ID ${request.params.deliveryId}.`,
			);
		return delivery;
	};

	app.get('/webhooks', read, async (request) => {
		const query = request.query as Query;
		const [{ page, perPage }, listQuery] = validateAll(
			() => parsePageParams(query),
			() => parseRecordQuery(SUBSCRIPTION_LIST, query),
		);
		const items = applyQuery(webhooks.subscriptions.list(), listQuery).map(webhookResource);
		return checkResponse(
			request,
			WebhookListResponseSchema,
			paginate(request, items, page, perPage),
		);
	});

	app.post('/webhooks', write, async (request, reply) => {
		const body = parseBody(CreateWebhookBodySchema, request.body);
		if (webhooks.subscriptions.size >= MAX_SUBSCRIPTIONS) {
			throw validationError({
				url: [
					`An account can have at most ${MAX_SUBSCRIPTIONS} webhook subscriptions. Delete one you no longer use first.`,
				],
			});
		}
		const subscription = webhooks.subscriptions.create(body);
		reply.code(201);
		return checkResponse(request, WebhookWithSecretResponseSchema, {
			data: webhookResourceWithSecret(subscription),
		});
	});

	app.get<{ Params: IdParams }>('/webhooks/:id', read, async (request) =>
		checkResponse(request, WebhookResponseSchema, { data: webhookResource(find(request)) }),
	);

	app.patch<{ Params: IdParams }>('/webhooks/:id', write, async (request) => {
		const subscription = find(request);
		const patch = parseBody(UpdateWebhookBodySchema, request.body);
		webhooks.subscriptions.update(subscription.id, patch);
		return checkResponse(request, WebhookResponseSchema, { data: webhookResource(subscription) });
	});

	app.delete<{ Params: IdParams }>('/webhooks/:id', write, async (request, reply) => {
		webhooks.remove(find(request).id);
		return reply.code(204).send();
	});

	app.post<{ Params: IdParams }>('/webhooks/:id/rotate-secret', write, async (request) => {
		const subscription = find(request);
		const body = parseBody(RotateSecretBodySchema, request.body);
		webhooks.subscriptions.rotateSecret(
			subscription.id,
			body.grace_period_seconds ?? DEFAULT_GRACE_PERIOD_SECONDS,
		);
		return checkResponse(request, WebhookWithSecretResponseSchema, {
			data: webhookResourceWithSecret(subscription),
		});
	});

	app.get<{ Params: IdParams }>('/webhooks/:id/deliveries', read, async (request) => {
		const subscription = find(request);
		const query = request.query as Query;
		const [{ page, perPage }, listQuery] = validateAll(
			() => parsePageParams(query),
			() => parseRecordQuery(DELIVERY_LIST, query),
		);
		const log = applyQuery(webhooks.deliveries(subscription.id), listQuery);
		const source = {
			total: log.length,
			slice: (from: number, to: number) => log.slice(from, to).map(deliveryResource),
		};
		return checkResponse(
			request,
			DeliveryListResponseSchema,
			paginate(request, source, page, perPage),
		);
	});

	app.get<{ Params: DeliveryParams }>(
		'/webhooks/:id/deliveries/:deliveryId',
		read,
		async (request) =>
			checkResponse(request, DeliveryResponseSchema, {
				data: deliveryResource(
					withDelivery(request, (id, deliveryId) => webhooks.delivery(id, deliveryId)),
				),
			}),
	);

	app.post<{ Params: DeliveryParams }>(
		'/webhooks/:id/deliveries/:deliveryId/redeliver',
		write,
		async (request, reply) => {
			const delivery = withDelivery(request, (id, deliveryId) =>
				webhooks.redeliver(id, deliveryId),
			);
			reply.code(202);
			return checkResponse(request, DeliveryResponseSchema, { data: deliveryResource(delivery) });
		},
	);
};
