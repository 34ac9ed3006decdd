// `npm run sandbox:emit -- --redeliver <event or delivery id> [--base-url URL] [--token T]`
// Sends a past event again, as GitHub's and Stripe's "Redeliver"/"Resend" do: for every
// subscription that received it, its newest delivery of that event is redelivered through
// POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver (contract §8.7) — same webhook-id,
// fresh timestamp and signature.
import { readArgs } from '../args';
import { UsageError } from './usageError';
import {
	CONNECTION_FLAGS,
	CONNECTION_USAGE,
	callSandbox,
	connectionFrom,
	type Connection,
} from './webhookApi';

export const REDELIVER_USAGE = [
	'Usage: npm run sandbox:emit -- --redeliver <evt_… or dlv_…> [--base-url URL] [--token TOKEN]',
	'',
	'  --redeliver ID    an event id (evt_…, as sandbox:emit prints it) or a delivery id (dlv_…)',
	...CONNECTION_USAGE,
].join('\n');

export interface RedeliverOptions extends Connection {
	id: string;
}

export function parseRedeliverArgs(
	argv: string[],
	env: Record<string, string | undefined> = {},
): RedeliverOptions {
	const { values } = readArgs(argv, {
		flags: { redeliver: { type: 'string' }, ...CONNECTION_FLAGS },
		usage: REDELIVER_USAGE,
		command: '--redeliver',
		error: UsageError,
	});
	const id = values.redeliver;
	if (!id || !/^(evt|dlv)_/.test(id)) {
		throw new UsageError(
			`--redeliver takes an event id (evt_…) or a delivery id (dlv_…).\n\n${REDELIVER_USAGE}`,
		);
	}
	return { id, ...connectionFrom(values, env) };
}

interface DeliverySummary {
	id: string;
	event_id: string;
	event_type: string;
}

export async function redeliver(
	options: RedeliverOptions,
	print: (line: string) => void,
): Promise<void> {
	const call = async <T>(method: 'GET' | 'POST', path: string): Promise<T> =>
		await callSandbox<T>(options, method, path);

	let sent = 0;
	for (const subscription of await call<Array<{ id: string; url: string }>>(
		'GET',
		'/v1/webhooks?per_page=100',
	)) {
		const log = await call<DeliverySummary[]>(
			'GET',
			`/v1/webhooks/${subscription.id}/deliveries?per_page=100`,
		);
		// Newest first, so find() picks the latest delivery of the event.
		const past = log.find(
			(delivery) => delivery.id === options.id || delivery.event_id === options.id,
		);
		if (!past) continue;
		const again = await call<DeliverySummary>(
			'POST',
			`/v1/webhooks/${subscription.id}/deliveries/${past.id}/redeliver`,
		);
		print(
			`${again.event_id}  ${again.event_type}  redelivered as ${again.id} (of ${past.id}) → ${subscription.id} ${subscription.url}`,
		);
		sent++;
	}
	if (sent === 0) {
		throw new UsageError(`No subscription's delivery log (newest 100 each) holds ${options.id}.`);
	}
}
