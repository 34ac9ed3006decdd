import type { IPollFunctions } from 'n8n-workflow';

import { OutOfTime } from '../../../../nodes/EducationPlatformPollingTrigger/cursor/cursor';
import {
	pollTime,
	skipOrFail,
	whyOutOfTime,
} from '../../../../nodes/EducationPlatformPollingTrigger/poll/pollTime';

/** A poll's own time limit, as docs/polling-trigger.md gives it: 30 s. */
const POLL_TIME_LIMIT_MS = 30_000;

/** What pollTime and skipOrFail read of n8n's poll context: n8n 2.41's budget, the logger, names. */
function pollContext(budgetMs?: number) {
	const warnings: string[] = [];
	const context = {
		...(budgetMs === undefined ? {} : { getPollBudgetMs: () => budgetMs }),
		logger: { warn: (message: string) => warnings.push(message) },
		getWorkflow: () => ({ id: 'wf1' }),
		getNode: () => ({ name: 'Education Platform Polling Trigger' }),
	} as unknown as IPollFunctions;
	return { context, warnings };
}

const stopped = (fields: { httpCode: string; retryAt?: number; message?: string }) =>
	new OutOfTime(Object.assign(new Error(fields.message ?? 'stopped'), fields));

describe('pollTime: how long this poll may take', () => {
	it('is 30 s on n8n 1.x (no budget) and when n8n gives more', () => {
		expect(pollTime(pollContext().context, 1000)).toEqual({
			startedAt: 1000,
			limitMs: POLL_TIME_LIMIT_MS,
		});
		expect(pollTime(pollContext(36_000).context, 0).limitMs).toBe(30_000);
	});

	it("follows n8n's budget when it is less, and ignores a budget of 0 or less", () => {
		expect(pollTime(pollContext(12_000).context, 0).limitMs).toBe(12_000);
		expect(pollTime(pollContext(0).context, 0).limitMs).toBe(30_000);
	});
});

describe('whyOutOfTime and skipOrFail: a poll that could not read its first page in time', () => {
	const time = { startedAt: 0, limitMs: 30_000 };

	it('skips the poll when the rate limit is used up, saying until when, and loses nothing', () => {
		const { context, warnings } = pollContext();
		const limited = stopped({ httpCode: '429', retryAt: Date.UTC(2026, 10, 26, 0, 13, 2) });
		expect(whyOutOfTime(limited, time)).toBe(
			"the platform's rate limit for this credential is used up until 2026-11-26 00:13:02 UTC (shared by every workflow using it)",
		);
		expect(skipOrFail(context, limited, time)).toBeNull();
		expect(warnings).toEqual([
			expect.stringContaining(
				"this poll is skipped: the platform's rate limit for this credential is used up until 2026-11-26 00:13:02 UTC",
			),
		]);
	});

	it("fails the poll with the transport's error when the platform did not answer in time", () => {
		const { context, warnings } = pollContext();
		const slow = stopped({ httpCode: '408', message: 'The platform did not answer' });
		expect(whyOutOfTime(slow, time)).toBe(
			"the platform did not answer within the poll's time limit (30 s): The platform did not answer",
		);
		expect(() => skipOrFail(context, slow, time)).toThrow('The platform did not answer');
		expect(warnings).toEqual([]);
	});
});
