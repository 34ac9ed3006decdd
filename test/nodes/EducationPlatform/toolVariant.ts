// The Education Platform node as n8n offers it to an AI Agent or the MCP Server Trigger.
import {
	NodeConnectionTypes,
	NodeHelpers,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { EducationPlatform } from '../../../nodes/EducationPlatform/EducationPlatform.node';

/**
 * What n8n registers for a `usableAsTool` node (convertNodeToAiTool in the `n8n` package, 1.123
 * and 2.41): named `…Tool`, which resolves the `'@tool'` display option, with an ai_tool output
 * and no input. n8n would also add its own Tool Description parameters, but only to a node
 * without a parameter named `toolDescription`; this node has one.
 */
export class EducationPlatformTool extends EducationPlatform {
	description: INodeTypeDescription = {
		...new EducationPlatform().description,
		name: 'educationPlatformTool',
		displayName: 'Education Platform Tool',
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
}

/**
 * The operations n8n's editor offers for a resource in this node type, in its selector's order:
 * an operation hidden with `'@tool'` is not offered to an AI agent in the tool variant.
 */
export function offeredOperations(nodeType: EducationPlatform, resource: string): string[] {
	const { description } = nodeType;
	const selector = description.properties.find(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	);
	const options = (selector?.options ?? []) as INodePropertyOptions[];
	return options
		.filter((option) =>
			NodeHelpers.displayParameter({ resource }, option, { typeVersion: 1 }, description),
		)
		.map((option) => String(option.value));
}
