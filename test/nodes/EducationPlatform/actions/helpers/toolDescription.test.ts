// What a model receives for each resource's operations when an AI Agent or n8n's MCP Server
// Trigger offers the node as a tool, through the code n8n runs: n8n-workflow's Workflow (the
// parameters with their defaults, '@tool' resolved from the `…Tool` type) and n8n-core's
// createNodeAsTool (name, description and the $fromAI schema), the dev dependencies at n8n
// 2.41's versions, then LangChain's conversion for the chat model (n8n-core's own dependency).
// The one step that lives in the `n8n` package, registering the `…Tool` variant
// (convertNodeToAiTool), is mirrored by ../toolVariant.ts.
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createNodeAsTool } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import { NodeHelpers, Workflow, deepCopy, type INode, type INodeParameters } from 'n8n-workflow';
import { EducationPlatform } from '../../../../../nodes/EducationPlatform/EducationPlatform.node';
import { OPERATIONS } from '../../../../../nodes/EducationPlatform/actions/operations';
import { toolDescription } from '../../../../../nodes/EducationPlatform/actions/helpers/toolDescription';
import {
	idsFilter,
	listParameters,
	textFilter,
	updatedSinceFilter,
	type FilterOption,
} from '../../../../../nodes/shared/descriptions/filters';
import type { ResourceDescriptor } from '../../../../../nodes/shared/resources/descriptor';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';
import { createNodeTypes, nodeTypeName } from '../../../../harness';
import { EducationPlatformTool, offeredOperations } from '../../toolVariant';

const toolVariant = new EducationPlatformTool();
const nodeTypes = createNodeTypes([new EducationPlatform(), toolVariant]);

