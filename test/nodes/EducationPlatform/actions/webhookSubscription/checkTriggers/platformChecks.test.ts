import { NodeApiError, type INode } from 'n8n-workflow';

import {
	attempt,
	lookUp,
	repairInPlace,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/platformChecks';
import type { TriggerVerdict } from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/triggerVerdicts';
import type { WebhookRequest } from '../../../../../../nodes/shared/resources/webhookSubscription/api';

const node: INode = {
	id: 'n1',
	name: 'Check Triggers',
	type: 'n8n-nodes-education-platform.educationPlatform',
	typeVersion: 2,
	position: [0, 0],
	parameters: {},
};

const apiError = (httpCode: string, description?: string) =>
	new NodeApiError(
		node,
		{ message: 'failed' },
		{ message: `The platform answered ${httpCode}`, httpCode, description },
	);

/** A request function that records what is asked and answers with `answer`. */
function recordingRequest(answer: (method: string, endpoint: string) => unknown) {
	const calls: string[] = [];
	const request: WebhookRequest = async (method, endpoint, options) => {
		calls.push(`${method} ${endpoint}${options?.body ? ` ${JSON.stringify(options.body)}` : ''}`);
		return answer(method, endpoint);
	};
	return { request, calls };
}

describe('attempt: a write whose failure stays on its item', () => {
	it('reports the action when the write succeeds', async () => {
		expect(await attempt('deleted', async () => undefined)).toEqual({ action: 'deleted' });
	});

	it("reports the failure with the platform's request ID instead of ending the run", async () => {
		const failed = await attempt('re-enabled', async () => {
			throw apiError('500', 'Try again later. Request ID: req_42.');
		});
		expect(failed).toEqual({
			action: 'failed',
			error: 'The platform answered 500 (Request ID: req_42)',
		});
	});
});

describe('lookUp: whether the subscription a trigger recorded still exists', () => {
	const subscription = {
		id: 'wh_1',
		url: 'https://n8n.test/webhook/a/webhook',
		events: [],
		enabled: true,
	};

	it("is gone only on the platform's 404", async () => {
		const { request } = recordingRequest(() => {
			throw apiError('404');
		});
		expect(await lookUp(request, 'wh_1')).toEqual({ gone: true });
	});

	it('exists, with its URL, when the platform answers it', async () => {
		const { request, calls } = recordingRequest(() => ({ data: subscription }));
		expect(await lookUp(request, 'wh_1')).toEqual({ gone: false, url: subscription.url });
		expect(calls).toEqual(['GET /webhooks/wh_1']);
	});

	it('is neither on any other failure: the error is kept', async () => {
		const { request } = recordingRequest(() => {
			throw apiError('503');
		});
		expect(await lookUp(request, 'wh_1')).toEqual({ error: 'The platform answered 503' });
	});
});

describe('repairInPlace: the write a verdict calls for', () => {
	const verdict = (state: TriggerVerdict['state'], ids: string[]) =>
		({
			state,
			trigger: { stored: { subscriptionId: 'wh_own', url: null } },
			subscriptions: ids.map((id) => ({ id })),
			events: ['payment.succeeded'],
		}) as unknown as TriggerVerdict;
	const ok = () =>
		recordingRequest(() => ({ data: { id: 'wh_own', url: 'u', events: [], enabled: true } }));

	it('enables the own subscription again, sets its events back, or deletes the others at its URL', async () => {
		const enable = ok();
		expect(
			await repairInPlace(enable.request, verdict('disabled', ['wh_own']), 're-enabled'),
		).toEqual({ action: 're-enabled' });
		expect(enable.calls).toEqual(['PATCH /webhooks/wh_own {"enabled":true}']);

		const events = ok();
		await repairInPlace(events.request, verdict('wrong_events', ['wh_own']), 'repaired');
		expect(events.calls).toEqual(['PATCH /webhooks/wh_own {"events":["payment.succeeded"]}']);

		const extras = ok();
		await repairInPlace(
			extras.request,
			verdict('duplicated', ['wh_x', 'wh_own', 'wh_y']),
			'repaired',
		);
		expect(extras.calls).toEqual(['DELETE /webhooks/wh_x', 'DELETE /webhooks/wh_y']);
	});

	it('writes nothing for another action, or without its own subscription at its URL', async () => {
		const none = ok();
		expect(await repairInPlace(none.request, verdict('missing', []), 'republish')).toEqual({
			action: 'republish',
		});
		await repairInPlace(none.request, verdict('duplicated', ['wh_x', 'wh_y']), 'repaired');
		expect(none.calls).toEqual([]);
	});
});
