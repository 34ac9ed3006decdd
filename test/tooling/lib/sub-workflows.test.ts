import nock from 'nock';

import type { WorkflowJson } from '../../../tooling/lib/examples';
import { N8nRestClient } from '../../../tooling/lib/n8n-rest';
import {
	callersOf,
	isSubWorkflow,
	publishSubWorkflows,
	subWorkflowIdsOf,
} from '../../../tooling/lib/sub-workflows';
import { useNock } from '../../harness/nock';

useNock();

const node = (
	name: string,
	type: string,
	parameters: Record<string, unknown> = {},
	extra: Record<string, unknown> = {},
) => ({
	id: name,
	name,
	type,
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters,
	...extra,
});
const workflow = (id: string, nodes: WorkflowJson['nodes']): WorkflowJson => ({
	id,
	name: `Workflow ${id}`,
	nodes,
	connections: {},
});

const sub = workflow('sub', [
	node('Called', 'n8n-nodes-base.executeWorkflowTrigger', { inputSource: 'passthrough' }),
]);
const disabledSub = workflow('off', [
	node('Called', 'n8n-nodes-base.executeWorkflowTrigger', {}, { disabled: true }),
]);
const parent = workflow('parent', [
	node('Run now', 'n8n-nodes-base.manualTrigger'),
	node('Call', 'n8n-nodes-base.executeWorkflow', {
		source: 'database',
		workflowId: { __rl: true, mode: 'id', value: 'sub' },
	}),
]);

describe('sub-workflows', () => {
	it('are the workflows with an enabled Execute Workflow Trigger, in their order', () => {
		expect([sub, disabledSub, parent].map(isSubWorkflow)).toEqual([true, false, false]);
		expect(subWorkflowIdsOf([parent, sub, disabledSub])).toEqual(['sub']);
	});

	it('are run by the workflows whose Execute Workflow node names their ID', () => {
		expect(callersOf('sub', [parent, sub])).toEqual([parent]);
		expect(callersOf('parent', [parent, sub])).toEqual([]);
	});

	it("are published on n8n 2.x (its editor's Publish, each at its saved version) and left alone on 1.x", async () => {
		const N8N = 'http://127.0.0.1:5678';
		nock(N8N)
			.get('/rest/workflows/sub')
			.reply(200, { data: { id: 'sub', versionId: 'v1' } });
		nock(N8N).post('/rest/workflows/sub/activate', { versionId: 'v1' }).reply(200, { data: {} });
		expect(await publishSubWorkflows(new N8nRestClient(N8N, 2), ['sub'])).toEqual(['sub']);
		expect(await publishSubWorkflows(new N8nRestClient(N8N, 1), ['sub'])).toEqual([]);
	});
});
