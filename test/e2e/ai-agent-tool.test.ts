// The action node as an AI Agent's tool in a real n8n, with a model loop: n8n's AI Agent and OpenAI
// Chat Model against a scripted model on loopback (support/scriptedModel.ts), which first calls the
// Education Platform tool and then answers. What the model is told about the tool (its name,
// description and JSON schema), the tool's items in the next request, and failing calls (a filter
// the API refuses, a rate limit past the node's retry budget, a token without the scope) reaching
// the model as text it can act on while the run itself succeeds.
import { randomUUID } from 'node:crypto';

import { OPERATIONS } from '../../nodes/EducationPlatform/actions/operations';
import { toolDescription } from '../../nodes/EducationPlatform/actions/helpers/toolDescription';
import { RESOURCES } from '../../nodes/shared/resources/registry';
import {
	accessTokenCredential,
	demoCredentials,
	type CredentialImport,
} from '../../tooling/lib/demo-credentials';
import {
	ACTION_NODE_TYPE,
	loadExamples,
	type WorkflowJson,
	type WorkflowNode,
} from '../../tooling/lib/examples';
import { sandboxLogin, startInstance, type Instance } from './support/instance';
import { runsOf } from './support/runs';
import {
	startScriptedModel,
	type ModelRequest,
	type OfferedTool,
	type ScriptedModel,
	type ScriptStep,
} from './support/scriptedModel';
import { e2eTarget } from './support/target';
import { timed } from './support/timings';
import { credentialRef, node } from './support/workflows';

jest.setTimeout(300_000);

type Row = Record<string, unknown>;

const TOOL_NODE_TYPE = `${ACTION_NODE_TYPE}Tool`;
const AGENT = 'AI Agent';
const CHAT_MODEL = 'OpenAI Chat Model';
/** A personal access token of the sandbox that may read payments but not students. */
const NO_STUDENTS_TOKEN = 'edu_pat_payments_only';

let n8n: Instance;
let model: ScriptedModel;

/** n8n's OpenAI credential, its Base URL on the scripted model. */
function openAiCredential(url: string): CredentialImport {
	return {
		id: 'ScriptedOpenAi',
		name: 'Scripted model (OpenAI-compatible)',
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted', url },
	};
}

