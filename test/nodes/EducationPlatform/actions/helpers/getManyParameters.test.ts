// Get Many's parameters through n8n's engine: its Limit in the node and in its AI-agent tool variant
// (n8n registers the tool variant as `<name>Tool` and resolves the `'@tool'` display option from
// it), and version 2's Filters, Other Filters and Sort against a nock-faked API.
import { runNode } from '../../../../harness';
import { fakeStudentsApi, ORIGIN, runEducationPlatform, studentRange, TOKEN } from '../../fixtures';
import { EducationPlatformTool } from '../../toolVariant';
import { useNock } from '../../../../harness/nock';

useNock();

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

describe('Version 2 → Filters, Other Filters and Sort', () => {
	it('sends Filters, Other Filters (inside Filters) and Sort as version 1 sends Filters, Additional Filters and Sort', async () => {
		const api = fakeStudentsApi({ all: studentRange(1, 3) });
		const filters = { status: ['active'], search: 'last' };
		const other = { filter: [{ name: 'enrolled_after', value: '2024-08-31' }] };
		const sort = { rule: [{ field: 'last_name', direction: 'desc' }] };
		const two = await runEducationPlatform(
			{ operation: 'getMany', filters: { ...filters, additionalFilters: other }, sort },
			{ typeVersion: 2 },
		);
		const one = await runEducationPlatform({
			operation: 'getMany',
			filters,
			additionalFilters: other,
			sort,
		});
		expect(two.error).toBeUndefined();
		expect(one.error).toBeUndefined();
		const [sentByTwo, sentByOne] = api.seen.map((request) => request.query);
		expect(sentByTwo).toMatchObject({
			'filter[status]': 'active',
			'filter[search]': 'last',
			'filter[enrolled_after]': '2024-08-31',
			sort: '-last_name',
		});
		expect(sentByTwo).toEqual(sentByOne);
	});
});
