/**
 * Compatibility (characterisation): saved workflows keep loading and running. For every Education
 * Platform node in fixtures/saved-main.json (every node as saved on 7d81129, parameters stored as
 * n8n stores them: defaults left out) and in examples/*.json and examples/queue-mode/*.json:
 * - n8n finds no parameter issue, and no stored parameter is unknown to the node's description;
 * - run against the in-process sandbox (seed 42, 40 students) with Date frozen at the sandbox
 *   clock's instant, what it does equals fixtures/saved-main.output.json (see support/runSaved.ts:
 *   action output and requests, trigger subscription and deliveries, polling items and cursor).
 * Normalised (support/runSaved.ts `normalise`): random event ids (evt_…), subscription ids
 * (wh_…), webhook secrets (whsec_…), signatures (v1,…) and loopback ports. Nothing else.
 *
 * Regenerate the golden output (a deliberate step; review the diff of the JSON):
 *   EDU_UPDATE_COMPAT=1 npx jest --selectProjects unit --testPathPatterns test/compat/savedWorkflows
 */
import { ManualClock } from '../../sandbox';
import { startReceiver, type Receiver, type TriggerWorkflow } from '../harness/triggerHarness';
import { captureNodeLogs } from '../harness/triggerLogs';
import { startLiveSandbox, type LiveSandbox } from '../integration/support/liveSandbox';
import { golden } from './support/golden';
import { runSaved, type CompatContext } from './support/runSaved';
import {
	descriptionOf,
	parameterIssues,
	savedNodes,
	unknownParameters,
} from './support/savedNodes';

jest.setTimeout(60_000);

/** The sandbox clock's default instant: 2026-11-21T09:00:00Z. */
const NOW = new ManualClock().now();

const SAVED = savedNodes();

describe('saved workflows (saved-main.json and the examples) load and run as on 7d81129', () => {
	let sandbox: LiveSandbox;
	let receiver: Receiver;
	let logs: ReturnType<typeof captureNodeLogs>;
	const actual: Record<string, unknown> = {};
	let expected: Record<string, unknown>;

	beforeAll(async () => {
		// Only Date is faked: $today in the examples, the trigger's timestamp check and the
		// polling cursor see the same instant as the sandbox; timers and I/O stay real.
		jest.useFakeTimers({
			now: NOW,
			doNotFake: [
				'hrtime',
				'nextTick',
				'performance',
				'queueMicrotask',
				'setImmediate',
				'clearImmediate',
				'setInterval',
				'clearInterval',
				'setTimeout',
				'clearTimeout',
			],
		});
		logs = captureNodeLogs();
		sandbox = await startLiveSandbox({ students: 40, clock: new ManualClock(NOW) });
		let target: TriggerWorkflow | undefined;
		receiver = await startReceiver(() => {
			if (!target) throw new Error('A delivery arrived before a trigger was set up');
			return target;
		});
		const context: CompatContext = {
			sandbox,
			receiver,
			now: NOW,
			setTarget: (trigger) => (target = trigger),
		};
		for (const saved of SAVED) actual[saved.key] = await runSaved(saved, context);
		expected = golden('saved-main.output.json', actual);
	});

	afterAll(async () => {
		await receiver?.close();
		await sandbox?.close();
		logs?.restore();
		jest.useRealTimers();
	});

	it('finds the nodes of every saved workflow, and the golden output covers exactly them', () => {
		expect(
			SAVED.filter((saved) => saved.key.startsWith('test/compat/fixtures/saved-main.json')).length,
		).toBeGreaterThanOrEqual(23);
		expect(Object.keys(expected).sort()).toEqual(SAVED.map((saved) => saved.key).sort());
	});

	it.each(SAVED.map((saved) => [saved.key, saved] as const))(
		'%s: no parameter issue, no unknown parameter',
		(_key, saved) => {
			expect(parameterIssues(saved)).toBeNull();
			expect(unknownParameters(saved.node.parameters, descriptionOf(saved).properties)).toEqual([]);
		},
	);

	it.each(SAVED.map((saved) => [saved.key, saved] as const))('%s: runs as on 7d81129', (key) => {
		expect(actual[key]).toEqual(expected[key]);
	});
});
