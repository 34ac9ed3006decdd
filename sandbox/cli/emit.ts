// `npm run sandbox:emit -- <type> [--count N] [--data JSON] [--base-url URL] [--json]`
// Makes a running sandbox emit events (POST /sandbox/events) and prints what it sent where.
// `npm run sandbox:emit -- --redeliver <evt_…|dlv_…>` sends a past event again (./redeliver.ts).
import { request } from 'undici';

import { printedHelp, readArgs } from '../args';
import { EVENT_TYPES, isEventType, type EventType } from '../schemas/events';
import { UsageError } from './usageError';
import { CONNECTION_FLAGS, connectionFrom } from './webhookApi';

export const EMIT_USAGE = [
	'Usage: npm run sandbox:emit -- <type> [--count N] [--data JSON] [--base-url URL] [--json]',
	'',
	'  <type>            one of:',
	...EVENT_TYPES.map((type) => `                      ${type}`),
	'  --count N         how many events (1–100, default 1)',
	'  --data JSON       fields to override in the event data, e.g. \'{"amount": 5000, "currency": "EUR"}\'',
	'  --base-url URL    the sandbox (default http://127.0.0.1:$SANDBOX_PORT, port 4010)',
	'  --json            print the events as JSON instead of one line each',
	'',
	'  --redeliver ID    send a past event (evt_…) or delivery (dlv_…) again instead; see --redeliver --help',
].join('\n');

export interface EmitOptions {
	type: EventType;
	count: number;
	data: Record<string, unknown>;
	baseUrl: string;
	json: boolean;
}

export function parseEmitArgs(
	argv: string[],
	env: Record<string, string | undefined> = {},
): EmitOptions {
	const { values, positionals } = readArgs(argv, {
		flags: {
			count: { type: 'string' },
			data: { type: 'string' },
			'base-url': CONNECTION_FLAGS['base-url'],
			json: { type: 'boolean' },
		},
		usage: EMIT_USAGE,
		positionals: true,
		error: UsageError,
	});
	const [type, another] = positionals;
	if (type === undefined) throw new UsageError(`Which event? Give an event type.\n\n${EMIT_USAGE}`);
	if (!isEventType(type))
		throw new UsageError(
			`Unknown event type "${type}". Valid types:\n  ${EVENT_TYPES.join('\n  ')}`,
		);
	if (another !== undefined)
		throw new UsageError(`Give one event type; got "${type}" and "${another}".`);
	return {
		type,
		count: values.count === undefined ? 1 : parseCount(values.count),
		data: values.data === undefined ? {} : parseData(values.data),
		baseUrl: connectionFrom(values, env).baseUrl,
		json: values.json ?? false,
	};
}

function parseCount(raw: string): number {
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 100)
		throw new UsageError(`--count must be a whole number from 1 to 100; got "${raw}".`);
	return Number(raw);
}

function parseData(raw: string): Record<string, unknown> {
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch (error) {
		throw new UsageError(`--data must be a JSON object; ${(error as Error).message}.`);
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
		throw new UsageError('--data must be a JSON object, e.g. \'{"amount": 5000}\'.');
	return parsed as Record<string, unknown>;
}

interface EmittedEvent {
	event: { id: string; type: string; data: Record<string, unknown> };
	queued_for: string[];
}

/** One line about what the event says, e.g. "Amara Okafor · 125000 USD · succeeded". */
function describe({ data }: EmittedEvent['event']): string {
	const student = data.student as { first_name?: string; last_name?: string } | undefined;
	const parts = [student ? `${student.first_name} ${student.last_name}` : undefined];
	if (typeof data.amount === 'number')
		parts.push(formatMinorUnits(data.amount, String(data.currency)));
	if (data.course) parts.push(String((data.course as { code?: string }).code));
	if (data.exam)
		parts.push(
			`${(data.exam as { name?: string }).name}: ${String(data.score)}/${String(data.max_score)} ${String(data.grade)}`,
		);
	parts.push(String(data.status ?? ''));
	return parts.filter(Boolean).join(' · ');
}

export async function emit(options: EmitOptions, print: (line: string) => void): Promise<void> {
	const url = `${options.baseUrl}/sandbox/events`;
	let response;
	try {
		response = await request(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json' },
			body: JSON.stringify({ type: options.type, data: options.data, count: options.count }),
		});
	} catch (error) {
		const code = (error as { code?: string }).code;
		if (code === 'ECONNREFUSED') {
			throw new UsageError(
				`No sandbox is running at ${options.baseUrl}. Start one with \`npm run sandbox\` (or point --base-url at a running one).`,
			);
		}
		throw new UsageError(
			`Could not reach the sandbox at ${options.baseUrl}: ${(error as Error).message}`,
		);
	}
	const text = await response.body.text();
	let body: { data?: EmittedEvent[]; message?: string; errors?: Record<string, string[]> };
	try {
		body = JSON.parse(text);
	} catch {
		throw new UsageError(
			`${url} answered ${response.statusCode} with something that is not the sandbox's JSON; is --base-url right?`,
		);
	}
	if (response.statusCode !== 201 || !body.data) {
		const details = Object.entries(body.errors ?? {}).map(
			([field, messages]) => `  ${field}: ${messages.join(' ')}`,
		);
		throw new UsageError(
			[`The sandbox refused: ${body.message ?? `HTTP ${response.statusCode}`}`, ...details].join(
				'\n',
			),
		);
	}
	if (options.json) return print(JSON.stringify(body.data, null, 2));
	for (const emitted of body.data) {
		const target =
			emitted.queued_for.length > 0
				? `queued for ${emitted.queued_for.join(', ')}`
				: 'no enabled subscription wants this type';
		print(`${emitted.event.id}  ${emitted.event.type}  ${describe(emitted.event)}  → ${target}`);
	}
	if (body.data.every((emitted) => emitted.queued_for.length === 0)) {
		print(
			'Subscribe a receiver with POST /v1/webhooks to have events delivered (see docs/sandbox.md).',
		);
	}
}

if (require.main === module) {
	(async () => {
		try {
			const argv = process.argv.slice(2);
			const print = (line: string) => console.log(line);
			// --redeliver picks the other command, as a subcommand would; its own reader then reads every flag.
			if (argv.some((arg) => arg.split('=')[0] === '--redeliver')) {
				const { parseRedeliverArgs, redeliver } = await import('./redeliver');
				await redeliver(parseRedeliverArgs(argv, process.env), print);
			} else await emit(parseEmitArgs(argv, process.env), print);
		} catch (error) {
			if (printedHelp(error)) return;
			console.error(error instanceof UsageError ? error.message : error);
			process.exitCode = 1;
		}
	})();
}

/** Amounts are in minor units (contract §8.3): 3500 USD reads "35.00 USD (3500 minor units)", 3500 JPY "3500 JPY". */
export function formatMinorUnits(amount: number, currency: string): string {
	let digits = 2;
	try {
		digits =
			new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
				.maximumFractionDigits ?? 2;
	} catch {
		return `${amount} minor units of ${currency}`;
	}
	if (digits === 0) return `${amount} ${currency}`;
	return `${(amount / 10 ** digits).toFixed(digits)} ${currency} (${amount} minor units)`;
}
