// A scripted OpenAI-compatible chat model on loopback, for n8n's OpenAI Chat Model node (its
// credential's Base URL points here). It serves both APIs that node calls: Chat Completions
// (`POST /v1/chat/completions`, "Use Responses API" off) and the Responses API (`POST /v1/responses`,
// on by default from node version 1.3), as plain JSON or streamed (server-sent events) as the
// request asks. Every request is recorded, read into one shape whichever API carried it (the tools
// offered, the tool results sent back), and answered by the next step of the test's script.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ModelApi = 'chat-completions' | 'responses';

/** A tool as the model is offered it: what n8n made of a tool node. */
export interface OfferedTool {
	name: string;
	description: string;
	/** The function's JSON schema. */
	parameters: Record<string, unknown>;
}

/** A tool's result as the agent sends it back to the model. */
export interface ToolResult {
	callId: string;
	output: string;
}

export interface ModelRequest {
	api: ModelApi;
	stream: boolean;
	tools: OfferedTool[];
	toolResults: ToolResult[];
	body: Record<string, unknown>;
}

/** One call of a tool: the offered tool whose name `tool` matches, with these arguments. */
export interface ScriptedToolCall {
	tool: RegExp;
	arguments: Record<string, unknown>;
}

/** What the model answers one request with: tool calls (all at once), or a final text. */
export type ScriptStep = { toolCalls: ScriptedToolCall[] } | { answer: string };

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);

/** A message content as text: a string, or the text of its parts. */
function text(content: unknown): string {
	if (typeof content === 'string') return content;
	return list(content)
		.map((part) => (typeof part.text === 'string' ? part.text : ''))
		.join('');
}

/** The request in one shape: tools and tool results sit in different places in the two APIs. */
export function readRequest(api: ModelApi, body: Json): ModelRequest {
	const stream = body.stream === true;
	if (api === 'chat-completions') {
		return {
			api,
			stream,
			body,
			tools: list(body.tools).map((tool) => {
				const fn = record(tool.function);
				return {
					name: String(fn.name),
					description: String(fn.description ?? ''),
					parameters: record(fn.parameters),
				};
			}),
			toolResults: list(body.messages)
				.filter((message) => message.role === 'tool')
				.map((message) => ({
					callId: String(message.tool_call_id),
					output: text(message.content),
				})),
		};
	}
	return {
		api,
		stream,
		body,
		tools: list(body.tools)
			.filter((tool) => tool.type === 'function')
			.map((tool) => ({
				name: String(tool.name),
				description: String(tool.description ?? ''),
				parameters: record(tool.parameters),
			})),
		toolResults: list(body.input)
			.filter((item) => item.type === 'function_call_output')
			.map((item) => ({ callId: String(item.call_id), output: text(item.output) })),
	};
}

/** The offered tool a scripted call means; an error naming what was offered when none matches. */
export function pickTool(tools: readonly OfferedTool[], wanted: RegExp): OfferedTool {
	const found = tools.find((tool) => wanted.test(tool.name));
	if (!found)
		throw new Error(
			`No offered tool matches ${String(wanted)}; offered: ${tools.map((tool) => tool.name).join(', ') || 'none'}`,
		);
	return found;
}

/** A tool call the model made: its ID (which the tool's result names), the tool, the arguments as JSON. */
export interface IssuedCall {
	id: string;
	name: string;
	arguments: string;
}

export function callsOf(request: ModelRequest, step: ScriptStep, turn: number): IssuedCall[] {
	if (!('toolCalls' in step)) return [];
	return step.toolCalls.map((call, index) => ({
		id: `call_${turn}_${index}`,
		name: pickTool(request.tools, call.tool).name,
		arguments: JSON.stringify(call.arguments),
	}));
}

const USAGE = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };

/** A Chat Completions answer (the step's text, or these calls of it): the whole completion, or the chunks of its stream. */
export function chatCompletion(
	request: ModelRequest,
	step: ScriptStep,
	calls: IssuedCall[],
	turn: number,
): { json: Json; chunks: Json[] } {
	const toolCalls = calls.map((call, index) => ({
		index,
		id: call.id,
		type: 'function',
		function: { name: call.name, arguments: call.arguments },
	}));
	const content = 'answer' in step ? step.answer : null;
	const finishReason = calls.length > 0 ? 'tool_calls' : 'stop';
	const head = {
		id: `chatcmpl_${turn}`,
		created: Math.floor(Date.now() / 1000),
		model: String(request.body.model),
	};
	const message = {
		role: 'assistant',
		content,
		...(calls.length > 0 ? { tool_calls: toolCalls } : {}),
	};
	return {
		json: {
			...head,
			object: 'chat.completion',
			choices: [{ index: 0, message, finish_reason: finishReason }],
			usage: USAGE,
		},
		chunks: [
			{
				...head,
				object: 'chat.completion.chunk',
				choices: [{ index: 0, delta: message, finish_reason: null }],
			},
			{
				...head,
				object: 'chat.completion.chunk',
				choices: [{ index: 0, delta: {}, finish_reason: finishReason }],
				usage: USAGE,
			},
		],
	};
}