/** The AI Agent and OpenAI Chat Model versions a new workflow gets in this n8n. */
function agentNodes(n8nMajor: 1 | 2, prompt: string, openAi: CredentialImport): WorkflowNode[] {
	return [
		node(
			AGENT,
			'@n8n/n8n-nodes-langchain.agent',
			{ promptType: 'define', text: prompt, options: {} },
			{ typeVersion: n8nMajor === 2 ? 3.1 : 3, position: [240, 0] },
		),
		node(
			CHAT_MODEL,
			'@n8n/n8n-nodes-langchain.lmChatOpenAi',
			{ model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
			{ typeVersion: 1.3, position: [160, 220], credentials: credentialRef(openAi) },
		),
	];
}

/** Webhook (answers with the agent's output) → AI Agent, with the OpenAI Chat Model and these tools. */
function agentWorkflow(
	id: string,
	n8nMajor: 1 | 2,
	openAi: CredentialImport,
	tools: WorkflowNode[],
): WorkflowJson {
	const webhook = node(
		'Webhook',
		'n8n-nodes-base.webhook',
		{ httpMethod: 'POST', path: id, responseMode: 'lastNode', options: {} },
		{ typeVersion: 2, webhookId: randomUUID() },
	);
	const toAgent = (type: string) => ({ [type]: [[{ node: AGENT, type, index: 0 }]] });
	return {
		id,
		name: `e2e agent: ${id}`,
		active: false,
		nodes: [
			webhook,
			...agentNodes(n8nMajor, 'Answer with the Education Platform tool.', openAi),
			...tools,
		],
		connections: {
			Webhook: { main: [[{ node: AGENT, type: 'main', index: 0 }]] },
			[CHAT_MODEL]: toAgent('ai_languageModel'),
			...Object.fromEntries(tools.map((tool) => [tool.name, toAgent('ai_tool')])),
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The Education Platform node as a tool: Student → Get Many, Tool Description "Set Automatically". */
function studentsTool(credential: CredentialImport, parameters: Row): WorkflowNode {
	return node(
		'Students',
		TOOL_NODE_TYPE,
		{ authentication: 'accessToken', resource: 'student', operation: 'getMany', ...parameters },
		{ credentials: credentialRef(credential), position: [400, 220] },
	);
}

const GRADE_FILTER = {
	filters: {
		gradeLevel:
			"={{ $fromAI('grade_levels', 'Grade levels, comma-separated; K is kindergarten', 'string') }}",
	},
};
const ANY_FILTER = {
	additionalFilters: {
		filter: [
			{
				name: "={{ $fromAI('filter_name', 'The API filter name', 'string') }}",
				value: "={{ $fromAI('filter_value', 'The value to match', 'string') }}",
			},
		],
	},
};

/**
 * examples/failed-payments-ai-agent.json with its chat model on the scripted model (the file leaves
 * the credential to the user), run through a webhook in place of its manual trigger: the same
 * nodes in the n8n already running, instead of a second n8n process for `n8n execute` (30 s).
 */
const EXAMPLE_ID = 'eduAgentPayments';
function runnableExample(openAi: CredentialImport): WorkflowJson {
	const { workflow } = loadExamples().find((example) => example.workflow.id === EXAMPLE_ID)!;
	const nodes = workflow.nodes.map((n) => {
		if (n.name === CHAT_MODEL) return { ...n, credentials: credentialRef(openAi) };
		if (n.type !== 'n8n-nodes-base.manualTrigger') return n;
		return {
			...n,
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path: EXAMPLE_ID, responseMode: 'lastNode', options: {} },
		};
	});
	return { ...workflow, nodes };
}

const WORKFLOWS = {
	list: 'aiAgentList00001',
	rateLimit: 'aiAgentRateLim01',
	badFilter: 'aiAgentBadFilt01',
	noScope: 'aiAgentNoScope01',
} as const;

beforeAll(async () => {
	model = await startScriptedModel();
	const major = e2eTarget().n8nMajor;
	n8n = await startInstance(
		(sandbox) => {
			const credentials = demoCredentials(sandboxLogin(sandbox));
			const noStudents = accessTokenCredential(
				{ baseUrl: sandbox.baseUrl, token: NO_STUDENTS_TOKEN },
				'EduNoStudents',
				'Education Platform (payments only)',
			);
			const openAi = openAiCredential(model.url);
			return {
				credentials: [...credentials, noStudents, openAi],
				workflows: [
					agentWorkflow(WORKFLOWS.list, major, openAi, [
						studentsTool(credentials[0], GRADE_FILTER),
					]),
					agentWorkflow(WORKFLOWS.rateLimit, major, openAi, [
						studentsTool(credentials[0], GRADE_FILTER),
					]),
					agentWorkflow(WORKFLOWS.badFilter, major, openAi, [
						studentsTool(credentials[0], ANY_FILTER),
					]),
					agentWorkflow(WORKFLOWS.noScope, major, openAi, [studentsTool(noStudents, GRADE_FILTER)]),
					runnableExample(openAi),
				],
			};
		},
		{},
		{ tokens: [{ token: NO_STUDENTS_TOKEN, scopes: ['payments:read'] }] },
	);
	for (const id of [...Object.values(WORKFLOWS), EXAMPLE_ID]) await n8n.rest.activateWorkflow(id);
}, 600_000);

afterAll(async () => {
	await n8n?.close();
	await model?.close();
});

/** Runs a workflow through its webhook with a script; the agent's answer and what the model received. */
async function ask(
	id: string,
	steps: ScriptStep[],
): Promise<{ status: number; body: string; requests: ModelRequest[] }> {
	model.script(steps);
	const answer = await timed(`agent run ${id}`, () =>
		fetch(`${n8n.server.url}/webhook/${id}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		}),
	);
	return { status: answer.status, body: await answer.text(), requests: [...model.requests] };
}

/**
 * What the model is told about an Education Platform tool whose Tool Description is left to the
 * node: the node's name, the node's text for its resource and operation, and a JSON schema of its
 * `$fromAI` keys (strings here, each with its description, all required). The descriptions are
 * pinned word for word by test/nodes/EducationPlatform/actions/helpers/toolDescription.test.ts; this
 * proves that n8n hands them to the model as they are.
 */
function offeredTool(
	name: string,
	resource: string,
	operation: string,
	keys: Record<string, string>,
): OfferedTool {
	return {
		name,
		description: toolDescription(
			RESOURCES.find(({ value }) => value === resource)!,
			OPERATIONS[resource],
			operation,
		),
		parameters: {
			type: 'object',
			properties: Object.fromEntries(
				Object.entries(keys).map(([key, description]) => [key, { type: 'string', description }]),
			),
			required: Object.keys(keys),
			additionalProperties: false,
			$schema: 'http://json-schema.org/draft-07/schema#',
		},
	};
}

const STUDENTS_TOOL = offeredTool('Students', 'student', 'getMany', {
	grade_levels: 'Grade levels, comma-separated; K is kindergarten',
});

const CALL_GRADE_9: ScriptStep = {
	toolCalls: [{ tool: /^Students$/, arguments: { grade_levels: '9' } }],
};
const FINAL: ScriptStep = { answer: 'Here is what the platform said.' };

/** The items a tool call gave back to the model. */
function toolItems(tool: string): Row[] {
	const output = model.resultOf(tool);
	if (output === undefined)
		throw new Error(
			`No result of ${tool} reached the model; requests: ${JSON.stringify(model.requests.map((r) => r.toolResults))}`,
		);
	const items = JSON.parse(output) as unknown;
	if (!Array.isArray(items))
		throw new Error(`${tool} gave the model ${output}, not a list of items`);
	return items as Row[];
}

/** The run ended with the agent's answer (the webhook answers with it) and n8n stored it as a success. */
async function expectAnswered(id: string, answer: { status: number; body: string }): Promise<void> {
	expect(answer.status).toBe(200);
	expect(JSON.parse(answer.body)).toEqual({ output: (FINAL as { answer: string }).answer });
	const [run] = await runsOf(n8n, id, 1);
	expect(run.status).toBe('success');
}

describe('the Education Platform tool in an AI Agent model loop', () => {
	it('the model is offered the tool (name, description, JSON schema) and gets its items in the next request', async () => {
		const answer = await ask(WORKFLOWS.list, [CALL_GRADE_9, FINAL]);
		await expectAnswered(WORKFLOWS.list, answer);
		// Both n8n versions call the Responses API (the OpenAI Chat Model's default from version 1.3), not streamed.
		expect(answer.requests.map(({ api, stream }) => ({ api, stream }))).toEqual([
			{ api: 'responses', stream: false },
			{ api: 'responses', stream: false },
		]);
		for (const request of answer.requests) expect(request.tools).toEqual([STUDENTS_TOOL]);
		expect(answer.requests[0].toolResults).toEqual([]);
		// A tool lists 10 records unless told otherwise (its Limit's default), in the API's order.
		const expected = (await n8n.platform.students({ 'filter[grade_level]': '9' })).slice(0, 10);
		expect(toolItems('Students').map((student) => student.id)).toEqual(
			expected.map((student) => student.id),
		);
	});

	it('a filter the API refuses (422) reaches the model with the allowed filters, and the run goes on', async () => {
		const answer = await ask(WORKFLOWS.badFilter, [
			{
				toolCalls: [{ tool: /^Students$/, arguments: { filter_name: 'grade', filter_value: '9' } }],
			},
			FINAL,
		]);
		await expectAnswered(WORKFLOWS.badFilter, answer);
		const [failure] = toolItems('Students');
		expect(failure.error).toBe('The given data was invalid. [item 0]');
		expect(failure.details).toMatch(
			/filter: Requested filter\(s\) `grade` are not allowed\. Allowed filter\(s\) are `.*grade_level.*`/,
		);
	});

	it('a rate limit past the retry budget (429, Retry-After 1 h) reaches the model with when to try again', async () => {
		await n8n.platform.addFault({
			path: '/v1/students',
			times: 1,
			fault: { type: 'status', status: 429, retry_after: 3600 },
		});
		try {
			const answer = await ask(WORKFLOWS.rateLimit, [CALL_GRADE_9, FINAL]);
			await expectAnswered(WORKFLOWS.rateLimit, answer);
			const [failure] = toolItems('Students');
			expect(failure.error).toMatch(/^Too many requests/);
			expect(failure.details).toMatch(
				/waiting another 1 h would exceed the 3 min retry limit\)\..* Run the workflow again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
			);
		} finally {
			await n8n.platform.clearFaults();
		}
	});

	it('a token without the students:read scope reaches the model as the scope to grant', async () => {
		const answer = await ask(WORKFLOWS.noScope, [CALL_GRADE_9, FINAL]);
		await expectAnswered(WORKFLOWS.noScope, answer);
		const [failure] = toolItems('Students');
		expect(failure.error).toMatch(
			/^The credential may not list students: it lacks the students:read scope/,
		);
		expect(failure.details).toMatch(/Make an access token with students:read/);
	});
});

/** The example's tools as the model sees them, by name: their `$fromAI` keys as the example file words them. */
const EXAMPLE_TOOLS = [
	offeredTool('Payments', 'payment', 'getMany', {
		statuses: 'Payment statuses, comma-separated: succeeded, failed, refunded, partially_refunded',
		changed_since:
			'Only payments made or changed at or after this moment, ISO 8601, e.g. 2026-11-01. A failed payment has no paid date: it last changed when it failed.',
	}),
	offeredTool('Students', 'student', 'getMany', {
		grade_levels: 'Grade levels, comma-separated; K is kindergarten, e.g. 9 or 9,10',
		student_numbers:
			'Only these students: their student numbers, comma-separated, e.g. S-2024-001042,S-2024-001043',
	}),
];

describe('the example "Ask an AI agent about failed payments" (examples/failed-payments-ai-agent.json)', () => {
	it('answers "which grade 9 students have failed payments this month?" from the failed payments, then only their students', async () => {
		const [gradeNine] = await n8n.platform.students({ 'filter[grade_level]': '9' });
		await n8n.platform.emit('payment.failed', { student_id: gradeNine.id });
		const firstOfMonth = `${new Date().toISOString().slice(0, 8)}01`;
		const payments = await n8n.platform.listAll<Row>('/v1/payments', {
			'filter[status]': 'failed',
			'filter[updated_since]': `${firstOfMonth}T00:00:00Z`,
		});
		const numbers = [
			...new Set(payments.map((payment) => (payment.student as Row).student_number as string)),
		].join(',');
		const answer = await ask(EXAMPLE_ID, [
			{
				toolCalls: [
					{ tool: /^Payments$/, arguments: { statuses: 'failed', changed_since: firstOfMonth } },
				],
			},
			{
				toolCalls: [
					{ tool: /^Students$/, arguments: { grade_levels: '9', student_numbers: numbers } },
				],
			},
			FINAL,
		]);
		await expectAnswered(EXAMPLE_ID, answer);
		for (const request of answer.requests)
			expect([...request.tools].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
				EXAMPLE_TOOLS,
			);

		const ids = (rows: Row[]) => rows.map((row) => row.id).sort();
		const students = await n8n.platform.students({
			'filter[grade_level]': '9',
			'filter[student_number]': numbers,
		});
		// Return All, bounded by what the model asked for: every payment that failed this month, then
		// only the grade 9 students among theirs, simplified.
		expect(ids(toolItems('Payments'))).toEqual(ids(payments));
		expect(ids(toolItems('Students'))).toEqual(ids(students));
		expect(ids(toolItems('Students'))).toContain(gradeNine.id);
		expect(students.length).toBeLessThan(
			(await n8n.platform.students({ 'filter[grade_level]': '9' })).length,
		);
		expect(Object.keys(toolItems('Students')[0])).not.toContain('address');
	});
});
