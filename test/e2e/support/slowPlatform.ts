// A slow platform on purpose: proves that the suites' waits follow progress (issue 48) without
// needing a busy machine. EDU_E2E_DELIVERY_GAP_MS=1500 makes the in-process sandbox hand each
// emitted event to its subscriptions that long after the previous one, one event at a time, as a
// platform with a backlog does: 54 events then reach n8n over 81 s, the pace issue 48's slow CI
// run showed. Unset (the default), nothing changes.
import type { WebhookService } from '../../../sandbox/webhooks/service';

/** Pure: the gap from the environment, or undefined when unset; refuses anything but whole milliseconds. */
export function deliveryGapMs(env: NodeJS.ProcessEnv = process.env): number | undefined {
	const raw = env.EDU_E2E_DELIVERY_GAP_MS;
	if (raw === undefined || raw === '') return undefined;
	if (!/^\d+$/.test(raw))
		throw new Error(`EDU_E2E_DELIVERY_GAP_MS takes whole milliseconds; got "${raw}".`);
	return Number(raw);
}

/**
 * Wraps `webhooks.dispatch`: an event's subscribers are chosen when it is emitted (its answer names
 * them, as before), and its deliveries start `gapMs` after the previous event's. Returns how many
 * events wait to be handed on (deliveries the platform owes but has not logged yet).
 */
export function spaceDeliveries(webhooks: WebhookService, gapMs: number): () => number {
	const dispatch = webhooks.dispatch.bind(webhooks);
	let nextAt = 0;
	let waiting = 0;
	webhooks.dispatch = (event) => {
		nextAt = Math.max(nextAt, Date.now()) + gapMs;
		waiting++;
		setTimeout(() => {
			waiting--;
			dispatch(event);
		}, nextAt - Date.now()).unref();
		return webhooks.subscriptions.subscribersTo(event.type).map((subscription) => subscription.id);
	};
	return () => waiting;
}