/** A Responses API answer (the step's text, or these calls of it): the whole response, or the events of its stream. */
export function response(
	request: ModelRequest,
	step: ScriptStep,
	calls: IssuedCall[],
	turn: number,
): { json: Json; events: Json[] } {
	const output: Json[] =
		'answer' in step
			? [
					{
						type: 'message',
						id: `msg_${turn}`,
						role: 'assistant',
						status: 'completed',
						content: [{ type: 'output_text', text: step.answer, annotations: [] }],
					},
				]
			: calls.map((call, index) => ({
					type: 'function_call',
					id: `fc_${turn}_${index}`,
					call_id: call.id,
					name: call.name,
					arguments: call.arguments,
					status: 'completed',
				}));
	const head = {
		id: `resp_${turn}`,
		object: 'response',
		created_at: Math.floor(Date.now() / 1000),
		model: String(request.body.model),
		error: null,
		incomplete_details: null,
		metadata: {},
	};
	const usage = {
		input_tokens: 1,
		output_tokens: 1,
		total_tokens: 2,
		input_tokens_details: { cached_tokens: 0 },
		output_tokens_details: { reasoning_tokens: 0 },
	};
	const json = { ...head, status: 'completed', output, usage };
	const itemEvents = output.flatMap((item, index) => [
		{
			type: 'response.output_item.added',
			output_index: index,
			item: item.type === 'message' ? { ...item, content: [] } : item,
		},
		...(item.type === 'message'
			? [
					{
						type: 'response.output_text.delta',
						item_id: item.id,
						output_index: index,
						content_index: 0,
						delta: (step as { answer: string }).answer,
					},
				]
			: []),
		{ type: 'response.output_item.done', output_index: index, item },
	]);
	const events = [
		{ type: 'response.created', response: { ...head, status: 'in_progress', output: [] } },
		...itemEvents,
		{ type: 'response.completed', response: json },
	];
	return { json, events: events.map((event, index) => ({ ...event, sequence_number: index })) };
}

export interface ScriptedModel {
	/** The Base URL for n8n's OpenAI credential: `http://127.0.0.1:<port>/v1`. */
	url: string;
	/** Every request since the last `script()`, in order. */
	requests: ModelRequest[];
	/** Every tool call answered since the last `script()`. */
	calls: IssuedCall[];
	/** The result the agent sent back for the (first) call of the tool named `tool`. */
	resultOf(tool: string): string | undefined;
	/** The answers to the next requests, one step per request; forgets earlier requests. */
	script(steps: ScriptStep[]): void;
	close(): Promise<void>;
}

const PATHS: Record<string, ModelApi> = {
	'/v1/chat/completions': 'chat-completions',
	'/v1/responses': 'responses',
};

async function readBody(request: IncomingMessage): Promise<Json> {
	const parts: Buffer[] = [];
	for await (const part of request) parts.push(part as Buffer);
	return record(JSON.parse(Buffer.concat(parts).toString('utf8') || '{}'));
}

function sendEvents(res: ServerResponse, events: Json[], named: boolean, done: boolean): void {
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	for (const event of events)
		res.write(`${named ? `event: ${String(event.type)}\n` : ''}data: ${JSON.stringify(event)}\n\n`);
	if (done) res.write('data: [DONE]\n\n');
	res.end();
}

export async function startScriptedModel(): Promise<ScriptedModel> {
	let steps: ScriptStep[] = [];
	let turn = 0;
	const requests: ModelRequest[] = [];
	const calls: IssuedCall[] = [];

	const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
		const api = req.method === 'POST' ? PATHS[(req.url ?? '').split('?')[0]] : undefined;
		if (!api) {
			res
				.writeHead(404, { 'content-type': 'application/json' })
				.end(JSON.stringify({ error: { message: `${req.method} ${req.url} is not served` } }));
			return;
		}
		const request = readRequest(api, await readBody(req));
		requests.push(request);
		const step = steps.shift();
		// A request the script did not expect fails the run visibly (400 is not retried).
		if (!step) throw new Error(`The script has no step left for request ${requests.length}`);
		turn++;
		const made = callsOf(request, step, turn);
		calls.push(...made);
		if (api === 'chat-completions') {
			const { json, chunks } = chatCompletion(request, step, made, turn);
			if (request.stream) sendEvents(res, chunks, false, true);
			else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
		} else {
			const { json, events } = response(request, step, made, turn);
			if (request.stream) sendEvents(res, events, true, false);
			else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
		}
	};

	const server: Server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					error: {
						message: error instanceof Error ? error.message : String(error),
						type: 'invalid_request_error',
					},
				}),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		calls,
		resultOf(tool) {
			const call = calls.find((candidate) => candidate.name === tool);
			return requests
				.flatMap((request) => request.toolResults)
				.find((result) => result.callId === call?.id)?.output;
		},
		script(next) {
			steps = [...next];
			requests.length = 0;
			calls.length = 0;
		},
		close: () =>
			new Promise<void>((resolve, reject) =>
				server.close((error) => (error ? reject(error) : resolve())),
			),
	};
}
