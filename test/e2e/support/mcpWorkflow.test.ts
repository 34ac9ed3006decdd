import { accessTokenCredential } from '../../../tooling/lib/demo-credentials';
import {
	ACTION_TOOL_TYPE,
	expectedInputSchema,
	fromAiExpression,
	MCP_TOOLS,
	MCP_TRIGGER_NODE,
	MCP_TRIGGER_TYPE,
	mcpServerWorkflow,
	STUDENT_GET_TOOL,
	STUDENT_LIST_TOOL,
	toolName,
} from './mcpWorkflow';

const credential = accessTokenCredential(
	{ baseUrl: 'http://127.0.0.1:4000', token: 't' },
	'cred1',
	'token',
);

describe('the MCP Server Trigger workflow', () => {
	const workflow = mcpServerWorkflow('wf1', credential, 'school', 2.1);
	const byName = (name: string) => workflow.nodes.find((n) => n.name === name)!;

	it('has the trigger at the given version and path, without authentication, and a webhook ID', () => {
		expect(byName(MCP_TRIGGER_NODE)).toMatchObject({
			type: MCP_TRIGGER_TYPE,
			typeVersion: 2.1,
			parameters: { authentication: 'none', path: 'school' },
		});
		expect(byName(MCP_TRIGGER_NODE).webhookId).toEqual(expect.any(String));
	});

	it('attaches each tool to the trigger as an ai_tool, saved with "Set Automatically", with the credential', () => {
		for (const tool of MCP_TOOLS) {
			expect(byName(tool.node)).toMatchObject({
				type: ACTION_TOOL_TYPE,
				parameters: {
					descriptionType: 'auto',
					authentication: 'accessToken',
					resource: tool.resource,
					operation: tool.operation,
				},
				credentials: { [credential.type]: { id: credential.id, name: credential.name } },
			});
			expect(workflow.connections[tool.node]).toEqual({
				ai_tool: [[{ node: MCP_TRIGGER_NODE, type: 'ai_tool', index: 0 }]],
			});
		}
	});

	it("puts each declared $fromAI key where the model's value goes", () => {
		expect(byName(STUDENT_GET_TOOL.node).parameters.studentId).toEqual({
			__rl: true,
			mode: 'id',
			value: "={{ $fromAI('studentId', 'The numeric ID of the student', 'number') }}",
		});
		const list = byName(STUDENT_LIST_TOOL.node).parameters;
		expect(list.limit).toBe(
			"={{ $fromAI('limit', 'How many students to return at most', 'number') }}",
		);
		expect(list.filters).toEqual({
			status:
				"={{ $fromAI('status', 'One student status: active, inactive, graduated, withdrawn, suspended', 'string') }}",
			gradeLevel: "={{ $fromAI('gradeLevel', 'One grade level, K or 0 to 12', 'string') }}",
		});
	});
});

describe('what the MCP client should list', () => {
	it('names a tool after its node, as n8n does', () => {
		expect(MCP_TOOLS.map(toolName)).toEqual(['Get_student', 'List_students']);
	});

	it('gives each $fromAI key its type and description, all required', () => {
		expect(expectedInputSchema(STUDENT_LIST_TOOL)).toEqual({
			type: 'object',
			properties: {
				status: {
					type: 'string',
					description: 'One student status: active, inactive, graduated, withdrawn, suspended',
				},
				gradeLevel: { type: 'string', description: 'One grade level, K or 0 to 12' },
				limit: { type: 'number', description: 'How many students to return at most' },
			},
			required: ['gradeLevel', 'limit', 'status'],
			additionalProperties: true,
		});
	});
});

describe('fromAiExpression', () => {
	it('refuses a description that would end the quoted text', () => {
		expect(() =>
			fromAiExpression({ key: 'k', description: "the student's ID", type: 'string' }),
		).toThrow(/must not hold a quote/);
	});
});
