// Manual runs on queue-mode workers, in the editor: n8n 2.41 with OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true
// (the only way from n8n 3.0) on the stack `npm start -- --queue` runs (support/queue-session.ts).
// Each case does what a user does, asserts what the editor shows, and finds the run in the
// processes' logs: main put it on the queue and the worker ran it. Main still runs a test
// webhook's registration and webhook() (n8n's test routes live on main only); the worker runs the
// rest of the workflow and pushes each node's data to the editor through main.
import { TRIGGER_NODE_TYPE } from '../../tooling/lib/examples';
import { eventually } from '../e2e/support/sandboxClient';
import { STEP_TIMEOUT_MS } from './support/browser';
import {
	addFromNodesPanel,
	emitAndSee,
	executeStep,
	firstOutputId,
	listen,
	newSigningSecretCredential,
	shownTestUrl,
	subscribeWithSandboxCommand,
	TOKEN_CREDENTIAL,
} from './support/flows';
import type { PushLog } from './support/pushes';
import { browserTest, current, useQueueEditorSession, whereItRan } from './support/queue-session';

/** Where every manual run must go: main queues it, the worker runs it. */
const ON_THE_WORKER = { enqueuedBy: ['n8n-main-1'], ranBy: ['n8n-worker-1'] };
const WATCHDOG = 'eduTriggerWatch1';
/** The nodes panel drops " Trigger" from a trigger node's name. */
const POLLING_TRIGGER_ITEM = 'Education Platform Polling';
/** The trigger example whose subscription the watchdog case disables in the platform. */
const DISABLED_EXAMPLE = 'eduExamResults01';

useQueueEditorSession();

/** The run the editor showed since `mark` (n8n's pushes): a manual one that succeeded, and where it ran. */
async function shownRun(
	pushes: PushLog,
	mark: number,
): Promise<{ mode: string; status: string; where: Awaited<ReturnType<typeof whereItRan>> }> {
	const { executionId, mode, status } = await pushes.finishedSince(mark, 2 * STEP_TIMEOUT_MS);
	return { mode, status, where: await whereItRan(executionId) };
}

const MANUAL_ON_THE_WORKER = { mode: 'manual', status: 'success', where: ON_THE_WORKER };

/** The platform's subscriptions to n8n's test webhook URLs. */
async function testSubscriptions() {
	return (await current().platform.subscriptions()).filter((subscription) =>
		subscription.url.startsWith(`${current().queue.url}/webhook-test/`),
	);
}

describe('the Education Platform Trigger, "Execute step" on a worker', () => {
	browserTest(
		'Registration Automatic: listening registers the Test URL; an event made on the platform shows in the editor, run on the worker',
		async ({ editor, platform, pushes }) => {
			await addFromNodesPanel(editor, 'Triggers', 'On payment failed');
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			const mark = pushes.mark();
			await listen(editor.ndv);
			const [subscription] = await eventually(
				'the test subscription',
				async () =>
					(await testSubscriptions()).length > 0 ? await testSubscriptions() : undefined,
				STEP_TIMEOUT_MS,
			);
			expect(subscription.events).toEqual(['payment.failed']);
			await emitAndSee(editor.ndv, platform, 'payment.failed');
			expect(await shownRun(pushes, mark)).toEqual(MANUAL_ON_THE_WORKER);
			// Once the event is in, n8n stops listening and the trigger deletes the test subscription.
			await eventually(
				'the test subscription deleted',
				async () => ((await testSubscriptions()).length === 0 ? true : undefined),
				STEP_TIMEOUT_MS,
			);
			await editor.ndv.close();
		},
	);

	browserTest(
		'Registration Manual: with a subscription to the Test URL made by the command npm start names, the event shows in the editor, run on the worker',
		async ({ editor, platform, sandbox, queue, pushes }) => {
			await addFromNodesPanel(editor, 'Triggers', 'On payment failed');
			const { ndv } = editor;
			await ndv.choose('registration', 'Manual');
			const testUrl = await shownTestUrl(ndv, queue.url);
			const secret = await subscribeWithSandboxCommand(sandbox, testUrl, 'payment.failed');
			const [subscription] = await testSubscriptions();
			try {
				await newSigningSecretCredential(editor, secret);
				const mark = pushes.mark();
				await listen(ndv);
				// Manual registered nothing.
				expect((await testSubscriptions()).map(({ id }) => id)).toEqual([subscription.id]);
				await emitAndSee(ndv, platform, 'payment.failed');
				expect(await shownRun(pushes, mark)).toEqual(MANUAL_ON_THE_WORKER);
				await ndv.close();
			} finally {
				await platform.deleteSubscription(subscription.id);
			}
		},
	);
});

