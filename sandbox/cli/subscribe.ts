// `npm run sandbox:subscribe -- --url <url> [--events a,b] [--base-url URL] [--token TOKEN]`
// Subscribes a URL to the sandbox's events and prints the subscription's signing secret (whsec_…),
// which the platform shows only once: what the trigger's Registration = Manual needs, without curl.
import { printedHelp, readArgs } from '../args';
import { EVENT_TYPES, isEventType } from '../schemas/events';
import { UsageError } from './usageError';
import {
	CONNECTION_FLAGS,
	CONNECTION_USAGE,
	callSandbox,
	connectionFrom,
	type Connection,
} from './webhookApi';

export const SUBSCRIBE_USAGE = [
	'Usage: npm run sandbox:subscribe -- --url <url> [--events a,b] [--base-url URL] [--token TOKEN]',
	'',
	"  --url URL         where the sandbox sends the events, e.g. the trigger's Test URL or Production URL",
	`  --events a,b      the event types, comma-separated (default all: ${EVENT_TYPES.join(', ')})`,
	...CONNECTION_USAGE,
].join('\n');

export interface SubscribeOptions extends Connection {
	url: string;
	events: string[];
}

export function parseSubscribeArgs(
	argv: string[],
	env: Record<string, string | undefined> = {},
): SubscribeOptions {
	const { values } = readArgs(argv, {
		flags: { url: { type: 'string' }, events: { type: 'string' }, ...CONNECTION_FLAGS },
		usage: SUBSCRIBE_USAGE,
		command: 'sandbox:subscribe',
		error: UsageError,
	});
	const { url } = values;
	const events = values.events
		?.split(',')
		.map((type) => type.trim())
		.filter(Boolean) ?? [...EVENT_TYPES];
	if (!url) throw new UsageError(`Which URL? Give --url.\n\n${SUBSCRIBE_USAGE}`);
	const unknown = events.filter((type) => !isEventType(type));
	if (unknown.length > 0 || events.length === 0) {
		throw new UsageError(
			`--events takes event types from: ${EVENT_TYPES.join(', ')}${unknown.length ? `; not ${unknown.join(', ')}` : ''}.`,
		);
	}
	return { url, events, ...connectionFrom(values, env) };
}

interface Subscription {
	id: string;
	url: string;
	events: string[];
	secret?: string;
}

/** Creates the subscription, unless one already sends to the URL: a second would deliver every event twice. */
export async function subscribe(
	options: SubscribeOptions,
	print: (line: string) => void,
): Promise<void> {
	const existing = await callSandbox<Subscription[]>(
		options,
		'GET',
		`/v1/webhooks?per_page=100&filter[url]=${encodeURIComponent(options.url)}`,
	);
	if (existing.length > 0) {
		throw new UsageError(
			`Subscription ${existing[0].id} already sends to ${options.url}; its secret was shown when it was made. ` +
				`For a new one, rotate it (POST /v1/webhooks/${existing[0].id}/rotate-secret) or delete it first (see docs/sandbox.md).`,
		);
	}
	const created = await callSandbox<Subscription>(options, 'POST', '/v1/webhooks', {
		url: options.url,
		events: options.events,
		description: 'sandbox:subscribe',
	});
	print(`${created.id}  → ${created.url}`);
	print(`events: ${created.events.join(', ')}`);
	print(`signing secret: ${created.secret ?? ''}`);
	print(
		'Paste the signing secret into the Education Platform Webhook Signing Secret API credential; it is shown only now.',
	);
}

if (require.main === module) {
	(async () => {
		try {
			await subscribe(parseSubscribeArgs(process.argv.slice(2), process.env), (line) =>
				console.log(line),
			);
		} catch (error) {
			if (printedHelp(error)) return;
			console.error(error instanceof UsageError ? error.message : error);
			process.exitCode = 1;
		}
	})();
}
