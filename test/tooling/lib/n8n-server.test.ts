import { describeN8nState, isBrokerPortClash } from '../../../tooling/lib/n8n-server';

describe('isBrokerPortClash', () => {
	it("recognises n8n's start-up failure on a taken task broker port (as n8n 2.41 printed it in the queue suite)", () => {
		const output = [
			'Postgres 15 is not supported. n8n supports Postgres 17 and newer, with 16 on compatibility support. Upgrade to Postgres 17 or newer.',
			'Acquiring database migration lock...',
			"n8n Task Broker's port 39567 is already in use. Do you have another instance of n8n running already?",
		].join('\n');
		expect(isBrokerPortClash(output)).toBe(true);
	});

	it('does not take any other start-up failure for one', () => {
		expect(
			isBrokerPortClash('Error: listen EADDRINUSE: address already in use 127.0.0.1:5678'),
		).toBe(false);
		expect(isBrokerPortClash('There was an error initializing DB')).toBe(false);
	});
});

describe("n8n's state, for a request that got no answer", () => {
	const facts = {
		pid: 4242,
		logFile: '/tmp/n8n/n8n.log',
		tail: 'Editor is now accessible via:',
		now: 100_000,
	};

	it('a running n8n: how long since it was ready, and whether its start-up has finished', () => {
		expect(describeN8nState({ ...facts, readyAt: 88_000, startedUp: true })).toBe(
			'n8n (pid 4242) is running, ready 12.0 s ago. The end of its log (/tmp/n8n/n8n.log):\nEditor is now accessible via:',
		);
		expect(describeN8nState({ ...facts, readyAt: 99_000, startedUp: false })).toMatch(
			/^n8n \(pid 4242\) is running, ready 1\.0 s ago, its start-up not finished/,
		);
	});

	it('an n8n that ended: a crash unless the harness stopped it', () => {
		expect(
			describeN8nState({
				...facts,
				startedUp: true,
				exit: { code: null, signal: 'SIGKILL', at: 97_500, stoppedByHarness: false },
			}),
		).toMatch(
			/^n8n \(pid 4242\) was killed by SIGKILL 2\.5 s ago, not stopped by the harness: a crash\./,
		);
		expect(
			describeN8nState({
				...facts,
				startedUp: true,
				exit: { code: 0, signal: null, at: 99_000, stoppedByHarness: true },
			}),
		).toMatch(/^n8n \(pid 4242\) exited with code 0 1\.0 s ago, stopped by the harness\./);
	});
});
