// The trigger under n8n's concurrency limit (N8N_CONCURRENCY_PRODUCTION_LIMIT; regular mode, one
// process). n8n keeps each delivery's run in memory until one of the limit's slots is free, and n8n
// 2.x holds the answer too: Respond Immediately answers when the run starts, When Last Node Finishes
// when it ends (n8n 1.x answers Respond Immediately at once). So a burst whose runs queue past the
// platform's 15 s gets timeouts; the platform retries, and the attempt it gave up on still runs when
// its turn comes. For limits 1 and 2 (n8n restarted in between) and both responses, asserted: no
// deadlock (every delivery ends succeeded), every failed attempt was retried, every attempt ran
// once, every event ran and Remove Duplicates let it act; with a limit of 1 no two runs overlap and
// each event acts exactly once. The events that ran more than once are counted and printed
// (docs/production.md, "Under a concurrency limit").
import { randomUUID } from 'node:crypto';

import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import type { WorkflowJson } from '../../tooling/lib/examples';
import { EventCounter } from '../e2e-queue/support/counter';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { untilCounted } from './support/progress';
import { executionsOf } from './support/runs';
import { attemptsOf, eventually, type Delivery } from './support/sandboxClient';
import { e2eTarget } from './support/target';
import { timed } from './support/timings';
import { node, postEventId, triggerWorkflow } from './support/workflows';

jest.setTimeout(600_000);

const TARGET = e2eTarget();
/** Events per burst: 8 runs of 3 s of work per slot queue for 24 s, well past the platform's 15 s. */
const BURST = 8;
/** Each of a run's two posts takes this long per slot of the limit while the burst arrives. */
const STEP_MS_PER_SLOT = 1_500;
/** The platform's retry schedule shortened tenfold, as in the queue suite (0.5 s, 30 s, 3 min, …); 15 s per attempt as in the contract. */
const RETRY_SCALE = 0.1;
const LIMITS = [1, 2] as const;
const TRIGGER = 'Education Platform Trigger';
/** One event type per workflow, so that a burst starts one of them. */
const FLOWS = [
	{
		key: 'immediate',
		label: 'Respond Immediately',
		id: 'e2eConcImmediat1',
		hook: randomUUID(),
		event: 'payment.failed',
		responseMode: 'onReceived',
	},
	{
		key: 'lastNode',
		label: 'Respond When Last Node Finishes',
		id: 'e2eConcLastNode1',
		hook: randomUUID(),
		event: 'payment.succeeded',
		responseMode: 'lastNode',
	},
] as const;
type Flow = (typeof FLOWS)[number];

let n8n: Instance;
let counter: EventCounter;
const printed: string[] = [];

/** Each burst's events carry its name in `data.burst`, and the workflow posts to a path per burst: each burst's counts are its own. */
const burstName = (limit: number) => `limit-${limit}`;
const counterPath = (what: 'runs' | 'acts', flow: Flow, limit: number) =>
	`/${what}/${flow.key}/${burstName(limit)}`;
const hookUrl = (flow: Flow) => `${n8n.webhookBase}webhook/${flow.hook}/webhook`;

/**
 * Trigger → "Slow step" (posts the event id to /runs/…: every run) → "Once per event" (Remove
 * Duplicates on the event id) → "Act" (posts it to /acts/…).
 */
function burstWorkflow(flow: Flow, credential: CredentialImport): WorkflowJson {
	const workflow = triggerWorkflow(flow.id, credential, [flow.event], flow.hook);
	workflow.name = `e2e concurrency limit, ${flow.label}`;
	workflow.nodes[0].parameters.responseMode = flow.responseMode;
	const eventId = `$('${TRIGGER}').item.json.id`;
	const perBurst = (what: 'runs' | 'acts') =>
		`=${counter.url(`/${what}/${flow.key}/`)}{{ $('${TRIGGER}').item.json.data.burst }}`;
	workflow.nodes.push(
		postEventId('Slow step', perBurst('runs'), eventId, { position: [240, 0] }),
		node(
			'Once per event',
			'n8n-nodes-base.removeDuplicates',
			{
				operation: 'removeItemsSeenInPreviousExecutions',
				logic: 'removeItemsWithAlreadySeenKeyValues',
				dedupeValue: `={{ ${eventId} }}`,
				options: { historySize: 10_000 },
			},
			{ typeVersion: 2, position: [480, 0] },
		),
		postEventId('Act', perBurst('acts'), eventId, { position: [720, 0] }),
	);
	workflow.connections = {
		[TRIGGER]: { main: [[{ node: 'Slow step', type: 'main', index: 0 }]] },
		'Slow step': { main: [[{ node: 'Once per event', type: 'main', index: 0 }]] },
		'Once per event': { main: [[{ node: 'Act', type: 'main', index: 0 }]] },
	};
	return workflow;
}

