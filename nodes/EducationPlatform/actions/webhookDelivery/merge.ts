// Pure: no n8n import. Deliveries of several subscriptions as one list.
import { isJsonRecord } from '../../../shared/jsonRecord';

const createdAt = (delivery: unknown) =>
	isJsonRecord(delivery) && typeof delivery.created_at === 'string'
		? Date.parse(delivery.created_at)
		: NaN;

/**
 * The logs of several subscriptions merged by `created_at`, newest first (the platform's order)
 * unless `oldestFirst`; each log is already in that order, and deliveries made at the same moment
 * keep their subscription's order. `limit`: records returned at most.
 */
export function mergeByCreation(
	logs: unknown[][],
	oldestFirst: boolean,
	limit?: number,
): unknown[] {
	const direction = oldestFirst ? 1 : -1;
	const merged = logs
		.flatMap((log, logIndex) =>
			log.map((delivery, index) => ({ delivery, logIndex, index, at: createdAt(delivery) })),
		)
		.sort((a, b) =>
			a.at === b.at || Number.isNaN(a.at - b.at)
				? a.logIndex - b.logIndex || a.index - b.index
				: (a.at - b.at) * direction,
		)
		.map(({ delivery }) => delivery);
	return limit === undefined ? merged : merged.slice(0, limit);
}
