// Proving that n8n registered nothing (more) for a workflow without sleeping: once n8n has
// finished starting (it prints "Editor is now accessible via" after the legacy path's start-up
// activations and after starting the publication service's reconciliation), publish a second
// trigger workflow, the sentinel, and wait until the platform holds its subscription. n8n works
// through activations in the order they were asked for (the legacy path inside the REST call, the
// publication service by draining its outbox oldest first), so a registration it had still to make
// (a late create(), a re-publication at start-up) has reached the platform once the sentinel's has,
// and the test asserts then. Unpublishing the sentinel leaves no trace.
import { randomUUID } from 'node:crypto';

import type { CredentialImport } from '../../../tooling/lib/demo-credentials';
import type { WorkflowJson } from '../../../tooling/lib/examples';
import type { Instance } from './instance';
import { eventually } from './sandboxClient';
import { triggerWorkflow } from './workflows';

export interface Sentinel {
	workflow: WorkflowJson;
	/** Publishes the sentinel, waits for its subscription, unpublishes it and waits for it to go. */
	settle(n8n: Instance): Promise<void>;
}

/** A trigger workflow (own id and URL, an event type the tests do not emit) to import with the others. */
export function sentinel(credential: CredentialImport, id = 'e2eSentinelPub01'): Sentinel {
	const webhookId = randomUUID();
	const workflow = triggerWorkflow(id, credential, ['payment.refunded'], webhookId);
	workflow.name = 'e2e sentinel';
	return {
		workflow,
		async settle(n8n) {
			const url = `${n8n.webhookBase}webhook/${webhookId}/webhook`;
			const registered = async (present: boolean) =>
				eventually(`the sentinel's subscription to ${present ? 'appear' : 'go'}`, async () => {
					const found = (await n8n.platform.subscriptions()).some(
						(subscription) => subscription.url === url,
					);
					return found === present ? true : undefined;
				});
			await eventually('n8n to finish starting', async () =>
				n8n.server.log.includes('Editor is now accessible via') ? true : undefined,
			);
			await n8n.rest.activateWorkflow(id);
			await registered(true);
			await n8n.rest.deactivateWorkflow(id);
			await registered(false);
		},
	};
}
