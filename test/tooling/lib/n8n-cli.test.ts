import {
	activationCommand,
	nodeOutput,
	parseExecuteOutput,
	ranSuccessfully,
} from '../../../tooling/lib/n8n-cli';
import type { RunResult } from '../../../tooling/lib/processes';

const runData = {
	data: {
		resultData: {
			runData: {
				'Get Many': [{ data: { main: [[{ json: { id: 1 } }, { json: { id: 2 } }]] } }],
			},
		},
	},
};

describe('reading `n8n execute --rawOutput`', () => {
	it('parses the JSON that starts at the first line beginning with {, after any log lines', () => {
		const stdout = [
			'Initializing n8n process',
			'  { not json, indented }',
			JSON.stringify(runData, null, 2),
		].join('\n');
		expect(parseExecuteOutput(stdout)).toEqual(runData);
	});

	it('stops at the end of the JSON when a failed run logs more lines after it', () => {
		const stdout = [
			JSON.stringify(runData, null, 2),
			'Error executing workflow. See log messages for details.',
			'{oops',
		].join('\n');
		expect(parseExecuteOutput(stdout)).toEqual(runData);
	});

	it('returns undefined when n8n printed no JSON', () => {
		expect(
			parseExecuteOutput('Error executing workflow. See log messages for details.\n'),
		).toBeUndefined();
	});

	it('returns the items of a node in order, and names the nodes that ran when asked for another', () => {
		const output = parseExecuteOutput(JSON.stringify(runData))!;
		expect(nodeOutput(output, 'Get Many')).toEqual([{ id: 1 }, { id: 2 }]);
		expect(() => nodeOutput(output, 'Get')).toThrow('node "Get" did not run; ran: Get Many');
	});
});

describe('whether `n8n execute` ran the workflow successfully', () => {
	const ended = (code: number | null, signal: NodeJS.Signals | null): RunResult => ({
		code,
		signal,
		stdout: '',
		stderr: '',
	});
	const printed = (status: 'success' | 'error') =>
		status === 'success'
			? { ...runData, finished: true, status }
			: {
					data: { resultData: { ...runData.data.resultData, error: { message: 'No student' } } },
					finished: false,
					status,
				};

	it('a successful run and exit code 0', () => {
		expect(ranSuccessfully(ended(0, null), printed('success'))).toBe(true);
		// n8n 1.85's CLI prints the finished run with the status it had while running.
		expect(ranSuccessfully(ended(0, null), { ...printed('success'), status: 'running' })).toBe(
			true,
		);
	});

	it("a successful run printed whole, then n8n's crash while exiting (SIGSEGV, SIGABRT)", () => {
		expect(ranSuccessfully(ended(null, 'SIGSEGV'), printed('success'))).toBe(true);
		expect(ranSuccessfully(ended(null, 'SIGABRT'), printed('success'))).toBe(true);
	});

	it('not when the run failed or did not finish, printed nothing, or n8n was stopped (the timeout)', () => {
		expect(ranSuccessfully(ended(1, null), printed('error'))).toBe(false);
		expect(ranSuccessfully(ended(null, 'SIGSEGV'), printed('error'))).toBe(false);
		expect(ranSuccessfully(ended(0, null), runData)).toBe(false);
		expect(ranSuccessfully(ended(0, null), { ...printed('error'), finished: true })).toBe(false);
		expect(ranSuccessfully(ended(null, 'SIGSEGV'), undefined)).toBe(false);
		expect(ranSuccessfully(ended(null, 'SIGKILL'), printed('success'))).toBe(false);
		expect(ranSuccessfully(ended(null, 'SIGTERM'), printed('success'))).toBe(false);
		expect(ranSuccessfully(ended(1, null), printed('success'))).toBe(false);
	});
});

describe('activating a stored workflow from the CLI', () => {
	it('publishes on n8n 2.x', () => {
		expect(activationCommand(2, 'wf1', true)).toEqual(['publish:workflow', '--id=wf1']);
		expect(activationCommand(2, 'wf1', false)).toEqual(['unpublish:workflow', '--id=wf1']);
	});

	it('sets the active flag on n8n 1.x, which has no publishing', () => {
		expect(activationCommand(1, 'wf1', true)).toEqual([
			'update:workflow',
			'--id=wf1',
			'--active=true',
		]);
		expect(activationCommand(1, 'wf1', false)).toEqual([
			'update:workflow',
			'--id=wf1',
			'--active=false',
		]);
	});
});
