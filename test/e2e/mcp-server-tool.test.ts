// The action node as tools of n8n's MCP Server Trigger, listed and called by an MCP client from the
// official SDK over Streamable HTTP and over SSE (issue 31). The trigger runs in an active workflow
// (production URLs) at two node versions: the newest this n8n offers (2.1 on 2.41, 2 on 1.123:
// SSE and Streamable HTTP share `/mcp/<path>`) and version 1, as workflows saved by older n8n have
// it (SSE at `/mcp/<path>/sse`, POSTs at `/mcp/<path>/messages`). Both transports work on both n8n
// versions and on both node versions. Tools: Student → Get (the ID from `$fromAI`) and Student →
// Get Many (status, grade and limit from `$fromAI`), saved with n8n's "Tool Description: Set
// Automatically": each is described by the node's own text for its resource and operation.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import { OPERATIONS } from '../../nodes/EducationPlatform/actions/operations';
import { toolDescription } from '../../nodes/EducationPlatform/actions/helpers/toolDescription';
import { RESOURCES } from '../../nodes/shared/resources/registry';
import { resource as STUDENT } from '../../nodes/shared/resources/student';
import { accessTokenCredential } from '../../tooling/lib/demo-credentials';
import {
	connectMcp,
	MCP_TRANSPORTS,
	mcpEndpoints,
	resultText,
	untilServed,
} from './support/mcpClient';
import {
	expectedInputSchema,
	MCP_TOOLS,
	MCP_TRIGGER_TYPE,
	mcpServerWorkflow,
	STUDENT_GET_TOOL,
	STUDENT_LIST_TOOL,
	studentStatuses,
	toolName,
} from './support/mcpWorkflow';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { e2eTarget } from './support/target';

jest.setTimeout(120_000);

const { n8nMajor } = e2eTarget();
const TRIGGERS = [
	{ version: n8nMajor === 2 ? 2.1 : 2, path: 'education-platform', workflowId: 'e2eMcpServerNew1' },
	{ version: 1, path: 'education-platform-v1', workflowId: 'e2eMcpServerVer1' },
] as const;
/** The JSON Schema dialect of the listed input schemas: n8n 2.41 converts with zodToDraft202012, 1.123 with zodToJsonSchema. */
const SCHEMA_DIALECT =
	n8nMajor === 2
		? 'https://json-schema.org/draft/2020-12/schema'
		: 'http://json-schema.org/draft-07/schema#';
const GRADE = '9';
const LIMIT = 3;
const UNKNOWN_ID = 99_999_999;

let n8n: Instance;

beforeAll(async () => {
	process.stdout.write(`[e2e] MCP Server Trigger on ${e2eTarget().label}\n`);
	n8n = await startInstance((sandbox) => {
		const token = accessTokenCredential(
			sandboxLogin(sandbox),
			'e2eMcpToken00001',
			'e2e MCP access token',
		);
		return {
			credentials: [token],
			workflows: TRIGGERS.map((trigger) =>
				mcpServerWorkflow(trigger.workflowId, token, trigger.path, trigger.version),
			),
		};
	});
	for (const trigger of TRIGGERS) await n8n.rest.activateWorkflow(trigger.workflowId);
	for (const trigger of TRIGGERS)
		await untilServed(mcpEndpoints(n8n.webhookBase, trigger.path, trigger.version));
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

/** Active grade-9 students as the platform lists them, by ID: what Get Many with the same filter must return first. */
const activeInGrade = () =>
	n8n.platform.students({ 'filter[status]': 'active', 'filter[grade_level]': GRADE, sort: 'id' });

/** A tool call's answer as the model reads it: the JSON in its text (records, or a failure's { error, details }). */
function recordsOf(result: Record<string, unknown>): unknown {
	expect(result.isError).toBeFalsy();
	return JSON.parse(resultText(result));
}

it('tests the newest MCP Server Trigger version this n8n offers', async () => {
	const trigger = (await n8n.rest.nodeTypes()).find((type) => type.name === MCP_TRIGGER_TYPE);
	expect(Math.max(...[trigger?.version ?? []].flat())).toBe(TRIGGERS[0].version);
});

describe.each(TRIGGERS)('MCP Server Trigger v$version', (trigger) => {
	describe.each(MCP_TRANSPORTS)('over %s', (transport) => {
		let client: Client;

		beforeAll(async () => {
			client = await connectMcp(
				transport,
				mcpEndpoints(n8n.webhookBase, trigger.path, trigger.version),
			);
		});

		afterAll(async () => {
			await client?.close();
		});

		it("lists each tool with its name, the node's description for its resource and operation, and the $fromAI keys as its input schema", async () => {
			const { tools } = await client.listTools();
			const listed = tools.map(({ name, description, inputSchema }) => {
				const { $schema, required, ...schema } = inputSchema as Record<string, unknown>;
				return {
					name,
					description,
					$schema,
					schema: { ...schema, required: [...(required as string[])].sort() },
				};
			});
			expect(listed.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
				MCP_TOOLS.map((tool) => ({
					name: toolName(tool),
					description: toolDescription(
						RESOURCES.find((resource) => resource.value === tool.resource)!,
						OPERATIONS[tool.resource],
						tool.operation,
					),
					$schema: SCHEMA_DIALECT,
					schema: expectedInputSchema(tool),
				})).sort((a, b) => a.name.localeCompare(b.name)),
			);
		});

		it('Get: returns the student whose ID the model supplies, as the platform holds it', async () => {
			const students = await activeInGrade();
			const student = students[students.length - 1];
			const result = await client.callTool({
				name: toolName(STUDENT_GET_TOOL),
				arguments: { studentId: student.id },
			});
			expect(recordsOf(result)).toEqual([student]);
		});

		it("Get Many: returns the students matching the model's status and grade, up to its limit", async () => {
			const students = await activeInGrade();
			expect(students.length).toBeGreaterThan(LIMIT);
			const result = await client.callTool({
				name: toolName(STUDENT_LIST_TOOL),
				arguments: { status: 'active', gradeLevel: GRADE, limit: LIMIT },
			});
			expect(recordsOf(result)).toEqual(students.slice(0, LIMIT));
		});

		it("a failing call answers the node's message and what to do as the tool's result, and the session goes on", async () => {
			const unknown = await client.callTool({
				name: toolName(STUDENT_GET_TOOL),
				arguments: { studentId: UNKNOWN_ID },
			});
			expect(recordsOf(unknown)).toEqual([
				{
					error: `No student with ID ${UNKNOWN_ID}. [item 0]`,
					details: expect.stringContaining(
						`No student ${UNKNOWN_ID} exists on the platform. ${STUDENT.id.notFoundAdvice}`,
					),
				},
			]);

			const badStatus = await client.callTool({
				name: toolName(STUDENT_LIST_TOOL),
				arguments: { status: 'expelled', gradeLevel: GRADE, limit: LIMIT },
			});
			expect(recordsOf(badStatus)).toEqual([
				{
					error: 'Status "expelled" is not a student status [item 0]',
					details: `Use any of: ${studentStatuses().join(', ')}.`,
				},
			]);

			expect((await client.listTools()).tools).toHaveLength(MCP_TOOLS.length);
		});
	});
});
