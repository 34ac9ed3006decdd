import { RETRY_DELAYS_MS } from '../../sandbox/webhooks/retrySchedule';
import { loadExamples } from '../../tooling/lib/examples';
import { formatSummary, missingSettingLines, type SummaryInput } from '../../tooling/start-summary';

const input: SummaryInput = {
	elapsed: '15.2 s',
	n8nUrl: 'http://127.0.0.1:5678',
	owner: { email: 'demo@example.com', password: 'Demo-Password-1' },
	ownerCreated: true,
	sandbox: {
		baseUrl: 'http://127.0.0.1:4010',
		port: 4010,
		token: 'demo-token',
		clientId: 'demo-client',
		clientSecret: 'demo-secret',
	},
	dataDir: '.n8n-demo',
	examples: loadExamples(),
	n8nApi: { credentials: ['n8n API (this n8n)'], key: 'created' },
	subscriptions: [
		{
			url: 'http://127.0.0.1:5678/webhook/abc/webhook',
			events: ['payment.succeeded', 'payment.failed'],
		},
	],
	n8nSettings: [
		{ name: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE', value: 'true', source: 'recommended' },
		{ name: 'N8N_METRICS', value: 'true', source: '--n8n-env' },
	],
};

describe('the npm start summary', () => {
	const text = formatSummary(input);

	it('prints the URLs and the login', () => {
		expect(text).toContain('n8n       http://127.0.0.1:5678');
		expect(text).toContain('login demo@example.com / Demo-Password-1  (owner just created)');
		expect(text).toContain('token demo-token, OAuth client demo-client / demo-secret');
	});

	it("names the credentials, and what became of the n8n API credential's key", () => {
		expect(text).toContain(
			'  Credentials in n8n: "Education Platform sandbox (access token)" and "Education Platform sandbox (OAuth2)" (client credentials),\n' +
				'                      "n8n API (this n8n)" with a new API key of the owner ("Trigger watchdog example" in Settings → n8n API)\n',
		);
		const withKey = (key: SummaryInput['n8nApi']['key']) =>
			formatSummary({ ...input, n8nApi: { ...input.n8nApi, key } });
		expect(withKey('kept')).toContain(
			'"n8n API (this n8n)" with the owner\'s API key of the last start\n',
		);
		expect(withKey({ problem: "n8n's public API is off" })).toContain(
			'"n8n API (this n8n)" without a new or checked API key (n8n\'s public API is off)\n',
		);
	});

	it('prints the n8n settings it applied and where each came from, or that n8n runs on its defaults', () => {
		expect(text).toContain(
			'  Settings  N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true  (recommended for production)\n            N8N_METRICS=true  (--n8n-env)\n',
		);
		expect(formatSummary({ ...input, n8nSettings: [] })).toContain(
			"  Settings  n8n's defaults (npm start -- --n8n-env NAME=VALUE sets one)\n",
		);
	});

	it("says to add durable cursors when n8n's durable scheduler takes the poll triggers without them", () => {
		const flag = (name: string, value = 'true') => ({ name, value, source: '--n8n-env' as const });
		const scheduler = [flag('N8N_SCHEDULER_ENABLED'), flag('N8N_SCHEDULER_POLL_TRIGGERS_ENABLED')];
		expect(formatSummary({ ...input, n8nSettings: scheduler })).toContain(
			'            N8N_SCHEDULER_POLL_TRIGGERS_ENABLED=true  (--n8n-env)\n            Add N8N_POLLER_DURABLE_CURSORS_ENABLED=true: without it,',
		);
		expect(missingSettingLines([...scheduler, flag('N8N_POLLER_DURABLE_CURSORS_ENABLED')])).toEqual(
			[],
		);
		expect(missingSettingLines([flag('N8N_SCHEDULER_ENABLED')])).toEqual([]);
		expect(
			missingSettingLines([
				flag('N8N_SCHEDULER_ENABLED'),
				flag('N8N_SCHEDULER_POLL_TRIGGERS_ENABLED', 'false'),
			]),
		).toEqual([]);
		expect(text).not.toContain('N8N_POLLER_DURABLE_CURSORS_ENABLED');
	});

	it('lists each example with its trigger events (or who runs it), and the subscriptions the sandbox holds', () => {
		expect(text).toMatch(/Payment reaction\s+runs on payment\.succeeded, payment\.failed/);
		expect(text).toMatch(/Weekly roster export\s+open it and click "Execute workflow"/);
		expect(text).toMatch(/Trigger watchdog: list and check\s+run by "Trigger watchdog"\n/);
		expect(text).toMatch(/Trigger watchdog: re-publish\s+run by "Trigger watchdog"\n/);
		expect(text).toContain(
			'Webhook subscriptions on the sandbox: 1\n    http://127.0.0.1:5678/webhook/abc/webhook  payment.succeeded, payment.failed',
		);
	});

	it('says what to try first, with an emit command for the port the sandbox is on', () => {
		// The first example (by name) that runs on demand.
		expect(text).toContain('open "Daily payment reconciliation" and click "Execute workflow"');
		expect(text).toContain('In another terminal: npm run sandbox:emit -- payment.failed');
		expect(formatSummary({ ...input, sandbox: { ...input.sandbox, port: 4011 } })).toContain(
			'SANDBOX_PORT=4011 npm run sandbox:emit -- payment.failed',
		);
	});

	it("names the sandbox's way to add a Manual registration's webhook (it has no settings page), for its port", () => {
		expect(text).toContain(
			'    4. A trigger with Registration Manual: while it listens (Execute step), add its webhook with\n' +
				'       npm run sandbox:subscribe -- --url <its Test URL>   and put the signing secret it prints in its credential.\n',
		);
		expect(formatSummary({ ...input, sandbox: { ...input.sandbox, port: 4011 } })).toContain(
			'SANDBOX_PORT=4011 npm run sandbox:subscribe -- --url <its Test URL>',
		);
	});
});

describe('the example workflows', () => {
	const examples = loadExamples();

	it('are eleven n8n workflows with unique IDs, three of them on the Education Platform Trigger and two sub-workflows of the trigger watchdog', () => {
		expect(examples.map((e) => e.workflow.name).sort()).toEqual([
			'Ask an AI agent about failed payments',
			'Daily payment reconciliation',
			'Enrollment notification',
			'Exam follow-up',
			'Exam results',
			'Payment reaction',
			'Trigger watchdog',
			'Trigger watchdog: list and check',
			'Trigger watchdog: re-publish',
			'Webhook delivery recovery',
			'Weekly roster export',
		]);
		expect(new Set(examples.map((e) => e.workflow.id)).size).toBe(11);
		expect(examples.filter((e) => e.triggerEvents).map((e) => e.triggerEvents)).toEqual(
			expect.arrayContaining([
				['enrollment.created'],
				['payment.succeeded', 'payment.failed'],
				['exam_result.published'],
			]),
		);
	});

	it('connect only nodes that exist, and give every trigger its own webhook ID', () => {
		for (const { workflow } of examples) {
			const names = new Set(workflow.nodes.map((n) => n.name));
			for (const [from, outputs] of Object.entries(workflow.connections)) {
				expect(names).toContain(from);
				// `main`, and an AI Agent's `ai_languageModel` and `ai_tool`.
				for (const targets of Object.values(
					outputs as Record<string, Array<Array<{ node: string }>>>,
				).flat()) {
					for (const target of targets) expect(names).toContain(target.node);
				}
			}
		}
		const webhookIds = examples.flatMap((e) =>
			e.workflow.nodes.map((n) => n.webhookId).filter(Boolean),
		);
		expect(new Set(webhookIds).size).toBe(webhookIds.length);
	});

	it("Trigger watchdog: whatever reads workflows through n8n's API (they come with their static data, every trigger's signing secret) runs in a sub-workflow that saves no execution data; the watchdog gets back no static data", () => {
		const byId = new Map(examples.map(({ workflow }) => [workflow.id, workflow]));
		const parent = byId.get('eduTriggerWatch1')!;
		const calls = parent.nodes.filter((node) => node.type === 'n8n-nodes-base.executeWorkflow');
		expect(calls.map((node) => [node.name, node.typeVersion, node.parameters])).toEqual([
			[
				'List and check',
				1.2,
				expect.objectContaining({
					source: 'database',
					workflowId: expect.objectContaining({ mode: 'id', value: 'eduTriggerWatchC' }),
					mode: 'once',
					options: { waitForSubWorkflow: true },
				}),
			],
			[
				'Re-publish',
				1.2,
				expect.objectContaining({
					source: 'database',
					workflowId: expect.objectContaining({ mode: 'id', value: 'eduTriggerWatchR' }),
					mode: 'once',
					options: { waitForSubWorkflow: true },
				}),
			],
		]);
		// The parent saves its runs as n8n does by default, so a failed run shows as failed.
		expect(parent.settings).toEqual({ executionOrder: 'v1' });
		const apiNodes = examples.flatMap(({ workflow }) =>
			workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-base.n8n')
				.map((node) => [workflow.id, node.name]),
		);
		expect(apiNodes).toEqual([
			['eduTriggerWatchC', 'All workflows'],
			['eduTriggerWatchR', 'Unpublish workflow'],
			['eduTriggerWatchR', 'Publish workflow'],
		]);
		for (const id of ['eduTriggerWatchC', 'eduTriggerWatchR']) {
			const sub = byId.get(id)!;
			expect(sub.settings).toEqual({
				executionOrder: 'v1',
				saveDataSuccessExecution: 'none',
				saveDataErrorExecution: 'none',
				saveManualExecutions: false,
				saveExecutionProgress: false,
			});
			expect(
				sub.nodes.find((node) => node.type === 'n8n-nodes-base.executeWorkflowTrigger'),
			).toMatchObject({ typeVersion: 1.1, parameters: { inputSource: 'passthrough' } });
		}
		// What the re-publish sub-workflow returns: four fields of n8n's answer, never its static data.
		const kept = byId
			.get('eduTriggerWatchR')!
			.nodes.find((node) => node.name === 'ID, name and state')!;
		expect(kept.parameters).toMatchObject({ mode: 'manual', includeOtherFields: false });
		expect(
			(kept.parameters.assignments as { assignments: Array<{ name: string }> }).assignments.map(
				({ name }) => name,
			),
		).toEqual(['id', 'name', 'active', 'activeVersionId']);
	});

	it('Webhook delivery recovery runs hourly and reaches back far enough to see every delivery that failed since the last day', () => {
		const HOUR_MS = 3_600_000;
		const { nodes } = examples.find((e) => e.workflow.id === 'eduWebhookRecov1')!.workflow;
		expect(nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger')?.parameters).toEqual({
			rule: { interval: [{ field: 'hours' }] },
		});
		const listing = nodes.find(
			(n) => n.parameters.resource === 'webhookDelivery' && n.parameters.operation === 'getMany',
		)!.parameters;
		expect(listing).toMatchObject({
			deliveriesOf: 'thisN8n',
			returnAll: true,
			filters: { status: ['failed'] },
		});
		const days = /^=\{\{ \$now\.minus\(\{ days: (\d+) \}\)\.toISO\(\) \}\}$/.exec(
			String((listing.filters as { createdAfter: string }).createdAfter),
		);
		// A delivery is marked failed when the platform's retries end (contract §8.5), counted from
		// when it was made: created_at is that far behind the failure.
		const retriesMs = RETRY_DELAYS_MS.reduce((total, delay) => total + delay, 0);
		expect(retriesMs).toBeGreaterThan(27 * HOUR_MS);
		expect(Number(days?.[1]) * 24 * HOUR_MS).toBeGreaterThanOrEqual(retriesMs + 24 * HOUR_MS);
	});
});
