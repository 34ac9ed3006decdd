// The scripted model over real HTTP on loopback, spoken to as the OpenAI client n8n uses speaks to
// it: both APIs, plain and streamed, a tool chosen by name from what the request offers, the tool's
// result read back from the next request, and a request the script did not expect refused.
import { pickTool, startScriptedModel, type ScriptedModel } from './scriptedModel';

let model: ScriptedModel;

beforeAll(async () => {
	model = await startScriptedModel();
});

afterAll(async () => {
	await model.close();
});

const SCHEMA = {
	type: 'object',
	properties: { grade_levels: { type: 'string' } },
	required: ['grade_levels'],
};

async function post(path: string, body: Record<string, unknown>): Promise<Response> {
	return fetch(`${model.url}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}

/** The `data:` payloads of a server-sent event stream. */
async function events(response: Response): Promise<unknown[]> {
	const text = await response.text();
	return text
		.split('\n\n')
		.map((block) =>
			block
				.split('\n')
				.find((line) => line.startsWith('data: '))
				?.slice(6),
		)
		.filter((data): data is string => data !== undefined && data !== '[DONE]')
		.map((data) => JSON.parse(data) as unknown);
}

describe('the scripted model', () => {
	it('Chat Completions: calls the offered tool, then answers; reads the tool result back', async () => {
		model.script([
			{ toolCalls: [{ tool: /^Students$/, arguments: { grade_levels: '9' } }] },
			{ answer: 'Done.' },
		]);
		const tools = [
			{ type: 'function', function: { name: 'Other', description: 'x', parameters: {} } },
			{
				type: 'function',
				function: { name: 'Students', description: 'Get many students', parameters: SCHEMA },
			},
		];
		const first = (await (
			await post('/chat/completions', {
				model: 'm',
				messages: [{ role: 'user', content: 'q' }],
				tools,
			})
		).json()) as {
			choices: Array<{
				message: {
					tool_calls: Array<{ id: string; function: { name: string; arguments: string } }>;
				};
				finish_reason: string;
			}>;
		};
		const [call] = first.choices[0].message.tool_calls;
		expect([
			call.function.name,
			JSON.parse(call.function.arguments),
			first.choices[0].finish_reason,
		]).toEqual(['Students', { grade_levels: '9' }, 'tool_calls']);

		const messages = [
			{ role: 'user', content: 'q' },
			{ role: 'assistant', content: null, tool_calls: [call] },
			{ role: 'tool', tool_call_id: call.id, content: '[{"id":1}]' },
		];
		const second = (await (
			await post('/chat/completions', { model: 'm', messages, tools })
		).json()) as { choices: Array<{ message: { content: string } }> };
		expect(second.choices[0].message.content).toBe('Done.');

		expect(model.requests.map((request) => request.api)).toEqual([
			'chat-completions',
			'chat-completions',
		]);
		expect(model.requests[0].tools[1]).toEqual({
			name: 'Students',
			description: 'Get many students',
			parameters: SCHEMA,
		});
		expect(model.resultOf('Students')).toBe('[{"id":1}]');
	});

	it('Responses API, streamed: the function call and the answer as events, the result read from function_call_output', async () => {
		model.script([
			{ toolCalls: [{ tool: /^Students$/, arguments: { grade_levels: '9' } }] },
			{ answer: 'Done.' },
		]);
		const tools = [
			{ type: 'function', name: 'Students', description: 'Get many students', parameters: SCHEMA },
		];
		const first = await events(
			await post('/responses', {
				model: 'm',
				input: [{ role: 'user', content: 'q' }],
				tools,
				stream: true,
			}),
		);
		const added = first.find(
			(event) => (event as { type: string }).type === 'response.output_item.added',
		) as { item: { call_id: string; name: string; arguments: string } };
		expect([added.item.name, JSON.parse(added.item.arguments)]).toEqual([
			'Students',
			{ grade_levels: '9' },
		]);
		expect((first.at(-1) as { type: string }).type).toBe('response.completed');

		const input = [
			{ type: 'function_call_output', call_id: added.item.call_id, output: '[{"id":2}]' },
		];
		const second = await events(
			await post('/responses', { model: 'm', input, tools, stream: true }),
		);
		expect(
			second
				.filter((event) => (event as { type: string }).type === 'response.output_text.delta')
				.map((event) => (event as { delta: string }).delta),
		).toEqual(['Done.']);
		expect(model.requests.map(({ api, stream }) => [api, stream])).toEqual([
			['responses', true],
			['responses', true],
		]);
		expect(model.resultOf('Students')).toBe('[{"id":2}]');
	});

	it('refuses a request past the script, and a tool call when no offered tool matches (400, not retried)', async () => {
		model.script([]);
		const exhausted = await post('/responses', { model: 'm', input: [] });
		expect(exhausted.status).toBe(400);
		expect(await exhausted.json()).toEqual({
			error: {
				message: 'The script has no step left for request 1',
				type: 'invalid_request_error',
			},
		});
		expect(() =>
			pickTool([{ name: 'Payments', description: '', parameters: {} }], /^Students$/),
		).toThrow('No offered tool matches /^Students$/; offered: Payments');
	});
});