beforeAll(async () => {
	process.stdout.write(`[e2e] trigger under N8N_CONCURRENCY_PRODUCTION_LIMIT on ${TARGET.label}\n`);
	counter = await EventCounter.start();
	n8n = await startInstance(
		(sandbox) => {
			const token = accessTokenCredential(
				sandboxLogin(sandbox),
				'e2eConcToken0001',
				'e2e concurrency access token',
			);
			return { credentials: [token], workflows: FLOWS.map((flow) => burstWorkflow(flow, token)) };
		},
		{ N8N_CONCURRENCY_PRODUCTION_LIMIT: String(LIMITS[0]) },
		{ webhookRetryScale: RETRY_SCALE },
	);
	for (const flow of FLOWS) await n8n.rest.activateWorkflow(flow.id);
	// Publishing registers in the background on the publication path: events before that go nowhere.
	for (const flow of FLOWS)
		await eventually(`the subscription of ${flow.id}`, async () =>
			(await n8n.platform.subscriptions()).find((s) => s.url === hookUrl(flow)),
		);
}, 600_000);

afterAll(async () => {
	if (printed.length > 0)
		process.stdout.write(
			`[e2e] events that ran more than once under the limit, ${TARGET.label}:\n${printed.join('\n')}\n`,
		);
	await n8n?.close();
	await counter?.close();
});

interface Burst {
	deliveries: Delivery[];
	/** Runs ("Slow step") and acts ("Act") per event id. */
	runs: Map<string, number>;
	acts: Map<string, number>;
	/** Runs that had posted when every delivery had its first answer or timeout. */
	runsAtFirstAnswers: number;
	peak: number;
}

const failed = (attempt: Delivery['attempts'][number]) =>
	attempt.response_status === null ||
	attempt.response_status < 200 ||
	attempt.response_status >= 300;
const outcome = (attempt: Delivery['attempts'][number]) =>
	attempt.response_status === null
		? (attempt.error ?? 'no answer')
		: String(attempt.response_status);
const sum = (counts: Map<string, number>) =>
	[...counts.values()].reduce((total, count) => total + count, 0);

/**
 * Emits BURST events of the flow's type at once. Its step is slow until every delivery has had its
 * first answer or timeout, then answers at once: the runs left in n8n's queue and the retries
 * behind them then drain in a time that does not depend on this machine's speed. (With a step that
 * stays slow, every attempt the platform gave up on still takes a slot, and the queue grows.)
 */
async function burst(flow: Flow, limit: number): Promise<Burst> {
	await n8n.quiet();
	const before = (await n8n.rest.executions(flow.id)).length;
	counter.delayMs = STEP_MS_PER_SLOT * limit;
	const ids = (await n8n.platform.emitMany(flow.event, BURST, { burst: burstName(limit) })).map(
		(event) => event.id,
	);
	const runs = () => counter.of(counterPath('runs', flow, limit));
	// Also once the first runs have filled every slot: those stay slow, so they overlap (1.x answers Immediately before any run starts).
	const runsAtFirstAnswers = await untilCounted(
		`a first answer or timeout for each of the ${BURST} deliveries, and ${limit} run(s) started`,
		async () => {
			const found = await n8n.platform.deliveriesOf(ids, hookUrl(flow));
			const tried = found.filter((delivery) => delivery.attempts.length > 0).length;
			const started = sum(runs());
			return {
				seen: tried,
				of: BURST,
				done: tried === BURST && started >= limit ? started : undefined,
				activity: [attemptsOf(found), started],
			};
		},
	);
	counter.delayMs = 0;
	const deliveries = await timed(
		`concurrency limit ${limit}, ${flow.label}: deliveries settled`,
		() => n8n.platform.settledDeliveries(ids, hookUrl(flow)),
	);
	await n8n.quiet();
	const executions = await executionsOf(n8n, flow.id, before + sum(runs()), { allFinished: true });
	expect(
		executions
			.slice(0, executions.length - before)
			.filter((execution) => execution.status !== 'success'),
	).toEqual([]);
	return {
		deliveries,
		runs: runs(),
		acts: counter.of(counterPath('acts', flow, limit)),
		runsAtFirstAnswers,
		peak: counter.peakInFlight(counterPath('runs', flow, limit)),
	};
}

