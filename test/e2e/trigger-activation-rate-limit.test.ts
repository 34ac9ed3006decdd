// Activation when the platform refuses the trigger's requests, in a real n8n on the activation path
// of the matrix cell (support/target.ts):
// - the access token's rate-limit window is used up (as by a listing run just before): activation
//   waits the window out and registers exactly one subscription; an event emitted afterwards runs once
//   (the window's length is a sandbox test setting, see WINDOW_MS);
// - the platform's webhook API is down: the failure shows where n8n shows activation problems on
//   that path (legacy: the activation request fails and the workflow stays inactive; publication
//   service: the publication status is failed with the trigger's message).
import { randomUUID } from 'node:crypto';

import { accessTokenCredential } from '../../tooling/lib/demo-credentials';
import { nodeOutput } from '../../tooling/lib/n8n-cli';
import { N8nRestError } from '../../tooling/lib/n8n-rest';
import { startInstance, type Instance } from './support/instance';
import { executionsOf } from './support/runs';
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
/**
 * The sandbox's rate-limit window (its test setting SANDBOX_RATE_LIMIT_WINDOW_MS). The publication
 * path keeps the contract's 60 s: n8n aborts a publication 84 s after it starts, and waiting out a
 * full window within that is what the trigger's activation budget is for. The legacy path waits as
 * long as activation takes, so 30 s proves the same there, still longer than MARGIN_MS and than the
 * 15 s one call used to be allowed.
 */
const WINDOW_MS = PUBLICATION ? 60_000 : 30_000;
/**
 * The token's budget per window: spent in 50 requests, the window is still nearly whole when the
 * test has used it up, however slow the machine (the default 600, sent one by one in a cold CI run
 * on 2 cores, left a Retry-After of 16 s of the 30 s window, under MARGIN_MS: issue 48).
 */
const RATE_LIMIT = 50;

let n8n: Instance;
/** The platform seen with a token of its own, so that looking does not touch the trigger's rate budget. */
let observer: SandboxClient;

beforeAll(async () => {
	n8n = await startInstance(
		(sandbox) => {
			const credential = accessTokenCredential(
				{ baseUrl: sandbox.baseUrl, token: sandbox.config.demoToken },
				'e2eRateLimitTok1',
				'e2e rate-limit access token',
			);
			return {
				credentials: [credential],
				workflows: [triggerWorkflow(WORKFLOW_ID, credential, ['payment.succeeded'], WEBHOOK_ID)],
			};
		},
		{},
		{ rateLimitWindowMs: WINDOW_MS, rateLimit: RATE_LIMIT },
	);
	const response = await fetch(`${n8n.platform.baseUrl}/sandbox/tokens`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ scopes: ['webhooks:read'] }),
	});
	observer = new SandboxClient(
		n8n.platform.baseUrl,
		((await response.json()) as { data: { token: string } }).data.token,
	);
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

// The previous case's deliveries, retries and runs cannot enter this one's counts (support/quiet.ts).
beforeEach(() => n8n.quiet());

const webhookUrl = () => `${n8n.webhookBase}webhook/${WEBHOOK_ID}/webhook`;
const subscriptionsForUrl = async (): Promise<Subscription[]> =>
	(await observer.subscriptions()).filter((s) => s.url === webhookUrl());

/** Uses up the demo token's window with one-student listings; returns the 429's Retry-After in ms. */
async function exhaustWindow(): Promise<number> {
	for (let sent = 0; sent < 10_000; sent++) {
		const response = await fetch(`${n8n.platform.baseUrl}/v1/students?per_page=1`, {
			headers: {
				authorization: `Bearer ${n8n.sandbox.config.demoToken}`,
				accept: 'application/json',
			},
		});
		await response.arrayBuffer();
		if (response.status === 429) return Number(response.headers.get('retry-after')) * 1000;
	}
	throw new Error('The sandbox never answered 429');
}

/** An event of `type` emitted now is delivered once and runs the workflow exactly once. */
async function expectOneRun(subscriptionId: string, type: string): Promise<void> {
	const finished = async () =>
		(await n8n.rest.executions(WORKFLOW_ID)).filter(
			(e) => e.status !== 'running' && e.status !== 'new',
		);
	const before = (await finished()).length;
	const event = await n8n.platform.emit(type);
	// The platform's delivery log shows the delivery answered: n8n has started (and recorded) its run.
	const delivery = await observer.deliveryWhen(
		`the delivery of ${event.id} answered`,
		subscriptionId,
		event.id,
	);
	expect(delivery.status).toBe('succeeded');
	expect(delivery.attempts).toHaveLength(1);
	// No run still going: whatever the delivery started has finished.
	const runs = await executionsOf(n8n, WORKFLOW_ID, before + 1, {
		keep: () => true,
		allFinished: true,
		what: `the run of ${event.id} finished`,
	});
	expect(runs).toHaveLength(before + 1);
	expect(runs[0].status).toBe('success');
	const run = { data: n8n.unflatten((await n8n.rest.execution(runs[0].id)).data) } as Parameters<
		typeof nodeOutput
	>[0];
	expect(nodeOutput(run, TRIGGER)).toEqual([expect.objectContaining({ id: event.id, type })]);
}

