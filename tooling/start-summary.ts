// What `npm start` prints once everything is up. Pure, so it is unit-tested.
import type { Example } from './lib/examples';
import { API_KEY_LABEL } from './lib/n8n-api-credential';
import type { AppliedSetting } from './lib/n8n-env';
import { callersOf, isSubWorkflow } from './lib/sub-workflows';
import type { SubscriptionSummary } from './lib/trigger-subscriptions';

/** The n8n API credential's key: a new one of the owner, the last start's (still working), or neither and why. */
export type N8nApiKeyOutcome = 'created' | 'kept' | { problem: string };

export interface SummaryInput {
	elapsed: string;
	n8nUrl: string;
	owner: { email: string; password: string };
	ownerCreated: boolean;
	sandbox: { baseUrl: string; port: number; token: string; clientId: string; clientSecret: string };
	dataDir: string;
	/** Queue mode: what runs where. */
	queue?: string[];
	examples: Example[];
	/** The n8n API credentials the examples name (the trigger watchdog's) and what became of their key. */
	n8nApi: { credentials: string[]; key: N8nApiKeyOutcome };
	subscriptions: SubscriptionSummary[];
	/** The n8n settings npm start set on top of its own (recommended ones and --n8n-env). */
	n8nSettings: AppliedSetting[];
}

function n8nApiLine({ credentials, key }: SummaryInput['n8nApi']): string {
	const what =
		key === 'created'
			? `with a new API key of the owner ("${API_KEY_LABEL}" in Settings → n8n API)`
			: key === 'kept'
				? "with the owner's API key of the last start"
				: `without a new or checked API key (${key.problem})`;
	return `                      ${credentials.map((name) => `"${name}"`).join(', ')} ${what}`;
}

/**
 * The setting a chosen one needs for the polling trigger's guarantees: n8n's durable scheduler for
 * poll triggers without durable cursors keeps no position from a poll that emits nothing
 * (docs/polling-trigger.md, "n8n's durable scheduler").
 */
export function missingSettingLines(settings: AppliedSetting[]): string[] {
	const on = (name: string) =>
		settings.some(
			(setting) => setting.name === name && setting.value.trim().toLowerCase() === 'true',
		);
	if (
		!on('N8N_SCHEDULER_ENABLED') ||
		!on('N8N_SCHEDULER_POLL_TRIGGERS_ENABLED') ||
		on('N8N_POLLER_DURABLE_CURSORS_ENABLED')
	)
		return [];
	return [
		"            Add N8N_POLLER_DURABLE_CURSORS_ENABLED=true: without it, n8n's durable scheduler keeps no position from a poll",
		'            that emits nothing, and the Education Platform Polling Trigger can stop making progress (docs/polling-trigger.md).',
	];
}

function settingLines(settings: AppliedSetting[]): string[] {
	if (settings.length === 0)
		return ["  Settings  n8n's defaults (npm start -- --n8n-env NAME=VALUE sets one)"];
	return [
		...settings.map(
			({ name, value, source }, index) =>
				`${index === 0 ? '  Settings  ' : '            '}${name}=${value}  (${source === 'recommended' ? 'recommended for production' : source})`,
		),
		...missingSettingLines(settings),
	];
}

/** A sandbox command line as the summary prints it, for the port the sandbox is on. */
export function sandboxCommand(port: number, script: string, args: string): string {
	return `${port === 4010 ? '' : `SANDBOX_PORT=${port} `}npm run ${script} -- ${args}`;
}

export function formatSummary(input: SummaryInput): string {
	const { sandbox, examples } = input;

	const width = Math.max(...examples.map((e) => e.workflow.name.length)) + 2;
	const manual = examples.find((e) => !e.triggerEvents && !isSubWorkflow(e.workflow));
	const workflows = examples.map(({ workflow }) => workflow);
	const howItRuns = ({ workflow, triggerEvents }: Example) => {
		if (triggerEvents) return `runs on ${triggerEvents.join(', ')}`;
		if (isSubWorkflow(workflow))
			return `run by ${callersOf(workflow.id, workflows)
				.map(({ name }) => `"${name}"`)
				.join(', ')}`;
		return 'open it and click "Execute workflow"';
	};
	return [
		'',
		`Ready in ${input.elapsed}.`,
		'',
		`  n8n       ${input.n8nUrl}`,
		`            login ${input.owner.email} / ${input.owner.password}  (${input.ownerCreated ? 'owner just created' : 'existing owner'})`,
		`  Sandbox   ${sandbox.baseUrl}  (API ${sandbox.baseUrl}/v1, token ${sandbox.token}, OAuth client ${sandbox.clientId} / ${sandbox.clientSecret})`,
		...(input.queue
			? [
					`  Queue     ${input.queue.join('\n            ')}`,
					'            (a fresh database each start; Ctrl+C stops every process)',
				]
			: [`  Data      ${input.dataDir}/ (kept between runs; npm start -- --fresh starts over)`]),
		...settingLines(input.n8nSettings),
		'',
		'  Credentials in n8n: "Education Platform sandbox (access token)" and "Education Platform sandbox (OAuth2)" (client credentials),',
		n8nApiLine(input.n8nApi),
		'',
		'  Example workflows:',
		...examples.map((example) => `    ${example.workflow.name.padEnd(width)}${howItRuns(example)}`),
		'',
		`  Webhook subscriptions on the sandbox: ${input.subscriptions.length}`,
		...input.subscriptions.map((s) => `    ${s.url}  ${s.events.join(', ')}`),
		'',
		'  Try first:',
		`    1. Open ${input.n8nUrl}, log in${manual ? `, open "${manual.workflow.name}" and click "Execute workflow"` : ''}.`,
		`    2. In another terminal: ${sandboxCommand(sandbox.port, 'sandbox:emit', 'payment.failed')}`,
		'       then open "Payment reaction" → Executions in n8n to see the run.',
		`    3. curl -H "Authorization: Bearer ${sandbox.token}" ${sandbox.baseUrl}/v1/webhooks   (what n8n registered)`,
		`    4. A trigger with Registration Manual: while it listens (Execute step), add its webhook with`,
		`       ${sandboxCommand(sandbox.port, 'sandbox:subscribe', '--url <its Test URL>')}   and put the signing secret it prints in its credential.`,
		'',
		'Press Ctrl+C to stop n8n and the sandbox.',
		'',
	].join('\n');
}
