import type { WebhookService } from '../../../sandbox/webhooks/service';
import { untilQuiet } from './quiet';

beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

/** A platform with one subscription whose deliveries are given by `log`, and an n8n whose running executions are given by `running`. */
function sources(
	log: () => Array<{ status: string; attempts: unknown[] }>,
	running: () => string[],
	owed = () => 0,
) {
	const webhooks = {
		subscriptions: { list: () => [{ id: 'wh_1' }] },
		deliveries: () => log(),
	} as unknown as WebhookService;
	const rest = {
		unfinishedExecutions: async () =>
			running().map((id) => ({ id, status: 'running', mode: 'webhook', workflowId: 'w' })),
	};
	return { webhooks, rest, owed };
}

it('resolves once no delivery is pending or owed and no execution runs, not before', async () => {
	// A retry settles the delivery at 40 s, an owed event is handed on and settles by 70 s, the run it started ends at 90 s.
	const log = () => [
		{
			status: Date.now() >= 40_000 ? 'failed' : 'pending',
			attempts: Date.now() >= 40_000 ? [1, 2] : [1],
		},
		...(Date.now() >= 50_000
			? [{ status: Date.now() >= 70_000 ? 'succeeded' : 'pending', attempts: [1] }]
			: []),
	];
	const running = () => (Date.now() >= 60_000 && Date.now() < 90_000 ? ['7'] : []);
	let quietAt: number | undefined;
	void untilQuiet(sources(log, running, () => (Date.now() < 50_000 ? 1 : 0))).then(
		() => (quietAt = Date.now()),
	);
	await jest.advanceTimersByTimeAsync(120_000);
	expect(quietAt).toBeGreaterThanOrEqual(90_000);
	expect(quietAt).toBeLessThan(91_000);
});

it('fails when a delivery stays pending with nothing moving, saying how many have settled', async () => {
	const log = () => [
		{ status: 'succeeded', attempts: [1] },
		{ status: 'pending', attempts: [1] },
	];
	const waiting = untilQuiet(sources(log, () => []));
	const failed = expect(waiting).rejects.toThrow(
		"Gave up waiting for the platform's deliveries to settle and n8n's executions to finish: saw 1 of 2, nothing new for 60 s (60 s in all)",
	);
	await jest.advanceTimersByTimeAsync(61_000);
	await failed;
});
