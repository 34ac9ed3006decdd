// Activation when the platform refuses the trigger's requests, in a real n8n on the activation path
// of the matrix cell (support/target.ts):
// - the access token's rate-limit window is used up (as by a listing run just before): activation
//   waits the window out and registers exactly one subscription; an event emitted afterwards runs once;
// - the platform's webhook API is down: the failure shows where n8n shows activation problems on
//   that path (legacy: the activation request fails and the workflow stays inactive; publication
//   service: the publication status is failed with the trigger's message).
import { randomUUID } from 'node:crypto';

import { accessTokenCredential } from '../../tooling/lib/demo-credentials';
import { nodeOutput } from '../../tooling/lib/n8n-cli';
import { N8nRestError } from '../../tooling/lib/n8n-rest';
import { startInstance, type Instance } from './support/instance';
import { eventually, SandboxClient, type Subscription } from './support/sandboxClient';
import { e2eTarget } from './support/target';
import { timed } from './support/timings';
import { triggerWorkflow } from './support/workflows';

jest.setTimeout(300_000);

const WORKFLOW_ID = 'e2eRateLimitAct1';
const WEBHOOK_ID = randomUUID();
const TRIGGER = 'Education Platform Trigger';
/** Beyond the window: n8n's publication queue (polled every 15 s at most, woken at once on publish) and the requests. */
const MARGIN_MS = 20_000;
const PUBLICATION = e2eTarget().activation === 'publication';

let n8n: Instance;
/** The platform seen with a token of its own, so that looking does not touch the trigger's rate budget. */
let observer: SandboxClient;

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		const credential = accessTokenCredential({ baseUrl: sandbox.baseUrl, token: sandbox.config.demoToken }, 'e2eRateLimitTok1', 'e2e rate-limit access token');
		return { credentials: [credential], workflows: [triggerWorkflow(WORKFLOW_ID, credential, ['payment.succeeded'], WEBHOOK_ID)] };
	});
	const response = await fetch(`${n8n.platform.baseUrl}/sandbox/tokens`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ scopes: ['webhooks:read'] }),
	});
	observer = new SandboxClient(n8n.platform.baseUrl, ((await response.json()) as { data: { token: string } }).data.token);
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

const webhookUrl = () => `${n8n.webhookBase}webhook/${WEBHOOK_ID}/webhook`;
const subscriptionsForUrl = async (): Promise<Subscription[]> => (await observer.subscriptions()).filter((s) => s.url === webhookUrl());

/** Uses up the demo token's window with one-student listings; returns the 429's Retry-After in ms. */
async function exhaustWindow(): Promise<number> {
	for (let sent = 0; sent < 10_000; sent++) {
		const response = await fetch(`${n8n.platform.baseUrl}/v1/students?per_page=1`, {
			headers: { authorization: `Bearer ${n8n.sandbox.config.demoToken}`, accept: 'application/json' },
		});
		await response.arrayBuffer();
		if (response.status === 429) return Number(response.headers.get('retry-after')) * 1000;
	}
	throw new Error('The sandbox never answered 429');
}