function report(flow: Flow, limit: number, result: Burst): void {
	const attempts = result.deliveries.flatMap((delivery) => delivery.attempts.map(outcome));
	const tally = [...new Set(attempts)]
		.map((kind) => `${attempts.filter((each) => each === kind).length} × ${kind}`)
		.join(', ');
	const ranTwice = [...result.runs.values()].filter((count) => count === 2).length;
	const ranMore = [...result.runs.values()].filter((count) => count > 2).length;
	const actedTwice = [...result.acts.values()].filter((count) => count > 1).length;
	const line = `  limit ${limit}, ${flow.label}: ${BURST} events, ${attempts.length} delivery attempts (${tally}), ${sum(result.runs)} runs; ran twice ${ranTwice}, more than twice ${ranMore}; acted on more than once ${actedTwice}; at most ${result.peak} run(s) at once`;
	printed.push(line);
	process.stdout.write(`[e2e]${line}\n`);
}

describe.each(LIMITS)('N8N_CONCURRENCY_PRODUCTION_LIMIT=%i', (limit) => {
	beforeAll(async () => {
		if (limit === LIMITS[0]) return;
		await n8n.quiet();
		await timed(`n8n restart with N8N_CONCURRENCY_PRODUCTION_LIMIT=${limit}`, () =>
			n8n.server.restart({ N8N_CONCURRENCY_PRODUCTION_LIMIT: String(limit) }),
		);
	}, 600_000);

	it.each(FLOWS)(
		"$label: a burst queued past the platform's 15 s is retried, every attempt runs, every event runs and acts, nothing is lost",
		async (flow) => {
			const result = await burst(flow, limit);
			report(flow, limit, result);
			const { deliveries, runs, acts } = result;

			// No deadlock and nothing lost: every delivery ends succeeded, on an attempt answered 2xx,
			// every attempt before it failed (so each failure was retried).
			expect(deliveries).toHaveLength(BURST);
			for (const delivery of deliveries) {
				expect(delivery.status).toBe('succeeded');
				expect(delivery.attempts.map(failed)).toEqual([
					...delivery.attempts.slice(1).map(() => true),
					false,
				]);
			}
			// Every attempt ran once, the ones the platform gave up on included.
			expect(
				Object.fromEntries(
					deliveries.map((delivery) => [delivery.event_id, runs.get(delivery.event_id) ?? 0]),
				),
			).toEqual(
				Object.fromEntries(
					deliveries.map((delivery) => [delivery.event_id, delivery.attempts.length]),
				),
			);
			// n8n never ran more than the limit at once, and the burst filled every slot.
			expect(result.peak).toBe(limit);
			// Every event acted on; with one slot the runs of an event never overlap, so Remove Duplicates acts once.
			const actCounts = deliveries.map((delivery) => acts.get(delivery.event_id) ?? 0);
			if (limit === 1) expect(actCounts).toEqual(deliveries.map(() => 1));
			else expect(actCounts.filter((count) => count < 1)).toEqual([]);

			const timeouts = deliveries
				.flatMap((delivery) => delivery.attempts)
				.filter((attempt) => attempt.error === 'timeout').length;
			if (flow.responseMode === 'onReceived' && TARGET.n8nMajor === 1) {
				// n8n 1.x answers before the run waits for its slot: every first attempt got 200 while runs still waited.
				expect(timeouts).toBe(0);
				expect(result.runsAtFirstAnswers).toBeLessThan(BURST);
			} else {
				// The answer waited for a slot (and, When Last Node Finishes, for the run): some waited past 15 s.
				expect(timeouts).toBeGreaterThan(0);
			}
		},
	);
});
