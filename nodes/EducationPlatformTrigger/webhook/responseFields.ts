// When n8n answers a delivery: the fields of the trigger's webhook description that n8n reads before
// each run (webhook-helpers evaluateResponseOptions in n8n 1.x and 2.x).
import * as n8nWorkflow from 'n8n-workflow';
import type { IWebhookDescription } from 'n8n-workflow';

/** The Respond parameter, as n8n's Webhook node reads its own; "on receipt" when it is missing. */
const RESPONSE_MODE_TEMPLATE = '={{$parameter["responseMode"] || "onReceived"}}';

type ResponseFields = Pick<IWebhookDescription, 'responseMode' | 'responseData'>;

/**
 * `responseMode` reads the Respond parameter; `responseData: 'noData'` keeps the answer's body
 * empty (no workflow data reaches the platform). n8n-workflow 2.x also takes a native resolver
 * beside the template (webhookDescriptionFields/fromParameter, the same template), so n8n 2.41
 * reads the parameter without its expression engine: no isolate per delivery when
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE is on. Older n8n-workflow has neither helper and evaluates
 * the template.
 */
export function webhookResponseFields(): ResponseFields {
	const helpers = n8nWorkflow as Partial<typeof n8nWorkflow>;
	const base: ResponseFields = { responseMode: RESPONSE_MODE_TEMPLATE, responseData: 'noData' };
	if (
		typeof helpers.webhookDescriptionFields !== 'function' ||
		typeof helpers.fromParameter !== 'function'
	)
		return base;
	const native = helpers.webhookDescriptionFields({
		responseMode: helpers.fromParameter('responseMode', 'onReceived'),
	});
	// The helper builds the same template; if a later n8n-workflow spells it otherwise, keep ours.
	return native.responseMode === RESPONSE_MODE_TEMPLATE
		? { ...native, responseData: 'noData' }
		: base;
}
