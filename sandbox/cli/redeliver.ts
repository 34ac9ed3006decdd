// `npm run sandbox:emit -- --redeliver <event or delivery id> [--base-url URL] [--token T]`
// Sends a past event again, as GitHub's and Stripe's "Redeliver"/"Resend" do: for every
// subscription that received it, its newest delivery of that event is redelivered through
// POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver (contract §8.7) — same webhook-id,
// fresh timestamp and signature.
import { request } from 'undici';

import { UsageError } from './usageError';

export const REDELIVER_USAGE = [
	'Usage: npm run sandbox:emit -- --redeliver <evt_… or dlv_…> [--base-url URL] [--token TOKEN]',
	'',
	'  --redeliver ID    an event id (evt_…, as sandbox:emit prints it) or a delivery id (dlv_…)',
	'  --base-url URL    the sandbox (default http://127.0.0.1:$SANDBOX_PORT, port 4010)',
	'  --token TOKEN     an access token with webhooks:read and webhooks:write (default $SANDBOX_DEMO_TOKEN, demo-token)',
].join('\n');

export interface RedeliverOptions {
	id: string;
	baseUrl: string;
	token: string;
}

export function parseRedeliverArgs(argv: string[], env: Record<string, string | undefined> = {}): RedeliverOptions {
	const options: Partial<RedeliverOptions> = {
		baseUrl: `http://127.0.0.1:${env.SANDBOX_PORT || 4010}`,
		token: env.SANDBOX_DEMO_TOKEN || 'demo-token',
	};
	for (let i = 0; i < argv.length; i++) {
		const [arg, inline] = argv[i].split(/=(.*)/s, 2) as [string, string | undefined];
		const next = () => {
			const value = inline ?? argv[++i];
			if (value === undefined) throw new UsageError(`${arg} needs a value.\n\n${REDELIVER_USAGE}`);
			return value;
		};
		if (arg === '--help' || arg === '-h') throw new UsageError(REDELIVER_USAGE);
		else if (arg === '--redeliver') options.id = next();
		else if (arg === '--base-url') options.baseUrl = next().replace(/\/+$/, '');
		else if (arg === '--token') options.token = next();
		else throw new UsageError(`${arg} does not go with --redeliver.\n\n${REDELIVER_USAGE}`);
	}
	if (!options.id || !/^(evt|dlv)_/.test(options.id)) {
		throw new UsageError(`--redeliver takes an event id (evt_…) or a delivery id (dlv_…).\n\n${REDELIVER_USAGE}`);
	}
	return options as RedeliverOptions;
}

interface DeliverySummary {
	id: string;
	event_id: string;
	event_type: string;
}

export async function redeliver(options: RedeliverOptions, print: (line: string) => void): Promise<void> {
	const call = async <T>(method: 'GET' | 'POST', path: string): Promise<T> => {
		let response;
		try {
			response = await request(`${options.baseUrl}${path}`, {
				method,
				headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
			});
		} catch (error) {
			throw new UsageError(`Could not reach the sandbox at ${options.baseUrl}: ${(error as Error).message}`);
		}
		const body = (await response.body.json().catch(() => ({}))) as { data?: T; message?: string };
		if (response.statusCode >= 300 || body.data === undefined) {
			throw new UsageError(`${method} ${path} → ${response.statusCode}: ${body.message ?? 'unexpected answer'}`);
		}
		return body.data;
	};

	let sent = 0;
	for (const subscription of await call<Array<{ id: string; url: string }>>('GET', '/v1/webhooks?per_page=100')) {
		const log = await call<DeliverySummary[]>('GET', `/v1/webhooks/${subscription.id}/deliveries?per_page=100`);
		// Newest first, so find() picks the latest delivery of the event.
		const past = log.find((delivery) => delivery.id === options.id || delivery.event_id === options.id);
		if (!past) continue;
		const again = await call<DeliverySummary>('POST', `/v1/webhooks/${subscription.id}/deliveries/${past.id}/redeliver`);
		print(`${again.event_id}  ${again.event_type}  redelivered as ${again.id} (of ${past.id}) → ${subscription.id} ${subscription.url}`);
		sent++;
	}
	if (sent === 0) {
		throw new UsageError(`No subscription's delivery log (newest 100 each) holds ${options.id}.`);
	}
}
