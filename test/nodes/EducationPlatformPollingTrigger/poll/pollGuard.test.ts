import {
	runAlone,
	type Busy,
	type PollGuard,
} from '../../../../nodes/EducationPlatformPollingTrigger/poll/pollGuard';

/** How long a position a poll emitted from stays taken (docs/polling-trigger.md: the last 25 s). */
const REPEAT_WINDOW_MS = 25_000;

function deferred() {
	let resolve!: () => void;
	let reject!: (error: Error) => void;
	const promise = new Promise<void>((res, rej) => {
		resolve = res;
		reject = rej;
	});
	return { promise, resolve, reject };
}

/** A guard whose polls emit unless they return 'nothing', and which records why it skipped. */
function guardFor(key: string, position = 'cursor-1', skipped: Busy[] = []): PollGuard<string> {
	return {
		key,
		position,
		emitted: (result) => result !== 'nothing',
		onBusy: (busy) => {
			skipped.push(busy);
			return 'busy';
		},
	};
}

describe('one poll at a time per trigger (runAlone)', () => {
	it('skips a poll of the same key while one runs, telling when the running one started, and runs the next one after it', async () => {
		const gate = deferred();
		const startedAt = Date.now();
		const first = runAlone(guardFor('wf-1:node-1', 'cursor-1'), async () => {
			await gate.promise;
			return 'first';
		});
		const poll = jest.fn(async () => 'second');
		const skipped: Busy[] = [];
		expect(await runAlone(guardFor('wf-1:node-1', 'cursor-1', skipped), poll)).toBe('busy');
		expect(poll).not.toHaveBeenCalled();
		expect(skipped).toEqual([{ reason: 'running', since: expect.any(Number) }]);
		expect((skipped[0] as { since: number }).since).toBeGreaterThanOrEqual(startedAt);

		gate.resolve();
		expect(await first).toBe('first');
		// The next tick starts from the position the first poll left.
		expect(await runAlone(guardFor('wf-1:node-1', 'cursor-2'), poll)).toBe('second');
	});

	it('runs polls of other triggers (another node or another workflow) side by side', async () => {
		const gate = deferred();
		const first = runAlone(
			guardFor('wf-1b:node-1'),
			async () => await gate.promise.then(() => 'first'),
		);
		expect(await runAlone(guardFor('wf-1b:node-2'), async () => 'other node')).toBe('other node');
		expect(await runAlone(guardFor('wf-2b:node-1'), async () => 'other workflow')).toBe(
			'other workflow',
		);
		gate.resolve();
		expect(await first).toBe('first');
	});

	it('frees the key when a poll fails, so the next tick polls again', async () => {
		const gate = deferred();
		const failing = runAlone(
			guardFor('wf-3:node-1'),
			async () => await gate.promise.then(() => 'never'),
		);
		gate.reject(new Error('platform down'));
		await expect(failing).rejects.toThrow('platform down');
		expect(await runAlone(guardFor('wf-3:node-1'), async () => 'next')).toBe('next');
	});
});

describe('no second poll from a position another poll just emitted from (runAlone)', () => {
	afterEach(() => jest.useRealTimers());

	it('skips a poll that starts from the position a poll emitted from moments ago (n8n read it before saving the new one)', async () => {
		expect(await runAlone(guardFor('wf-4:node-1', 'cursor-1'), async () => 'changes')).toBe(
			'changes',
		);
		const skipped: Busy[] = [];
		const poll = jest.fn(async () => 'the same changes');
		expect(await runAlone(guardFor('wf-4:node-1', 'cursor-1', skipped), poll)).toBe('busy');
		expect(poll).not.toHaveBeenCalled();
		expect(skipped).toEqual([{ reason: 'repeat', emittedAt: expect.any(Number) }]);
		// Once saved, the next poll starts from the new position.
		expect(await runAlone(guardFor('wf-4:node-1', 'cursor-2'), async () => 'next')).toBe('next');
	});

	it('runs a poll from the same position when the earlier one emitted nothing (no change can come out twice)', async () => {
		expect(await runAlone(guardFor('wf-5:node-1', 'cursor-1'), async () => 'nothing')).toBe(
			'nothing',
		);
		expect(await runAlone(guardFor('wf-5:node-1', 'cursor-1'), async () => 'changes')).toBe(
			'changes',
		);
	});

	it(`runs it ${REPEAT_WINDOW_MS / 1000} s after the emitting poll ended: n8n did not save that position, and the window is read again`, async () => {
		jest.useFakeTimers({ now: Date.now() });
		expect(await runAlone(guardFor('wf-6:node-1', 'cursor-1'), async () => 'changes')).toBe(
			'changes',
		);
		jest.setSystemTime(Date.now() + REPEAT_WINDOW_MS - 1);
		expect(await runAlone(guardFor('wf-6:node-1', 'cursor-1'), async () => 'again')).toBe('busy');
		jest.setSystemTime(Date.now() + 1);
		expect(await runAlone(guardFor('wf-6:node-1', 'cursor-1'), async () => 'again')).toBe('again');
	});
});
