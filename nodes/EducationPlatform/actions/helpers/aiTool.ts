// Pure: no n8n import. Whether the action node runs as an AI agent's tool, and which operations
// that variant offers: what an operation checks before it acts for a model rather than a person.
import type { INode, INodePropertyOptions } from 'n8n-workflow';

/**
 * Whether the node runs as its tool variant, for an AI Agent or n8n's MCP Server Trigger. n8n
 * registers a `usableAsTool` node a second time as `<name>Tool` (its convertNodeToAiTool, 1.x and
 * 2.x) and runs that type for a model; n8n-workflow resolves the `'@tool'` display option by the
 * same test on the type's name. The type is fixed by the node n8n runs: no parameter, expression
 * or model answer can change it.
 */
export function runsAsTool(node: Pick<INode, 'type'>): boolean {
	return node.type.endsWith('Tool');
}

/**
 * Whether the tool variant offers an operation: its Operation selector entry is not hidden with
 * `'@tool'` (`displayOptions: { hide: { '@tool': [true] } }`, or a `show` without `true`).
 */
export function offeredToTools(option: Pick<INodePropertyOptions, 'displayOptions'>): boolean {
	const { show, hide } = option.displayOptions ?? {};
	if (hide?.['@tool']?.includes(true)) return false;
	return show?.['@tool'] === undefined || show['@tool'].includes(true);
}
