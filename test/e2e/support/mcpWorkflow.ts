// A workflow that exposes the action node to MCP clients: n8n's MCP Server Trigger with two
// Education Platform tools attached (ai_tool connections), each saved with n8n's "Tool Description:
// Set Automatically" and the parameters a model fills in through `$fromAI`. The tools' `$fromAI` keys
// are declared once here: the workflow is built from them and the e2e test asserts the schema the
// MCP client lists against them.
import { randomUUID } from 'node:crypto';

import { nodeNameToToolName } from 'n8n-workflow';

import { resource as STUDENT } from '../../../nodes/shared/resources/student';
import type { CredentialImport } from '../../../tooling/lib/demo-credentials';
import { ACTION_NODE_TYPE, type WorkflowJson } from '../../../tooling/lib/examples';
import { credentialRef, node } from './workflows';

/** The student statuses the Status filter offers (the resource's filter spec). */
export function studentStatuses(): readonly string[] {
	return STUDENT.query.filters.find((spec) => spec.param === 'status')?.values ?? [];
}

export const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
/** n8n names a `usableAsTool` node's tool variant `<node>Tool`. */
export const ACTION_TOOL_TYPE = `${ACTION_NODE_TYPE}Tool`;
export const MCP_TRIGGER_NODE = 'MCP Server Trigger';

/** One parameter a model fills in: `$fromAI(key, description, type)`. */
export interface FromAi {
	key: string;
	description: string;
	type: 'string' | 'number' | 'boolean';
}

export interface McpTool {
	/** The node's name; n8n lists the tool under nodeNameToToolName(name). */
	node: string;
	resource: string;
	operation: string;
	fromAi: FromAi[];
	/** The node's other parameters, with `fromAi(key)` where the model's value goes. */
	parameters: (fromAi: (key: string) => string) => Record<string, unknown>;
}

/** `={{ $fromAI('key', 'description', 'type') }}`; the description must not hold a quote. */
export function fromAiExpression({ key, description, type }: FromAi): string {
	if (/['\\]/.test(description))
		throw new Error(
			`$fromAI description of ${key} must not hold a quote or backslash: ${description}`,
		);
	return `={{ $fromAI('${key}', '${description}', '${type}') }}`;
}

export const STUDENT_GET_TOOL: McpTool = {
	node: 'Get student',
	resource: 'student',
	operation: 'get',
	fromAi: [{ key: 'studentId', description: 'The numeric ID of the student', type: 'number' }],
	parameters: (fromAi) => ({
		studentId: { __rl: true, mode: 'id', value: fromAi('studentId') },
		options: {},
	}),
};

export const STUDENT_LIST_TOOL: McpTool = {
	node: 'List students',
	resource: 'student',
	operation: 'getMany',
	fromAi: [
		{
			key: 'status',
			description: `One student status: ${studentStatuses().join(', ')}`,
			type: 'string',
		},
		{ key: 'gradeLevel', description: 'One grade level, K or 0 to 12', type: 'string' },
		{ key: 'limit', description: 'How many students to return at most', type: 'number' },
	],
	// Sorted by ID, so that the test knows which records come first.
	parameters: (fromAi) => ({
		returnAll: false,
		limit: fromAi('limit'),
		filters: { status: fromAi('status'), gradeLevel: fromAi('gradeLevel') },
		sort: { rule: [{ field: 'id', direction: 'asc' }] },
		options: {},
	}),
};

export const MCP_TOOLS = [STUDENT_GET_TOOL, STUDENT_LIST_TOOL] as const;

/**
 * The tool node's parameters as the editor saves them. `descriptionType: 'auto'` is what n8n's own
 * "Tool Description: Set Automatically" saves; the node brings its own Tool Description, so n8n
 * drops it as unknown and the tool is described by the node's default text.
 */
export function toolParameters(tool: McpTool): Record<string, unknown> {
	const fromAi = (key: string) => {
		const declared = tool.fromAi.find((parameter) => parameter.key === key);
		if (!declared) throw new Error(`${tool.node} declares no $fromAI key ${key}`);
		return fromAiExpression(declared);
	};
	return {
		descriptionType: 'auto',
		authentication: 'accessToken',
		resource: tool.resource,
		operation: tool.operation,
		...tool.parameters(fromAi),
	};
}

/** The name an MCP client lists the tool under: n8n's nodeNameToToolName of the node's name. */
export function toolName(tool: McpTool): string {
	return nodeNameToToolName(tool.node);
}

/** The MCP Server Trigger (no authentication) at `path`, the tools attached; n8n serves it once active. */
export function mcpServerWorkflow(
	id: string,
	credential: CredentialImport,
	path: string,
	triggerVersion: number,
): WorkflowJson {
	const trigger = node(
		MCP_TRIGGER_NODE,
		MCP_TRIGGER_TYPE,
		{ authentication: 'none', path },
		{ typeVersion: triggerVersion, webhookId: randomUUID() },
	);
	const tools = MCP_TOOLS.map((tool, index) =>
		node(tool.node, ACTION_TOOL_TYPE, toolParameters(tool), {
			credentials: credentialRef(credential),
			position: [index * 200, 240],
		}),
	);
	return {
		id,
		name: `e2e MCP Server Trigger v${triggerVersion} with Education Platform tools`,
		active: false,
		nodes: [trigger, ...tools],
		connections: Object.fromEntries(
			tools.map((tool) => [
				tool.name,
				{ ai_tool: [[{ node: MCP_TRIGGER_NODE, type: 'ai_tool', index: 0 }]] },
			]),
		),
		settings: { executionOrder: 'v1' },
	};
}

/** The input schema n8n lists for the tool: each `$fromAI` key with its type and description, all required (`required` sorted). */
export function expectedInputSchema(tool: McpTool): {
	type: 'object';
	properties: Record<string, { type: string; description: string }>;
	required: string[];
	additionalProperties: true;
} {
	return {
		type: 'object',
		properties: Object.fromEntries(
			tool.fromAi.map(({ key, type, description }) => [key, { type, description }]),
		),
		required: tool.fromAi.map(({ key }) => key).sort(),
		additionalProperties: true,
	};
}
