// Pure: no n8n import. The one proof on which Check Triggers deletes a subscription: the platform's
// own delivery log shows this n8n refusing it lately, for long enough, since its last change and
// while it served its other triggers. Why each condition: docs/trigger-guarantees.md, "What the
// watchdog deletes, and on what proof".
import { isJsonRecord } from '../../../../shared/jsonRecord';

/** The answer n8n gives to a production webhook URL that no active workflow serves. */
const NOT_SERVED_STATUS = 404;
/** Attempts of one event, all refused, that make the proof (the 3rd comes 5 min 5 s after the 1st). */
export const REFUSED_ATTEMPTS_NEEDED = 3;
/** Deliveries read from a log, newest first: one page, so a busy orphan still shows an event retried 3 times. */
export const DELIVERIES_READ = 100;
/** How long the refusals must span, first to last: longer than any publication, save or start-up. */
const REFUSAL_SPAN_MS = 5 * 60_000;
/** How recent the last refusal must be. */
const LAST_REFUSAL_WITHIN_MS = 60 * 60_000;

/** What the log shows: `refused` attempts in a row, all answered 404, from `since` to `until`. */
export interface RefusalProof {
	refused: number;
	since: string;
	until: string;
	/** The event whose attempts 1 to REFUSED_ATTEMPTS_NEEDED (at least) were refused. */
	eventId: string;
	/** When n8n answered another of its trigger subscriptions with 2xx within the refusals, and which. */
	served?: { at: string; subscriptionId: string };
}

interface Attempt {
	delivery: string;
	number: number;
	eventId: string;
	startedAt: string;
	time: number;
	status: unknown;
}

/** A delivery's attempts, or undefined when any of it cannot be read: no ID, an attempt without its number or time, a number twice. */
function attemptsOf(delivery: unknown): Attempt[] | undefined {
	if (
		!isJsonRecord(delivery) ||
		typeof delivery.id !== 'string' ||
		delivery.id === '' ||
		!Array.isArray(delivery.attempts)
	)
		return undefined;
	const attempts = delivery.attempts.map((attempt) => {
		const read = isJsonRecord(attempt) ? attempt : {};
		const startedAt = typeof read.started_at === 'string' ? read.started_at : '';
		return {
			delivery: delivery.id as string,
			number: Number(read.attempt),
			eventId: String(delivery.event_id),
			startedAt,
			time: Date.parse(startedAt),
			status: read.response_status,
		};
	});
	const numbers = new Set(attempts.map((attempt) => attempt.number));
	const readable = attempts.every(
		(attempt) =>
			Number.isInteger(attempt.number) && attempt.number > 0 && !Number.isNaN(attempt.time),
	);
	return readable && numbers.size === attempts.length ? attempts : undefined;
}

/** Every attempt of a log, newest first, or undefined when any delivery cannot be read or is listed twice. */
function attemptsOfLog(deliveries: readonly unknown[]): Attempt[] | undefined {
	const read = deliveries.map(attemptsOf);
	if (read.some((attempts) => attempts === undefined)) return undefined;
	const attempts = (read as Attempt[][]).flat();
	if (
		new Set(attempts.map((attempt) => attempt.delivery)).size !==
		read.filter((each) => (each as Attempt[]).length > 0).length
	)
		return undefined;
	return attempts.sort((a, b) => b.time - a.time);
}

/** When the proof is judged (`now`) and when the subscription last changed (its `updated_at`), both in ms. */
export interface ProofTimes {
	now: number;
	changedAt: number;
}

/**
 * The refusals in a subscription's deliveries (the log's newest, any order), or undefined when
 * they do not make them: the newest attempts since its last change, back to and including
 * attempts 1 to REFUSED_ATTEMPTS_NEEDED of one event, were all answered 404, span
 * REFUSAL_SPAN_MS and the last is within LAST_REFUSAL_WITHIN_MS of now. A log with anything it
 * cannot read proves nothing, nor does an empty one, nor an unreadable `updated_at` (NaN).
 */
export function refusalProof(
	deliveries: readonly unknown[],
	{ now, changedAt }: ProofTimes,
): RefusalProof | undefined {
	const attempts = Number.isNaN(changedAt)
		? undefined
		: attemptsOfLog(deliveries)?.filter((attempt) => attempt.time > changedAt);
	if (attempts === undefined) return undefined;
	const firstAnswered = attempts.findIndex((attempt) => attempt.status !== NOT_SERVED_STATUS);
	const refused = firstAnswered === -1 ? attempts : attempts.slice(0, firstAnswered);
	const retried = refused.find((attempt) =>
		Array.from({ length: REFUSED_ATTEMPTS_NEEDED }, (_, index) => index + 1).every((number) =>
			refused.some((other) => other.delivery === attempt.delivery && other.number === number),
		),
	);
	if (retried === undefined) return undefined;
	const [first, last] = [refused[refused.length - 1], refused[0]];
	if (last.time - first.time < REFUSAL_SPAN_MS || last.time < now - LAST_REFUSAL_WITHIN_MS)
		return undefined;
	return {
		refused: refused.length,
		since: first.startedAt,
		until: last.startedAt,
		eventId: retried.eventId,
	};
}

/**
 * Whether n8n's answer to an unsigned POST to the URL now is its own "not registered" (n8n 1.x
 * and 2.x, `WebhookNotFoundError`: 404 with `{code, message, hint}`), not a live trigger's 401 or
 * 503, nor a proxy's 404, whose body is not n8n's.
 */
export function refusedNow(status: number | undefined, body: unknown): boolean {
	const message = isJsonRecord(body) ? body.message : undefined;
	return (
		status === NOT_SERVED_STATUS &&
		typeof message === 'string' &&
		/^The requested webhook "POST [^"]+" is not registered\.$/.test(message)
	);
}

const isServed = (status: unknown) => typeof status === 'number' && status >= 200 && status < 300;

/**
 * The proof with `served` added when one of `otherLogs` (the delivery logs of this n8n's other
 * trigger subscriptions, by subscription ID) has an attempt answered 2xx from `since` to `until`;
 * undefined when none has.
 */
export function servedMeanwhile(
	proof: RefusalProof,
	otherLogs: ReadonlyMap<string, readonly unknown[]>,
): RefusalProof | undefined {
	const [since, until] = [Date.parse(proof.since), Date.parse(proof.until)];
	for (const [subscriptionId, deliveries] of otherLogs) {
		const served = (attemptsOfLog(deliveries) ?? []).find(
			(attempt) => isServed(attempt.status) && attempt.time >= since && attempt.time <= until,
		);
		if (served !== undefined) return { ...proof, served: { at: served.startedAt, subscriptionId } };
	}
	return undefined;
}

/** The proof in words, for the orphan's item. */
export function describeProof({ refused, since, until, eventId, served }: RefusalProof): string {
	const meanwhile =
		served === undefined
			? ''
			: `, while n8n answered subscription ${served.subscriptionId} at ${served.at}`;
	return `n8n answered ${NOT_SERVED_STATUS} (no active workflow serves this URL) to the platform's last ${refused} delivery attempts, from ${since} to ${until}, among them attempts 1 to ${REFUSED_ATTEMPTS_NEEDED} of event ${eventId}${meanwhile}`;
}
