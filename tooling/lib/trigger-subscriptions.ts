// Keeping n8n's active Education Platform Trigger workflows and the sandbox's webhook
// subscriptions in step.
import { TRIGGER_NODE_TYPE } from './examples';
import type { N8nRestClient } from './n8n-rest';

export interface SubscriptionSummary {
	url: string;
	events: string[];
}

/** The platform's webhook subscriptions (first 100). */
export async function listSubscriptions(
	baseUrl: string,
	token: string,
): Promise<SubscriptionSummary[]> {
	const response = await fetch(`${baseUrl}/v1/webhooks?per_page=100`, {
		headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
	});
	if (!response.ok) throw new Error(`GET /v1/webhooks → ${response.status}`);
	return ((await response.json()) as { data: SubscriptionSummary[] }).data;
}

/**
 * Deactivate and activate every active workflow that has an Education Platform Trigger, so each
 * registers its subscription again. Needed when the platform lost them (the sandbox starts empty):
 * at start-up n8n does not call `checkExists`/`create` for webhooks it already has stored.
 */
export async function reactivateTriggerWorkflows(rest: N8nRestClient): Promise<number> {
	let count = 0;
	for (const summary of await rest.workflows()) {
		if (!summary.active) continue;
		const workflow = await rest.workflow(summary.id);
		if (!workflow.nodes.some((node) => node.type === TRIGGER_NODE_TYPE)) continue;
		await rest.deactivateWorkflow(workflow.id);
		await rest.activateWorkflow(workflow.id);
		count++;
	}
	return count;
}

/** n8n activates workflows asynchronously; wait until the platform lists `count` subscriptions. */
export async function waitForSubscriptions(
	baseUrl: string,
	token: string,
	count: number,
	timeoutMs = 30_000,
): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if ((await listSubscriptions(baseUrl, token)).length >= count) return true;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return false;
}
