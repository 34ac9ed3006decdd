// Get Many's Limit in the node and in its AI-agent tool variant, through n8n's engine: n8n
// registers the tool variant as `<name>Tool` and resolves the `'@tool'` display option from it.
import type { INodeTypeDescription } from 'n8n-workflow';
import { EducationPlatform } from '../../../../../nodes/EducationPlatform/EducationPlatform.node';
import { runNode } from '../../../../harness';
import { fakeStudentsApi, ORIGIN, runEducationPlatform, studentRange, TOKEN, useNock } from '../../fixtures';

useNock();

/** The node as n8n offers it to an AI agent (n8n's convertNodeToAiTool renames it `…Tool`). */
class EducationPlatformTool extends EducationPlatform {
	description: INodeTypeDescription = { ...new EducationPlatform().description, name: 'educationPlatformTool' };
}

describe('Get Many → Limit', () => {
	it('lists 50 by default in a workflow', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 120) });
		const result = await runEducationPlatform({ operation: 'getMany' });
		expect(result.items).toHaveLength(50);
		expect(api.seen.map((request) => request.query.per_page)).toEqual(['50']);
	});

	it('lists 10 by default as an AI-agent tool, and what the agent asks for when it sets Limit', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 120) });
		const run = (parameters: Record<string, unknown>) =>
			runNode({
				nodeType: new EducationPlatformTool(),
				parameters: { resource: 'student', operation: 'getMany', ...parameters },
				credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
			});
		expect((await run({})).items).toHaveLength(10);
		expect((await run({ limit: 25 })).items).toHaveLength(25);
		expect(api.seen.map((request) => request.query.per_page)).toEqual(['10', '25']);
	});
});
