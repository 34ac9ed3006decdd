// Pure: no n8n import. The one proof on which Check Triggers deletes a subscription: the platform's
// own delivery log shows this n8n refusing it. n8n answers 404 to a production webhook URL that no
// active workflow serves, and the platform retries a refused event on its schedule (5 s, 5 min,
// 30 min, …: docs/api-contract.md §8.5). So one event refused on 3 attempts in a row, with every
// attempt since refused too, means n8n has not served that URL for at least 5 minutes: longer than
// any publication, save or start-up window, and whatever workflow list the watchdog was given.
import { isJsonRecord } from '../../jsonRecord';

/** The answer n8n gives to a production webhook URL that no active workflow serves. */
export const NOT_SERVED_STATUS = 404;
/** Attempts of one event, all refused, that make the proof (the 3rd comes 5 min 5 s after the 1st). */
export const REFUSED_ATTEMPTS_NEEDED = 3;
/** Deliveries read from the log, newest first: one page, so a busy orphan still shows an event retried 3 times. */
export const DELIVERIES_READ = 100;

/** What the log shows: `refused` attempts in a row, all answered 404, from `since` to `until`. */
export interface RefusalProof {
	refused: number;
	since: string;
	until: string;
	/** The event whose retries were refused REFUSED_ATTEMPTS_NEEDED times or more. */
	eventId: string;
}

interface Attempt {
	delivery: string;
	eventId: string;
	startedAt: string;
	time: number;
	status: unknown;
}

function attemptsOf(delivery: unknown): Attempt[] | undefined {
	if (!isJsonRecord(delivery) || !Array.isArray(delivery.attempts)) return undefined;
	const attempts = delivery.attempts.map((attempt) => {
		const startedAt = isJsonRecord(attempt) && typeof attempt.started_at === 'string' ? attempt.started_at : '';
		return { delivery: String(delivery.id), eventId: String(delivery.event_id), startedAt, time: Date.parse(startedAt), status: isJsonRecord(attempt) ? attempt.response_status : undefined };
	});
	return attempts.some((attempt) => Number.isNaN(attempt.time)) ? undefined : attempts;
}

/**
 * The proof in a subscription's deliveries (the log's newest, any order), or undefined when they do
 * not make it: the newest attempts, back to and including REFUSED_ATTEMPTS_NEEDED attempts of one
 * event, were all answered 404. A log with an attempt it cannot read (no time, not a record) proves
 * nothing, nor does an empty one: an orphan that has had no event yet is kept until it has.
 */
export function refusalProof(deliveries: readonly unknown[]): RefusalProof | undefined {
	const read = deliveries.map(attemptsOf);
	if (read.some((attempts) => attempts === undefined)) return undefined;
	const attempts = (read as Attempt[][]).flat().sort((a, b) => b.time - a.time);
	const firstAnswered = attempts.findIndex((attempt) => attempt.status !== NOT_SERVED_STATUS);
	const refused = firstAnswered === -1 ? attempts : attempts.slice(0, firstAnswered);
	const perDelivery = new Map<string, number>();
	for (const attempt of refused) perDelivery.set(attempt.delivery, (perDelivery.get(attempt.delivery) ?? 0) + 1);
	const retried = [...perDelivery].find(([, count]) => count >= REFUSED_ATTEMPTS_NEEDED)?.[0];
	if (retried === undefined) return undefined;
	return {
		refused: refused.length,
		since: refused[refused.length - 1].startedAt,
		until: refused[0].startedAt,
		eventId: refused.find((attempt) => attempt.delivery === retried)!.eventId,
	};
}

/** The proof in words, for the orphan's item. */
export function describeProof({ refused, since, until, eventId }: RefusalProof): string {
	return `n8n answered ${NOT_SERVED_STATUS} (no active workflow serves this URL) to the platform's last ${refused} delivery attempts, from ${since} to ${until}, ${REFUSED_ATTEMPTS_NEEDED} or more of them retries of event ${eventId}`;
}
