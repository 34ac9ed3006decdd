// A poll's time limit: how long one poll may take, and what the log says when a request did not
// fit in it (docs/polling-trigger.md, "n8n's durable scheduler").
import type { IPollFunctions } from 'n8n-workflow';
import type { DeadlineReachedError } from '../../shared/transport';
import type { OutOfTime } from '../cursor/cursor';

/**
 * How long one poll may take. n8n 2.36+'s durable scheduler gives up on a poll after
 * N8N_SCHEDULER_POLL_TIMEOUT (45 s by default) without stopping it, and discards what it read; a
 * poll that stops in time, between requests, keeps its work (docs/polling-trigger.md). Less when
 * n8n tells the poll a smaller budget (`getPollBudgetMs`, n8n 2.41+: that timeout or the lease,
 * less a margin), so a lower setting is followed too.
 */
const POLL_TIME_LIMIT_MS = 30_000;

/** When a poll started and how long it may take. */
export interface PollTime {
	startedAt: number;
	limitMs: number;
}

/** This poll's time: POLL_TIME_LIMIT_MS, or n8n's budget when that is less (n8n 1.x has none). */
export function pollTime(context: IPollFunctions, startedAt: number): PollTime {
	const budget =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : Infinity;
	return {
		startedAt,
		limitMs: budget > 0 ? Math.min(POLL_TIME_LIMIT_MS, budget) : POLL_TIME_LIMIT_MS,
	};
}

/** "2026-11-26 00:13:02 UTC". */
const utcTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** Why a request did not fit in the poll's time, in the words of the log. */
export function whyOutOfTime({ reason }: OutOfTime, time: PollTime): string {
	const stopped = reason as DeadlineReachedError;
	if (stopped.httpCode === '429') {
		const until = stopped.retryAt === undefined ? '' : ` until ${utcTime(stopped.retryAt)}`;
		return `the platform's rate limit for this credential is used up${until} (shared by every workflow using it)`;
	}
	return `the platform did not answer within the poll's time limit (${time.limitMs / 1000} s): ${stopped.message}`;
}

/**
 * A poll that could not read its first page in time. Waiting for the rate limit is skipped, with
 * the reason in the log; a platform that did not answer is the poll's error, as without a limit.
 */
export function skipOrFail(context: IPollFunctions, outOfTime: OutOfTime, time: PollTime): null {
	if ((outOfTime.reason as DeadlineReachedError).httpCode !== '429') throw outOfTime.reason;
	context.logger.warn(
		`Education Platform Polling Trigger: this poll is skipped: ${whyOutOfTime(outOfTime, time)}. Nothing is lost: the next poll starts from the same position`,
		{ workflowId: context.getWorkflow().id, node: context.getNode().name },
	);
	return null;
}
