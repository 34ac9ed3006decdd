// How much a model reads back from one tool call (docs/action-node.md, "Answer size"): Get Many
// through n8n's engine as the tool variant, against the live sandbox's default data, its items
// as the JSON n8n hands the model. The bounds are the ones the docs state.
import type { IDataObject } from 'n8n-workflow';
import { TOOL_DEFAULT_LIMIT } from '../../nodes/shared/list/page';
import { runNode } from '../harness';
import { EducationPlatformTool } from '../nodes/EducationPlatform/toolVariant';
import { accessTokenCredentials, liveSandboxForFile, outputJson } from './support/liveSandbox';

const sandbox = liveSandboxForFile({ students: 300 });

async function answer(resource: string, parameters: IDataObject = {}): Promise<IDataObject[]> {
	const result = await runNode({
		nodeType: new EducationPlatformTool(),
		parameters: { resource, operation: 'getMany', ...parameters },
		credentials: accessTokenCredentials(sandbox()),
	});
	expect(result.error).toBeUndefined();
	return outputJson(result);
}

const size = (items: IDataObject[]) => JSON.stringify(items).length;

describe('one Get Many tool call answers', () => {
	it.each(['student', 'enrollment', 'payment', 'examResult'])(
		'%s: 10 records under 5 KB by default (Output: Simplified), under 8 KB raw; 100 raw (one page of Return All) under 80 KB',
		async (resource) => {
			const raw = await answer(resource, { output: 'raw' });
			expect(raw).toHaveLength(TOOL_DEFAULT_LIMIT);
			expect(size(raw)).toBeLessThan(8_000);

			const simplified = await answer(resource);
			expect(simplified).toHaveLength(TOOL_DEFAULT_LIMIT);
			expect(size(simplified)).toBeLessThan(5_000);
			expect(size(simplified)).toBeLessThan(size(raw));

			const page = await answer(resource, { limit: 100, output: 'raw' });
			expect(page).toHaveLength(100);
			expect(size(page)).toBeLessThan(80_000);
		},
	);
});
