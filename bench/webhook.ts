/**
 * `npx tsx bench/webhook.ts [flags]` — the trigger's webhook() alone, as n8n calls it for each
 * delivery (n8n-core's real WebhookContext, built per request as n8n builds it), without HTTP,
 * without n8n's server and without the isolate n8n 2.x acquires around it: what this package's
 * own code costs per delivery, and where that time goes.
 *
 *   --deliveries 20000   signed deliveries per round (default 20000)
 *   --rounds 5           rounds after one warm-up round; the median round is reported (default 5)
 *   --output event       the trigger's Output option: event or data (default event)
 *   --cpu-prof FILE      a CPU profile of the measured rounds, written to FILE and summarised by
 *                        self time: this package's functions, and the share of n8n's and Node's
 *
 * A script that prints figures, not a test; compare figures taken in one run on one machine.
 */
import { createHmac, randomBytes } from 'node:crypto';

import { WebhookContext } from 'n8n-core';
import type { IWebhookResponseData, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

// `.node.js`: tsx would resolve `EducationPlatformTrigger.node` to the node's codex JSON file.
import { EducationPlatformTrigger } from '../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node.js';
import { printedHelp, readArgs } from '../sandbox/args';
import { createTriggerWorkflow, TRIGGER_NODE_NAME } from '../test/harness/triggerHarness';
import { startProfile } from './profileSummary';
import { wholeNumber } from './wholeNumber';

interface BenchOptions {
	deliveries: number;
	rounds: number;
	output: 'event' | 'data';
	cpuProfile?: string;
}

const USAGE =
	'Usage: npx tsx bench/webhook.ts [--deliveries 20000] [--rounds 5] [--output event|data] [--cpu-prof FILE]';

function parseWebhookBenchArgs(argv: string[]): BenchOptions {
	const { values } = readArgs(argv, {
		flags: {
			deliveries: { type: 'string' },
			rounds: { type: 'string' },
			output: { type: 'string' },
			'cpu-prof': { type: 'string' },
		},
		usage: USAGE,
	});
	const output = values.output ?? 'event';
	if (output !== 'event' && output !== 'data')
		throw new Error(`--output is event or data; got "${output}".\n${USAGE}`);
	return {
		deliveries: wholeNumber(values.deliveries, '--deliveries', 1) ?? 20_000,
		rounds: wholeNumber(values.rounds, '--rounds', 1) ?? 5,
		output,
		cpuProfile: values['cpu-prof'] || undefined,
	};
}

const SECRET_KEY = randomBytes(32);
const SECRET = `whsec_${SECRET_KEY.toString('base64')}`;

/** A signed payment.succeeded delivery as the platform sends it (headers as Node hands them over). */
function delivery(n: number) {
	const id = `evt_${n.toString(16).padStart(20, '0')}`;
	const timestamp = String(Math.floor(Date.now() / 1000));
	const rawBody = Buffer.from(
		JSON.stringify({
			id,
			type: 'payment.succeeded',
			created_at: '2026-11-21T09:15:02.000000Z',
			data: {
				id: 'pay_3Qw8Er5T',
				student_id: 1042,
				amount: 125000,
				currency: 'USD',
				status: 'succeeded',
				method: 'card',
			},
		}),
	);
	const signature = createHmac('sha256', SECRET_KEY)
		.update(`${id}.${timestamp}.`)
		.update(rawBody)
		.digest('base64');
	const headers = {
		host: 'n8n.example.com',
		'content-type': 'application/json',
		'content-length': String(rawBody.length),
		'user-agent': 'EducationPlatform-Webhooks/1.0',
		'webhook-id': id,
		'webhook-timestamp': timestamp,
		'webhook-signature': `v1,${signature}`,
	};
	return { headers, rawBody };
}

async function main(): Promise<void> {
	const options = parseWebhookBenchArgs(process.argv.slice(2));
	const trigger = createTriggerWorkflow({
		nodeType: new EducationPlatformTrigger(),
		parameters: {
			events: ['payment.*', 'enrollment.created'],
			options: { output: options.output },
		},
		staticData: { [`node:${TRIGGER_NODE_NAME}`]: { webhookId: 'wh_1', webhookSecret: SECRET } },
	});
	const webhook = trigger.nodeType.webhook as (
		this: WebhookContext,
	) => Promise<IWebhookResponseData>;
	const requests = Array.from({ length: options.deliveries }, (_, n) => delivery(n));
	const response = { writeHead: () => response, end: () => response };

	/** CPU time of this process per delivery, in µs: on a shared machine it moves less than wall time. */
	const round = async (): Promise<number> => {
		const started = process.cpuUsage();
		for (const { headers, rawBody } of requests) {
			const request = { headers, rawBody, body: {}, readRawBody: async () => {} };
			const additionalData = {
				...trigger.additionalData,
				httpRequest: request,
				httpResponse: response,
			} as unknown as IWorkflowExecuteAdditionalData;
			const context = new WebhookContext(
				trigger.workflow,
				trigger.node,
				additionalData,
				'webhook',
				trigger.webhookData,
				[],
				null,
			);
			const result = await webhook.call(context);
			if (result.workflowData?.[0]?.length !== 1)
				throw new Error('webhook() did not start a run for a valid delivery');
		}
		const used = process.cpuUsage(started);
		return (used.user + used.system) / options.deliveries;
	};

	console.log(
		`The trigger's webhook() through n8n-core's WebhookContext, no HTTP (node ${process.version}); Output: ${options.output}`,
	);
	await round();
	const profile = options.cpuProfile ? await startProfile() : undefined;
	const perDelivery: number[] = [];
	for (let i = 0; i < options.rounds; i++) perDelivery.push(await round());
	const sorted = [...perDelivery].sort((a, b) => a - b);
	console.log(
		`  CPU per delivery, ${options.rounds} rounds of ${options.deliveries.toLocaleString('en-US')}: ${perDelivery.map((us) => us.toFixed(1)).join(', ')} µs`,
	);
	console.log(
		`  median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} µs, least ${sorted[0].toFixed(1)} µs (n8n-core's WebhookContext and the bench's request objects included)`,
	);
	if (profile && options.cpuProfile) console.log(await profile.stop(options.cpuProfile));
}

main().catch((error: unknown) => {
	if (printedHelp(error)) return;
	console.error(error instanceof Error ? error.stack : error);
	process.exit(1);
});