/** The tool a model is offered for a tool node saved with these parameters (n8n fills in the defaults). */
function offeredTool(parameters: INode['parameters'], name = 'Education Platform') {
	const node: INode = {
		id: 'tool',
		name,
		type: nodeTypeName(toolVariant),
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const resolved = workflow.getNode(name) as INode;
	const { response } = createNodeAsTool({
		node: resolved,
		nodeType: toolVariant,
		handleToolInvocation: async () => await Promise.resolve([]),
	});
	return { tool: response, parameters: resolved.parameters };
}

const resource = (value: string) =>
	RESOURCES.find((candidate) => candidate.value === value) as ResourceDescriptor;

/** The generated Tool Description of one of the resource's operations (operations.ts). */
const generatedText = (descriptor: ResourceDescriptor, operation: string) =>
	toolDescription(descriptor, OPERATIONS[descriptor.value], operation);

/**
 * A tool as n8n's OpenAI Chat Model sends it to the model: LangChain's convertToOpenAITool of the
 * tool n8n built (its `$fromAI` keys' zod schema as JSON Schema, what the agent sends on 1.123
 * and 2.41 alike), in the shape test/e2e/support/scriptedModel.ts records.
 */
function sentToModel(parameters: INode['parameters'], name: string) {
	const { function: sent } = convertToOpenAITool(offeredTool(parameters, name).tool);
	return { name: sent.name, description: sent.description, parameters: sent.parameters };
}

/** A description one sentence a line, so that a failing pin's diff shows the sentence that changed. */
const bySentence = (text: string | undefined) => text?.split(/(?<=\.) (?=[A-Z])/);

type SchemaProperty = { type: 'string' | 'number' | 'boolean'; description?: string };

/** The JSON Schema of a tool's input: only its `$fromAI` keys, each required, nothing else (draft-07). */
function inputSchema(properties: Record<string, SchemaProperty>, required: string[]) {
	return {
		type: 'object',
		properties,
		required,
		additionalProperties: false,
		$schema: 'http://json-schema.org/draft-07/schema#',
	};
}

/**
 * What a model receives for one operation, written out: the tool node as a user sets it up (named
 * after its action, as n8n names a new tool node, Tool Description left "Set Automatically", the
 * values the model fills given by `$fromAI`), and the tool's name, description and input schema.
 * A change to a description, a filter or n8n's handling shows here first: update the literal on
 * purpose, and docs/action-node.md where it quotes the text.
 */
interface ToolPin {
	resource: string;
	operation: string;
	node: string;
	fromAi: INodeParameters;
	name: string;
	description: string;
	schema: ReturnType<typeof inputSchema>;
}

const SUBSCRIPTION_ID = {
	__rl: true,
	mode: 'id',
	value: "={{ $fromAI('subscription_id', 'The subscription ID, starting with wh_', 'string') }}",
};
const SUBSCRIPTION_ID_KEY: SchemaProperty = {
	type: 'string',
	description: 'The subscription ID, starting with wh_',
};
const DELIVERY_ID =
	"={{ $fromAI('delivery_id', 'The delivery ID, starting with dlv_', 'string') }}";
const DELIVERY_ID_KEY: SchemaProperty = {
	type: 'string',
	description: 'The delivery ID, starting with dlv_',
};

/**
 * Every operation the tool variant offers, in the Resource and Operation selectors' order: not
 * Webhook Subscription → Delete (permanent) or Check Triggers, which it hides.
 */
const TOOL_PINS: ToolPin[] = [
	{
		resource: 'student',
		operation: 'get',
		node: 'Get student in Education Platform',
		fromAi: {
			studentId: {
				__rl: true,
				mode: 'id',
				value: "={{ $fromAI('student_id', 'The numeric student ID, e.g. 1042', 'number') }}",
			},
		},
		name: 'Get_student_in_Education_Platform',
		description:
			'Education Platform: Get one student by ID: ID, student number, names, email, status, grade level, groups, enrollment date and guardians. ' +
			'With Simplify: ID, student number, name, email, status, grade level, group IDs, enrollment date and the primary guardian. ' +
			'Give its ID (e.g. 1042); Get Many finds IDs.',
		schema: inputSchema(
			{ student_id: { type: 'number', description: 'The numeric student ID, e.g. 1042' } },
			['student_id'],
		),
	},
	{
		resource: 'student',
		operation: 'getMany',
		node: 'Get many students in Education Platform',
		// The editor's "let the model define this parameter" writes an empty description: n8n reuses no
		// parameter description, so a key describes itself only by what the workflow says.
		fromAi: {
			limit: "={{ $fromAI('Limit', '', 'number') }}",
			filters: { gradeLevel: "={{ $fromAI('Grade_Levels', `Grades, e.g. 9 or K,1`, 'string') }}" },
		},
		name: 'Get_many_students_in_Education_Platform',
		description:
			'Education Platform: List students with filters and sort; each item is one student: ID, student number, names, email, status, grade level, groups, enrollment date and guardians. ' +
			'With Simplify: ID, student number, name, email, status, grade level, group IDs, enrollment date and the primary guardian. ' +
			'Filters: Created After, Created Before, Email, Grade Levels (K, 1–12), Group IDs, Search, Status (active, inactive, graduated, withdrawn, suspended), Student Number, Updated Since; several values comma-separated match any; dates ISO 8601. ' +
			'Sort fields: id, student_number, first_name, last_name, email, status, grade_level, date_of_birth, enrolled_at, created_at, updated_at. ' +
			'Returns up to Limit students (default 10); Return All returns every match in one answer (read 100 per request): prefer filters and a small Limit. ' +
			'Set only what the input schema offers.',
		schema: inputSchema(
			{
				Limit: { type: 'number' },
				Grade_Levels: { type: 'string', description: 'Grades, e.g. 9 or K,1' },
			},
			['Limit', 'Grade_Levels'],
		),
	},
	{
		resource: 'enrollment',
		operation: 'get',
		node: 'Get enrollment in Education Platform',
		fromAi: {
			enrollmentId:
				"={{ $fromAI('enrollment_id', 'The enrollment ID, starting with enr_', 'string') }}",
		},
		name: 'Get_enrollment_in_Education_Platform',
		description:
			'Education Platform: Get one enrollment by ID: ID, the student, course, term, status, and when it was made, cancelled or completed with the final grade. ' +
			'With Simplify: ID, student ID, name and number, course ID, code and name, term, status, the dates and the final grade. ' +
			'Give its ID (e.g. enr_8Fk2Lq9Z); Get Many finds IDs.',
		schema: inputSchema(
			{ enrollment_id: { type: 'string', description: 'The enrollment ID, starting with enr_' } },
			['enrollment_id'],
		),
	},
	{
		resource: 'enrollment',
		operation: 'getMany',
		node: 'Get many enrollments in Education Platform',
		fromAi: {
			limit: "={{ $fromAI('limit', 'How many enrollments at most', 'number') }}",
			filters: {
				studentId: {
					__rl: true,
					mode: 'id',
					value: "={{ $fromAI('student_id', 'The numeric student ID', 'number') }}",
				},
				status: "={{ $fromAI('statuses', 'Enrollment statuses, comma-separated', 'string') }}",
			},
		},
		name: 'Get_many_enrollments_in_Education_Platform',
		description:
			'Education Platform: List enrollments with filters and sort; each item is one enrollment: ID, the student, course, term, status, and when it was made, cancelled or completed with the final grade. ' +
			'With Simplify: ID, student ID, name and number, course ID, code and name, term, status, the dates and the final grade. ' +
			'Filters: Cancelled After, Cancelled Before, Completed After, Completed Before, Course IDs, Enrolled After, Enrolled Before, Status (pending, active, cancelled, completed), Student, Term IDs, Updated Since; several values comma-separated match any; dates ISO 8601. ' +
			'Sort fields: id, student_id, status, enrolled_at, cancelled_at, completed_at, updated_at. ' +
			'Returns up to Limit enrollments (default 10); Return All returns every match in one answer (read 100 per request): prefer filters and a small Limit. ' +
			'Set only what the input schema offers.',
		schema: inputSchema(
			{
				limit: { type: 'number', description: 'How many enrollments at most' },
				statuses: { type: 'string', description: 'Enrollment statuses, comma-separated' },
				student_id: { type: 'number', description: 'The numeric student ID' },
			},
			['limit', 'statuses', 'student_id'],
		),
	},
	{
		resource: 'payment',
		operation: 'get',
		node: 'Get payment in Education Platform',
		fromAi: {
			paymentId: "={{ $fromAI('payment_id', 'The payment ID, starting with pay_', 'string') }}",
		},
		name: 'Get_payment_in_Education_Platform',
		description:
			"Education Platform: Get one payment by ID: ID, the student, invoice, description, amount in cents (the currency's smallest unit) and currency, status, method, paid, failure and refund details. " +
			"With Simplify: ID, student ID, name and number, invoice, description, amount in cents (the currency's smallest unit) and as a decimal with the currency, status, method, paid date, failure message and refund. " +
			'Give its ID (e.g. pay_3Qw8Er5T); Get Many finds IDs.',
		schema: inputSchema(
			{ payment_id: { type: 'string', description: 'The payment ID, starting with pay_' } },
			['payment_id'],
		),
	},
	{
		resource: 'payment',
		operation: 'getMany',
		node: 'Get many payments in Education Platform',
		fromAi: {
			limit: "={{ $fromAI('limit', 'How many payments at most', 'number') }}",
			filters: {
				status: "={{ $fromAI('statuses', 'Payment statuses, comma-separated', 'string') }}",
				updatedSince:
					"={{ $fromAI('changed_since', 'Only payments changed at or after this moment, ISO 8601', 'string') }}",
			},
		},
		name: 'Get_many_payments_in_Education_Platform',
		description:
			"Education Platform: List payments with filters and sort; each item is one payment: ID, the student, invoice, description, amount in cents (the currency's smallest unit) and currency, status, method, paid, failure and refund details. " +
			"With Simplify: ID, student ID, name and number, invoice, description, amount in cents (the currency's smallest unit) and as a decimal with the currency, status, method, paid date, failure message and refund. " +
			'Filters: Currency, Invoice IDs, Method (card, bank_transfer, direct_debit, cash), Paid After, Paid Before, Refunded, Status (succeeded, failed, refunded, partially_refunded), Student, Updated Since; several values comma-separated match any; dates ISO 8601. ' +
			'Sort fields: id, student_id, amount, status, paid_at, refunded_at, updated_at. ' +
			'Returns up to Limit payments (default 10); Return All returns every match in one answer (read 100 per request): prefer filters and a small Limit. ' +
			'Set only what the input schema offers.',
		schema: inputSchema(
			{
				limit: { type: 'number', description: 'How many payments at most' },
				statuses: { type: 'string', description: 'Payment statuses, comma-separated' },
				changed_since: {
					type: 'string',
					description: 'Only payments changed at or after this moment, ISO 8601',
				},
			},
			['limit', 'statuses', 'changed_since'],
		),
	},
	{
		resource: 'examResult',
		operation: 'get',
		node: 'Get exam result in Education Platform',
		fromAi: {
			examResultId:
				"={{ $fromAI('exam_result_id', 'The exam result ID, starting with exr_', 'string') }}",
		},
		name: 'Get_exam_result_in_Education_Platform',
		description:
			'Education Platform: Get one exam result by ID: ID, the exam (name, subject, date), the student, score, maximum, percentage, pass mark, letter grade, whether passed and when published. ' +
			'With Simplify: ID, student ID, name and number, exam ID, name and subject, date taken, score, maximum, percentage, grade, passed and published date. ' +
			'Give its ID (e.g. exr_5Tg7Uh2K); Get Many finds IDs.',
		schema: inputSchema(
			{ exam_result_id: { type: 'string', description: 'The exam result ID, starting with exr_' } },
			['exam_result_id'],
		),
	},
	{
		resource: 'examResult',
		operation: 'getMany',
		node: 'Get many exam results in Education Platform',
		fromAi: {
			limit: "={{ $fromAI('limit', 'How many results at most', 'number') }}",
			filters: {
				subject: "={{ $fromAI('subject', 'The subject, e.g. Mathematics', 'string') }}",
				passed:
					"={{ $fromAI('passed', 'true for passed results, false for failed ones', 'boolean') }}",
			},
		},
		name: 'Get_many_exam_results_in_Education_Platform',
		description:
			'Education Platform: List exam results with filters and sort; each item is one exam result: ID, the exam (name, subject, date), the student, score, maximum, percentage, pass mark, letter grade, whether passed and when published. ' +
			'With Simplify: ID, student ID, name and number, exam ID, name and subject, date taken, score, maximum, percentage, grade, passed and published date. ' +
			'Filters: Exam IDs, Grade (A, B, C, D, E, F), Passed, Published After, Published Before, Student, Subject, Updated Since; several values comma-separated match any; dates ISO 8601. ' +
			'Sort fields: id, student_id, score, percentage, grade, published_at, updated_at. ' +
			'Returns up to Limit exam results (default 10); Return All returns every match in one answer (read 100 per request): prefer filters and a small Limit. ' +
			'Set only what the input schema offers.',
		schema: inputSchema(
			{
				limit: { type: 'number', description: 'How many results at most' },
				passed: { type: 'boolean', description: 'true for passed results, false for failed ones' },
				subject: { type: 'string', description: 'The subject, e.g. Mathematics' },
			},
			['limit', 'passed', 'subject'],
		),
	},
	{
		resource: 'webhookSubscription',
		operation: 'get',
		node: 'Get webhook subscription in Education Platform',
		fromAi: { webhookSubscriptionId: SUBSCRIPTION_ID },
		name: 'Get_webhook_subscription_in_Education_Platform',
		description:
			'Education Platform: Get one webhook subscription by ID: ID, URL, event types, description, whether enabled, and whether it delivers to this n8n (delivers_to_this_n8n). ' +
			'It shows only subscriptions that deliver to this n8n (delivers_to_this_n8n: true). ' +
			'With Simplify: ID, URL, event types, description, enabled and created date. ' +
			'Give its ID (e.g. wh_2f9c1a7e4b); Get Many finds IDs.',
		schema: inputSchema({ subscription_id: SUBSCRIPTION_ID_KEY }, ['subscription_id']),
	},
	{
		resource: 'webhookSubscription',
		operation: 'getMany',
		node: 'Get many webhook subscriptions in Education Platform',
		fromAi: { limit: "={{ $fromAI('limit', 'How many subscriptions at most', 'number') }}" },
		name: 'Get_many_webhook_subscriptions_in_Education_Platform',
		description:
			'Education Platform: List webhook subscriptions with filters and sort; each item is one webhook subscription: ID, URL, event types, description, whether enabled, and whether it delivers to this n8n (delivers_to_this_n8n). ' +
			'It shows only subscriptions that deliver to this n8n (delivers_to_this_n8n: true). ' +
			'With Simplify: ID, URL, event types, description, enabled and created date. ' +
			'Filters: URL. ' +
			'Sort fields: created_at. ' +
			'Returns up to Limit webhook subscriptions (default 10); Return All returns every match in one answer (read 100 per request): prefer filters and a small Limit. ' +
			'Set only what the input schema offers.',
		schema: inputSchema(
			{ limit: { type: 'number', description: 'How many subscriptions at most' } },
			['limit'],
		),
	},
	{
		resource: 'webhookDelivery',
		operation: 'get',
		node: 'Get webhook delivery in Education Platform',
		fromAi: { webhookSubscriptionId: SUBSCRIPTION_ID, webhookDeliveryId: DELIVERY_ID },
		name: 'Get_webhook_delivery_in_Education_Platform',
		description:
			"Education Platform: Get one delivery of a subscription by ID: ID, subscription ID, event ID and type, status (pending, succeeded, failed), attempts and the next attempt's time. " +
			"With Simplify: ID, subscription ID, event ID and type, status, attempt count, next attempt, created date and the last attempt's response status and error. " +
			"Give its subscription's ID and its own (e.g. dlv_8Ui9Op0A); Get Many finds IDs.",
		schema: inputSchema({ subscription_id: SUBSCRIPTION_ID_KEY, delivery_id: DELIVERY_ID_KEY }, [
			'subscription_id',
			'delivery_id',
		]),
	},
	{
		resource: 'webhookDelivery',
		operation: 'getMany',
		node: 'Get many webhook deliveries in Education Platform',
		fromAi: {
			limit: "={{ $fromAI('limit', 'How many deliveries at most', 'number') }}",
			filters: {
				status: "={{ $fromAI('statuses', 'Delivery statuses, comma-separated', 'string') }}",
			},
		},
		name: 'Get_many_webhook_deliveries_in_Education_Platform',
		description:
			"Education Platform: List the deliveries of one subscription or of all of this n8n's, filtered by status, event type and creation time; each item is one webhook delivery: ID, subscription ID, event ID and type, status (pending, succeeded, failed), attempts and the next attempt's time. " +
			"With Simplify: ID, subscription ID, event ID and type, status, attempt count, next attempt, created date and the last attempt's response status and error. " +
			'Filters: Created After, Created Before, Event IDs, Event Types, Status (pending, succeeded, failed); several values comma-separated match any; dates ISO 8601. ' +
			'Sort fields: created_at. ' +
			'Returns up to Limit webhook deliveries (default 10); Return All returns every match in one answer (read 100 per request): prefer filters and a small Limit. ' +
			'Set only what the input schema offers.',
		schema: inputSchema(
			{
				limit: { type: 'number', description: 'How many deliveries at most' },
				statuses: { type: 'string', description: 'Delivery statuses, comma-separated' },
			},
			['limit', 'statuses'],
		),
	},
	{
		resource: 'webhookDelivery',
		operation: 'redeliver',
		node: 'Send webhook delivery again in Education Platform',
		fromAi: { webhookSubscriptionId: SUBSCRIPTION_ID, webhookDeliveryId: DELIVERY_ID },
		name: 'Send_webhook_delivery_again_in_Education_Platform',
		description:
			"Education Platform: Send a delivery's event again to its subscription (same event ID, new delivery); skipped when the event was delivered since, is still being retried, has a newer delivery or failed 3 times, or the subscription is disabled. " +
			'It sends only to subscriptions that deliver to this n8n (delivers_to_this_n8n: true); for any other it sends nothing and fails. ' +
			"Give its subscription's ID and its own (e.g. dlv_8Ui9Op0A); Get Many finds IDs.",
		schema: inputSchema({ subscription_id: SUBSCRIPTION_ID_KEY, delivery_id: DELIVERY_ID_KEY }, [
			'subscription_id',
			'delivery_id',
		]),
	},
];

describe('what a model receives for each operation the tool offers (Tool Description: Set Automatically)', () => {
	it('pins every operation the tool variant offers, and no other', () => {
		const offered = RESOURCES.flatMap((descriptor) =>
			offeredOperations(toolVariant, descriptor.value).map(
				(operation) => `${descriptor.value} → ${operation}`,
			),
		);
		expect(TOOL_PINS.map(({ resource, operation }) => `${resource} → ${operation}`)).toEqual(
			offered,
		);
	});

	it.each(TOOL_PINS)(
		'$resource → $operation: its name, description and input schema',
		({ resource: value, operation, node, fromAi, name, description, schema }) => {
			// Saved by n8n's own Tool Description selector as "Set Automatically": the node has no such parameter, so n8n drops it.
			const sent = sentToModel(
				{
					descriptionType: 'auto',
					authentication: 'accessToken',
					resource: value,
					operation,
					...fromAi,
				},
				node,
			);
			expect({ ...sent, description: bySentence(sent.description) }).toEqual({
				name,
				description: bySentence(description),
				parameters: schema,
			});
			// OpenAI's limit for a function's description.
			expect(description.length).toBeLessThanOrEqual(1024);
		},
	);
});

describe('the tool description a model receives', () => {
	it('refuses an operation the resource does not have', () => {
		expect(() => generatedText(resource('student'), 'delete')).toThrow(
			'Student has no operation delete',
		);
	});

	it.each<[string, FilterOption[], string]>([
		['a text', [textFilter('url', 'url', 'URL', '', 'The URL')], 'Filters: URL.'],
		[
			'a list',
			[idsFilter('examId', 'exam_id', 'Exam IDs', 'Exams')],
			'Filters: Exam IDs; several values comma-separated match any.',
		],
		['a date', [updatedSinceFilter('records')], 'Filters: Updated Since; dates ISO 8601.'],
	])(
		'says how to give several values and dates only when a filter takes them: Get Many with %s filter',
		(_, filters, sentence) => {
			const withFilters = {
				...resource('webhookSubscription'),
				...listParameters(filters, ['created_at']),
			};
			expect(bySentence(generatedText(withFilters, 'getMany'))).toContain(sentence);
		},
	);

	it("replaces n8n's own Set Automatically text, which is only the nodes panel's action name", () => {
		const { description } = toolVariant;
		// The node as n8n would see it without its own Tool Description (n8n then adds its selector).
		const withoutOwn = {
			description: {
				...description,
				properties: description.properties.filter(
					(property) => property.name !== 'toolDescription',
				),
			},
		};
		const node: INode = {
			id: 'n',
			name: 'n',
			type: nodeTypeName(toolVariant),
			typeVersion: 1,
			position: [0, 0],
			parameters: { descriptionType: 'auto', resource: 'student', operation: 'getMany' },
		};
		expect(NodeHelpers.getToolDescriptionForNode(node, withoutOwn as EducationPlatformTool)).toBe(
			'Get many students in Education Platform',
		);
	});

	it('is what the user wrote once they edit it (and what a tool saved with "Set Manually" keeps)', () => {
		const { tool } = offeredTool({
			descriptionType: 'manual',
			toolDescription: 'Find students of grade 9.',
			resource: 'student',
			operation: 'getMany',
		});
		expect(tool.description).toBe('Find students of grade 9.');
	});

	it('is a parameter of the tool variant only: the node in a workflow has none', () => {
		const node: INode = {
			id: 'n',
			name: 'Node',
			type: nodeTypeName(new EducationPlatform()),
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		expect(workflow.getNode('Node')?.parameters).not.toHaveProperty('toolDescription');
		expect(offeredTool({}).parameters.toolDescription).toBe(
			generatedText(resource('student'), 'getMany'),
		);
	});
});

/**
 * A tool node as n8n's editor holds it: added with every default, then changed one parameter at a
 * time the way the NDV's updateNodeParameter does (the same steps in the 1.123.81 and 2.41.1
 * editor bundles): the current parameters without their defaults, judged by the current Resource
 * and Operation; the new value set; the defaults filled in again for the new ones; n8n's own
 * getUpdatedToolDescription (which acts only on its Set Manually pair). `saved` is what the
 * editor stores (getNodeParameters without defaults), the parameters a model's tool is built from.
 * getNodeParameters treats a string parameter alike in n8n-workflow 1.123 and 2.41.
 */
function editorTool() {
	const { description } = toolVariant;
	const node: INode = {
		id: 'tool',
		name: 'Education Platform',
		type: nodeTypeName(toolVariant),
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const withDefaults = (parameters: INodeParameters) =>
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			node,
			description,
		) as INodeParameters;
	const withoutDefaults = () =>
		NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			false,
			false,
			node,
			description,
		) as INodeParameters;
	node.parameters = withDefaults({});
	return {
		parameters: () => node.parameters,
		set(name: string, value: string) {
			const changed = deepCopy(withoutDefaults());
			changed[name] = value;
			const next = withDefaults(changed);
			const updated = NodeHelpers.getUpdatedToolDescription(description, next, node.parameters);
			if (updated) next.toolDescription = updated;
			node.parameters = next;
		},
		saved: withoutDefaults,
	};
}

describe('the Tool Description in the editor', () => {
	it.each(
		RESOURCES.flatMap((descriptor) =>
			Object.keys(OPERATIONS[descriptor.value]).map((value) => [descriptor.value, value] as const),
		),
	)(
		'left as generated, follows Resource and Operation: a new tool (Student → Get Many) switched to %s → %s',
		(resourceValue, operation) => {
			const tool = editorTool();
			tool.set('resource', resourceValue);
			tool.set('operation', operation);
			const expected = generatedText(resource(resourceValue), operation);
			expect(tool.parameters().toolDescription).toBe(expected);
			expect(tool.saved()).not.toHaveProperty('toolDescription');
			expect(offeredTool(tool.saved()).tool.description).toBe(expected);
		},
	);

	it("keeps the user's own text across switches, and Reset Value (the property's default) makes it follow again", () => {
		const tool = editorTool();
		tool.set('toolDescription', 'Find failed payments.');
		tool.set('resource', 'payment');
		tool.set('operation', 'get');
		expect(tool.saved()).toMatchObject({ toolDescription: 'Find failed payments.' });
		expect(offeredTool(tool.saved()).tool.description).toBe('Find failed payments.');
		tool.set('toolDescription', generatedText(resource('payment'), 'get'));
		tool.set('resource', 'examResult');
		expect(tool.saved()).not.toHaveProperty('toolDescription');
		expect(offeredTool(tool.saved()).tool.description).toBe(
			generatedText(resource('examResult'), 'get'),
		);
	});

	it('is not the generated text once emptied: n8n then sends its own action name', () => {
		const tool = editorTool();
		tool.set('toolDescription', '');
		expect(offeredTool(tool.saved()).tool.description).toBe(
			'Get many students in Education Platform',
		);
	});

	it("is taken as written from parameters that skip the editor: another operation's text stays", () => {
		const studentText = generatedText(resource('student'), 'getMany');
		const { tool } = offeredTool({
			resource: 'payment',
			operation: 'get',
			toolDescription: studentText,
		});
		expect(tool.description).toBe(studentText);
	});
});