describe('the Education Platform node, "Execute step" on a worker', () => {
	browserTest(
		'Get many students shows the students the platform has, run on the worker',
		async ({ editor, platform, pushes }) => {
			const expected = await platform.students({});
			await addFromNodesPanel(editor, 'Actions', 'Get many students');
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			await editor.ndv.fill('limit', '5');
			const mark = pushes.mark();
			expect(await executeStep(editor.ndv)).toBe(5);
			expect(await firstOutputId(editor.ndv)).toBe(String(expected[0].id));
			expect(await shownRun(pushes, mark)).toEqual(MANUAL_ON_THE_WORKER);
			await editor.ndv.close();
		},
	);
});

describe('the Education Platform Polling Trigger, "Fetch Test Event" on a worker', () => {
	browserTest(
		'shows a student just added, run on the worker',
		async ({ editor, platform, pushes }) => {
			await editor.newWorkflow();
			await editor.nodeCreator.openOnEmptyCanvas();
			await editor.nodeCreator.search('Education');
			await editor.nodeCreator.open(POLLING_TRIGGER_ITEM);
			await editor.nodeCreator.chooseAction('Triggers', 'On student created');
			await editor.ndv.root.waitFor();
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			const added = await platform.createStudent();
			const mark = pushes.mark();
			await editor.ndv.root
				.getByTestId('node-execute-button')
				.filter({ hasText: 'Fetch Test Event' })
				.first()
				.click();
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			expect(await editor.ndv.outputItemCount()).toBe(1);
			const [shown] = await editor.ndv.outputRows();
			expect([shown.event, shown.id]).toEqual(['student.created', String(added.id)]);
			expect(await shownRun(pushes, mark)).toEqual(MANUAL_ON_THE_WORKER);
			await editor.ndv.close();
		},
	);
});

describe('Check Triggers, run from the editor on a worker', () => {
	browserTest(
		"the Trigger watchdog's Execute workflow shows a verdict per published trigger: a subscription disabled in the platform is re-enabled, the others are healthy",
		async ({ editor, platform, workflows, published, pushes }) => {
			const triggers = workflows.filter(
				({ id, nodes }) =>
					published.includes(id) && nodes.some((node) => node.type === TRIGGER_NODE_TYPE),
			);
			const webhookId = workflows
				.find(({ id }) => id === DISABLED_EXAMPLE)!
				.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!.webhookId!;
			const disabled = (await platform.subscriptions()).find((subscription) =>
				subscription.url.includes(webhookId),
			)!;
			await platform.setSubscriptionEnabled(disabled.id, false);

			await editor.openWorkflow(WATCHDOG);
			const mark = pushes.mark();
			await editor.executeWorkflow();
			expect(await shownRun(pushes, mark)).toEqual(MANUAL_ON_THE_WORKER);
			await editor.canvasNode('List and check').dblclick();
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			const rows = await editor.ndv.outputRows();
			const verdicts = rows
				.filter((row) => row.check === 'trigger')
				.map((row) => [row.workflow_id, row.state, row.action])
				.sort();
			const wanted = triggers
				.map(({ id }) =>
					id === DISABLED_EXAMPLE ? [id, 'disabled', 're-enabled'] : [id, 'healthy', 'none'],
				)
				.sort();
			expect(verdicts).toEqual(wanted);
			expect(rows).toHaveLength(triggers.length + 1);
			// What the worker did on the platform.
			expect((await platform.subscriptions()).find(({ id }) => id === disabled.id)?.enabled).toBe(
				true,
			);
			await editor.ndv.close();
		},
	);
});

describe('the browser console', () => {
	browserTest(
		'shows no error and no failed request that comes from this package',
		async ({ problems }) => {
			expect(problems.unexcused()).toEqual([]);
		},
	);
});