/**
 * Waits until the platform holds exactly one subscription for the workflow, with these events, and
 * n8n has saved it in the workflow's static data. n8n saves static data after create() returns, and
 * webhook() reads the secret from there: a delivery in between gets 503 and the platform's retry
 * (trigger-guarantees.md), so "delivered on the first attempt" is only promised from then on.
 */
async function onlySubscription(events: string[], timeoutMs: number): Promise<Subscription> {
	const [subscription] = await eventually(
		`exactly one subscription for the workflow, for ${events.join(', ')}`,
		async () => {
			const found = await subscriptionsForUrl();
			return found.length === 1 && found[0].events.join() === events.join() ? found : undefined;
		},
		timeoutMs,
	);
	await eventually(`n8n saved subscription ${subscription.id} in the workflow`, async () =>
		(await n8n.rest.nodeStaticData(WORKFLOW_ID, TRIGGER))?.webhookId === subscription.id
			? true
			: undefined,
	);
	return subscription;
}

describe(`activation while the platform refuses requests, ${e2eTarget().label} (${e2eTarget().activation} activation)`, () => {
	it("the token's rate-limit window is used up: activation waits it out, one subscription, a later event runs once", async () => {
		const retryAfterMs = await exhaustWindow();
		process.stdout.write(`[e2e] window exhausted, Retry-After ${retryAfterMs / 1000} s\n`);
		expect(retryAfterMs).toBeGreaterThan(MARGIN_MS); // the old 3 s (and the 15 s per call) could not wait it out

		const startedAt = Date.now();
		await timed('activate with the rate-limit window used up', () =>
			n8n.rest.activateWorkflow(WORKFLOW_ID),
		);
		const subscription = await onlySubscription(['payment.succeeded'], retryAfterMs + MARGIN_MS);
		const seconds = (Date.now() - startedAt) / 1000;
		process.stdout.write(
			`[e2e] ${e2eTarget().label}: subscription registered ${seconds.toFixed(1)} s after activation (Retry-After was ${retryAfterMs / 1000} s)\n`,
		);
		expect(seconds * 1000).toBeGreaterThanOrEqual(retryAfterMs - 2_000); // it did wait for the window
		expect(subscription).toMatchObject({
			url: webhookUrl(),
			events: ['payment.succeeded'],
			enabled: true,
		});
		expect((await n8n.rest.workflow(WORKFLOW_ID)).active).toBe(true);

		await expectOneRun(subscription.id, 'payment.succeeded');
		expect(await subscriptionsForUrl()).toHaveLength(1);
	});

	it('a changed trigger published while the window is used up: delete() then create() wait it out once, one subscription, a later event runs once', async () => {
		const [before] = await subscriptionsForUrl();
		const retryAfterMs = await exhaustWindow();
		const startedAt = Date.now();
		const events = ['payment.failed'];
		const change = (nodes: Awaited<ReturnType<Instance['rest']['workflow']>>['nodes']) =>
			nodes.map((node) =>
				node.name === TRIGGER ? { ...node, parameters: { ...node.parameters, events } } : node,
			);
		// n8n 1.x: saving the active workflow runs delete() then create(); 2.x: publishing the saved draft does.
		await timed('save (and on 2.x publish) a changed trigger with the window used up', async () => {
			await n8n.rest.saveWorkflow(WORKFLOW_ID, change);
			if (n8n.target.saveOfActiveWorkflow === 'draft') await n8n.rest.activateWorkflow(WORKFLOW_ID);
		});
		const subscription = await onlySubscription(events, retryAfterMs + MARGIN_MS);
		const seconds = (Date.now() - startedAt) / 1000;
		process.stdout.write(
			`[e2e] ${e2eTarget().label}: changed trigger re-registered ${seconds.toFixed(1)} s after publishing (Retry-After was ${retryAfterMs / 1000} s)\n`,
		);
		expect(subscription.id).not.toBe(before.id);
		await expectOneRun(subscription.id, 'payment.failed');
		expect(await subscriptionsForUrl()).toHaveLength(1);
	});

	it("the platform's webhook API is down: the activation fails where n8n shows activation problems, with the trigger's message", async () => {
		await n8n.rest.deactivateWorkflow(WORKFLOW_ID);
		await eventually('the subscription removed', async () =>
			(await subscriptionsForUrl()).length === 0 ? true : undefined,
		);
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
						const found = await n8n.rest.request<{
							status: string;
							triggers: Array<{ status: string; errorMessage: string | null }>;
						}>('GET', `/rest/workflows/${WORKFLOW_ID}/publication-status`);
						return found.status === 'failed' ? found : undefined;
					},
					90_000,
				);
				expect(status.triggers).toEqual([
					expect.objectContaining({
						status: 'failed',
						errorMessage: expect.stringContaining(
							'Could not register the webhook subscription on the platform',
						),
					}),
				]);
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
				expect((failure as N8nRestError).message).toContain(
					'Could not register the webhook subscription on the platform',
				);
				expect((await n8n.rest.workflow(WORKFLOW_ID)).active).toBe(false);
			}
		} finally {
			await fetch(`${n8n.platform.baseUrl}/sandbox/faults`, { method: 'DELETE' });
		}
		expect(await subscriptionsForUrl()).toEqual([]);
	});
});
