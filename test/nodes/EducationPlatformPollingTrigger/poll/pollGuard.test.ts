import { runAlone } from '../../../../nodes/EducationPlatformPollingTrigger/poll/pollGuard';

function deferred() {
	let resolve!: () => void;
	let reject!: (error: Error) => void;
	const promise = new Promise<void>((res, rej) => {
		resolve = res;
		reject = rej;
	});
	return { promise, resolve, reject };
}

describe('one poll at a time per trigger (runAlone)', () => {
	it('skips a poll of the same key while one runs, telling when the running one started, and runs the next one after it', async () => {
		const gate = deferred();
		const startedAt = Date.now();
		const first = runAlone('wf-1:node-1', async () => {
			await gate.promise;
			return 'first';
		}, () => 'busy');
		const poll = jest.fn(async () => 'second');
		const busySince: number[] = [];
		const onBusy = (runningSince: number) => {
			busySince.push(runningSince);
			return 'busy';
		};
		expect(await runAlone('wf-1:node-1', poll, onBusy)).toBe('busy');
		expect(poll).not.toHaveBeenCalled();
		expect(busySince).toEqual([expect.any(Number)]);
		expect(busySince[0]).toBeGreaterThanOrEqual(startedAt);

		gate.resolve();
		expect(await first).toBe('first');
		expect(await runAlone('wf-1:node-1', poll, onBusy)).toBe('second');
	});

	it('runs polls of other triggers (another node or another workflow) side by side', async () => {
		const gate = deferred();
		const first = runAlone('wf-1:node-1', async () => await gate.promise.then(() => 'first'), () => 'busy');
		expect(await runAlone('wf-1:node-2', async () => 'other node', () => 'busy')).toBe('other node');
		expect(await runAlone('wf-2:node-1', async () => 'other workflow', () => 'busy')).toBe('other workflow');
		gate.resolve();
		expect(await first).toBe('first');
	});

	it('frees the key when a poll fails, so the next tick polls again', async () => {
		const gate = deferred();
		const failing = runAlone('wf-3:node-1', async () => await gate.promise.then(() => 'never'), () => 'busy');
		gate.reject(new Error('platform down'));
		await expect(failing).rejects.toThrow('platform down');
		expect(await runAlone('wf-3:node-1', async () => 'next', () => 'busy')).toBe('next');
	});
});
