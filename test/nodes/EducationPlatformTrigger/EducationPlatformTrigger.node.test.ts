// When n8n answers a delivery: the webhook description's response fields, evaluated the way n8n's
// webhook handler evaluates them (Expression.getSimpleParameterValue on the workflow's own node,
// whose parameters carry the defaults n8n fills in when it loads a workflow).
import { resolveWebhookDescriptionField } from 'n8n-workflow';

import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { createNodeWorkflow, createWebhookData } from '../../harness/nodeWorkflow';

function responseFields(parameters: Record<string, unknown>) {
	const built = createNodeWorkflow({
		nodeType: new EducationPlatformTrigger(),
		parameters: parameters as never,
	});
	const { webhookDescription } = createWebhookData(built);
	const node = built.workflow.getNode(built.node.name)!;
	const evaluate = (field: string, fallback: unknown) =>
		built.workflow.expression.getSimpleParameterValue(
			node,
			webhookDescription[field],
			'webhook',
			{},
			undefined,
			fallback as never,
		);
	// n8n's defaults for a description without these fields (webhook-helpers evaluateResponseOptions).
	return {
		responseMode: evaluate('responseMode', 'onReceived'),
		responseData: evaluate('responseData', 'firstEntryJson'),
		// What n8n 2.41 tries first (WebhookExecutionContext): no expression engine, no isolate.
		native: resolveWebhookDescriptionField(node, webhookDescription, 'responseMode'),
	};
}

const SAVED_BEFORE_THE_OPTION = {
	registration: 'automatic',
	authentication: 'accessToken',
	events: ['payment.succeeded'],
	options: {},
};

describe('Education Platform Trigger: when n8n acknowledges a delivery', () => {
	it('answers on receipt for a workflow saved before Respond existed (no responseMode parameter)', () => {
		expect(responseFields(SAVED_BEFORE_THE_OPTION).responseMode).toBe('onReceived');
	});

	it('answers on receipt with Respond: Immediately', () => {
		expect(
			responseFields({ ...SAVED_BEFORE_THE_OPTION, responseMode: 'onReceived' }).responseMode,
		).toBe('onReceived');
	});

	it('answers when the last node finishes with Respond: When Last Node Finishes', () => {
		expect(
			responseFields({ ...SAVED_BEFORE_THE_OPTION, responseMode: 'lastNode' }).responseMode,
		).toBe('lastNode');
	});

	it('n8n 2.x reads Respond without its expression engine, with the same result', () => {
		expect(responseFields(SAVED_BEFORE_THE_OPTION).native).toEqual({
			resolved: true,
			value: 'onReceived',
		});
		expect(responseFields({ ...SAVED_BEFORE_THE_OPTION, responseMode: 'lastNode' }).native).toEqual(
			{ resolved: true, value: 'lastNode' },
		);
	});

	it('sends no workflow data back to the platform (Response Data: No Data)', () => {
		expect(
			responseFields({ ...SAVED_BEFORE_THE_OPTION, responseMode: 'lastNode' }).responseData,
		).toBe('noData');
	});
});
