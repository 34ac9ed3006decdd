// The Webhook delivery recovery example in a real n8n, next to the Payment reaction example: n8n is
// killed, events emitted meanwhile use up the platform's retries (its schedule shortened from
// 27.5 h to about 10 s) and end failed; after the restart the recovery workflow sends each of them
// again once, the payment workflow acts on each once, and a second recovery run sends nothing.
// Another integration's failed subscription on the same account is left alone. Own n8n instance:
// this test kills and restarts it.
import { MAX_ATTEMPTS } from '../../sandbox/webhooks/retrySchedule';
import { demoCredentials } from '../../tooling/lib/demo-credentials';
import { loadExamples, TRIGGER_NODE_TYPE } from '../../tooling/lib/examples';
import { nodeOutput, ranSuccessfully } from '../../tooling/lib/n8n-cli';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { itemsOf, runsOf, type Run } from './support/runs';
import { untilCounted } from './support/progress';
import {
	attemptsOf,
	eventually,
	type Delivery,
	type PlatformEvent,
	type Subscription,
} from './support/sandboxClient';
import { timed } from './support/timings';

jest.setTimeout(300_000);

const PAYMENT_EXAMPLE = 'eduPaymentReact1';
const RECOVERY_EXAMPLE = 'eduWebhookRecov1';
const LISTED = 'Failed deliveries (made in the last 3 days)';
const SENT = 'Send each event again';
// Nothing listens on port 9 (discard) on loopback: every delivery to it is refused.
const ELSEWHERE = 'http://127.0.0.1:9/another-integration';

let n8n: Instance;
let ours: Subscription;
let theirs: Subscription;

beforeAll(async () => {
	const examples = loadExamples().filter(({ workflow }) =>
		[PAYMENT_EXAMPLE, RECOVERY_EXAMPLE].includes(workflow.id),
	);
	n8n = await startInstance(
		(sandbox) => ({
			credentials: demoCredentials(sandboxLogin(sandbox)),
			workflows: examples.map(({ workflow }) => workflow),
		}),
		{},
		// 5 s … 10 h scaled down: the platform gives up on a delivery about 10 s after the event.
		{ webhookRetryScale: 0.0001 },
	);
	const payment = examples.find(({ workflow }) => workflow.id === PAYMENT_EXAMPLE)!.workflow;
	const hook = `${n8n.webhookBase}webhook/${payment.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!.webhookId!}/webhook`;
	await n8n.rest.activateWorkflow(PAYMENT_EXAMPLE);
	ours = await eventually("the payment example's subscription", async () =>
		(await n8n.platform.subscriptions()).find((s) => s.url === hook),
	);
	theirs = await n8n.platform.createSubscription(ELSEWHERE, [
		'payment.succeeded',
		'payment.failed',
	]);
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

async function runRecovery(): Promise<{
	listed: Array<Record<string, unknown>>;
	sent: Array<Record<string, unknown>>;
}> {
	const { result, output } = await timed('n8n execute (recovery)', () =>
		n8n.cli.execute(RECOVERY_EXAMPLE),
	);
	if (!output)
		throw new Error(
			`n8n execute --id=${RECOVERY_EXAMPLE} printed no run data:\n${result.stdout}\n${result.stderr}`,
		);
	expect(ranSuccessfully(result, output)).toBe(true);
	return { listed: nodeOutput(output, LISTED), sent: nodeOutput(output, SENT) };
}

const logOf = async (subscription: Subscription, event: PlatformEvent): Promise<Delivery[]> =>
	(await n8n.platform.deliveries(subscription.id)).filter(
		(delivery) => delivery.event_id === event.id,
	);

/** What the payment example did for an event: its Receipt or Follow-up items, over all its runs. */
const actionsOn = (runs: Run[], event: PlatformEvent) =>
	runs
		.filter((run) => itemsOf(run, 'Payment succeeded or failed')[0]?.id === event.id)
		.flatMap((run) => [...itemsOf(run, 'Receipt'), ...itemsOf(run, 'Follow-up for finance')]);

const sorted = (values: unknown[]) => values.map(String).sort();

it('events missed while n8n was down: the recovery sends each once, the payment workflow acts on each once, a second run sends nothing', async () => {
	const delivered = await n8n.platform.emit('payment.succeeded');
	await runsOf(n8n, PAYMENT_EXAMPLE, 1);

	await timed('kill n8n', () => n8n.server.kill());
	const missed = [
		await n8n.platform.emit('payment.succeeded'),
		await n8n.platform.emit('payment.failed'),
		await n8n.platform.emit('payment.succeeded'),
	];
	const failed = await untilCounted('the platform to give up on each missed event', async () => {
		const deliveries = (await Promise.all(missed.map((event) => logOf(ours, event)))).flat();
		const givenUp = deliveries.filter((d) => d.status === 'failed').length;
		const done =
			deliveries.length === missed.length && givenUp === missed.length ? deliveries : undefined;
		return { seen: givenUp, of: missed.length, done, activity: attemptsOf(deliveries) };
	});
	expect(failed.map((delivery) => delivery.attempts.length)).toEqual(
		missed.map(() => MAX_ATTEMPTS),
	);
	await timed('n8n start', () => n8n.server.start());

	const first = await runRecovery();
	// This n8n's failed deliveries, not the other integration's (failed too) nor the delivered one.
	expect(sorted(first.listed.map((d) => d.id))).toEqual(sorted(failed.map((d) => d.id)));
	expect(first.listed.every((d) => d.webhook_id === ours.id && d.status === 'failed')).toBe(true);
	expect(
		sorted(
			first.sent
				.filter((outcome) => outcome.redelivered === true)
				.map((outcome) => outcome.event_id),
		),
	).toEqual(sorted(missed.map((event) => event.id)));
	expect(first.sent).toHaveLength(missed.length);

	const runs = await runsOf(n8n, PAYMENT_EXAMPLE, 1 + missed.length);
	for (const event of [delivered, ...missed]) {
		expect(actionsOn(runs, event)).toEqual([
			expect.objectContaining({
				outcome: event.type === 'payment.failed' ? 'failed' : 'succeeded',
			}),
		]);
		expect(sorted((await logOf(ours, event)).map((d) => d.status))).toEqual(
			event === delivered ? ['succeeded'] : ['failed', 'succeeded'],
		);
	}

	const second = await runRecovery();
	// The failed deliveries stay failed in the log; each event was delivered since, so none is sent.
	expect(sorted(second.listed.map((d) => d.id))).toEqual(sorted(failed.map((d) => d.id)));
	expect(second.sent.map((outcome) => outcome.redelivered)).toEqual(missed.map(() => false));
	for (const outcome of second.sent) expect(outcome.skipped_reason).toMatch(/was delivered since/);
	// A redelivery is in the log as soon as Redeliver returns: none was made, so no run can follow.
	for (const event of missed) expect(await logOf(ours, event)).toHaveLength(2);
	expect(await n8n.rest.executions(PAYMENT_EXAMPLE)).toHaveLength(1 + missed.length);

	// The other integration's subscription: its deliveries failed too, and the recovery left them alone.
	const elsewhere = await n8n.platform.settledDeliveries(
		[delivered, ...missed].map((event) => event.id),
		theirs.url,
	);
	expect(elsewhere.map((d) => d.status)).toEqual([delivered, ...missed].map(() => 'failed'));
});