describe(`activation while the platform refuses requests, ${e2eTarget().label} (${e2eTarget().activation} activation)`, () => {
	it('the token\'s rate-limit window is used up: activation waits it out, one subscription, a later event runs once', async () => {
		const retryAfterMs = await exhaustWindow();
		process.stdout.write(`[e2e] window exhausted, Retry-After ${retryAfterMs / 1000} s\n`);
		expect(retryAfterMs).toBeGreaterThan(MARGIN_MS); // the old 3 s (and the 15 s per call) could not wait it out

		const startedAt = Date.now();
		await timed('activate with the rate-limit window used up', () => n8n.rest.activateWorkflow(WORKFLOW_ID));
		const [subscription] = await eventually(
			'exactly one subscription for the workflow',
			async () => {
				const found = await subscriptionsForUrl();
				return found.length === 1 ? found : undefined;
			},
			retryAfterMs + MARGIN_MS,
		);
		const seconds = (Date.now() - startedAt) / 1000;
		process.stdout.write(`[e2e] ${e2eTarget().label}: subscription registered ${seconds.toFixed(1)} s after activation (Retry-After was ${retryAfterMs / 1000} s)\n`);
		expect(seconds * 1000).toBeGreaterThanOrEqual(retryAfterMs - 2_000); // it did wait for the window
		expect(subscription).toMatchObject({ url: webhookUrl(), events: ['payment.succeeded'], enabled: true });
		expect((await n8n.rest.workflow(WORKFLOW_ID)).active).toBe(true);

		const event = await n8n.platform.emit('payment.succeeded');
		// The platform's delivery log shows the one delivery answered 2xx: n8n has recorded its run.
		const delivery = await eventually('the delivery of the event answered', async () => {
			const found = (await observer.deliveries(subscription.id)).find((d) => d.event_id === event.id);
			return found && found.status !== 'pending' ? found : undefined;
		});
		expect(delivery.status).toBe('succeeded');
		expect(delivery.attempts).toHaveLength(1);
		const runs = await eventually('the finished run of the event', async () => {
			const finished = (await n8n.rest.executions(WORKFLOW_ID)).filter((e) => e.status !== 'running' && e.status !== 'new');
			return finished.length > 0 ? finished : undefined;
		});
		expect(runs.map((run) => run.status)).toEqual(['success']);
		const run = { data: n8n.unflatten((await n8n.rest.execution(runs[0].id)).data) } as Parameters<typeof nodeOutput>[0];
		expect(nodeOutput(run, TRIGGER)).toEqual([expect.objectContaining({ id: event.id, type: 'payment.succeeded' })]);
		expect(await subscriptionsForUrl()).toHaveLength(1);
	});

	it('the platform\'s webhook API is down: the activation fails where n8n shows activation problems, with the trigger\'s message', async () => {
		await n8n.rest.deactivateWorkflow(WORKFLOW_ID);
		await eventually('the subscription removed', async () => ((await subscriptionsForUrl()).length === 0 ? true : undefined));
		const fault = await fetch(`${n8n.platform.baseUrl}/sandbox/faults`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify([{ path: '/v1/webhooks*', fault: { type: 'status', status: 503 } }]),
		});
		expect(fault.status).toBe(200);
		try {
			if (PUBLICATION) {
				// n8n answers the publish at once and activates in the background: the publication
				// status records the failure; n8n keeps the workflow published (no way for a node to change that).
				await n8n.rest.activateWorkflow(WORKFLOW_ID);
				const status = await eventually(
					'the publication to fail',
					async () => {
						const found = await n8n.rest.request<{ status: string; triggers: Array<{ status: string; errorMessage: string | null }> }>(
							'GET',
							`/rest/workflows/${WORKFLOW_ID}/publication-status`,
						);
						return found.status === 'failed' ? found : undefined;
					},
					90_000,
				);
				expect(status.triggers).toEqual([expect.objectContaining({ status: 'failed', errorMessage: expect.stringContaining('Could not register the webhook subscription on the platform') })]);
				expect((await n8n.rest.workflow(WORKFLOW_ID)).active).toBe(true);
			} else {
				// The legacy path activates in the request: it fails with the trigger's message and the
				// workflow is rolled back to inactive.
				const failure = await n8n.rest.activateWorkflow(WORKFLOW_ID).then(
					() => undefined,
					(error: unknown) => error,
				);
				expect(failure).toBeInstanceOf(N8nRestError);
				expect((failure as N8nRestError).status).toBe(400);
				expect((failure as N8nRestError).message).toContain('Could not register the webhook subscription on the platform');
				expect((await n8n.rest.workflow(WORKFLOW_ID)).active).toBe(false);
			}
		} finally {
			await fetch(`${n8n.platform.baseUrl}/sandbox/faults`, { method: 'DELETE' });
		}
		expect(await subscriptionsForUrl()).toEqual([]);
	});
});
