import { activationCommand, nodeOutput, parseExecuteOutput } from '../../../tooling/lib/n8n-cli';

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
