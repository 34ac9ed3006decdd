// What a model receives for each resource's operations when an AI Agent or n8n's MCP Server
// Trigger offers the node as a tool, through the code n8n runs: n8n-workflow's Workflow (the
// parameters with their defaults, '@tool' resolved from the `…Tool` type) and n8n-core's
// createNodeAsTool (name, description and the $fromAI schema), the dev dependencies at n8n
// 2.41's versions. The one step that lives in the `n8n` package, registering the `…Tool` variant
// (convertNodeToAiTool), is mirrored by ../toolVariant.ts.
import { createNodeAsTool } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import { NodeHelpers, Workflow, deepCopy, type INode, type INodeParameters } from 'n8n-workflow';
import { EducationPlatform } from '../../../../nodes/EducationPlatform/EducationPlatform.node';
import { SERVICE_NAME, toolDescription } from '../../../../nodes/EducationPlatform/actions/toolDescription';
import { MAX_PAGE_SIZE, TOOL_DEFAULT_LIMIT } from '../../../../nodes/shared/list/page';
import type { ResourceDescriptor } from '../../../../nodes/shared/resources/descriptor';
import { RESOURCES } from '../../../../nodes/shared/resources/registry';
import { createNodeTypes, nodeTypeName } from '../../../harness';
import { EducationPlatformTool } from '../toolVariant';

const toolVariant = new EducationPlatformTool();
const nodeTypes = createNodeTypes([new EducationPlatform(), toolVariant]);

/** The tool a model is offered for a tool node saved with these parameters (n8n fills in the defaults). */
function offeredTool(parameters: INode['parameters'], name = 'Education Platform') {
	const node: INode = { id: 'tool', name, type: nodeTypeName(toolVariant), typeVersion: 1, position: [0, 0], parameters };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const resolved = workflow.getNode(name) as INode;
	const { response } = createNodeAsTool({ node: resolved, nodeType: toolVariant, handleToolInvocation: async () => await Promise.resolve([]) });
	return { tool: response, parameters: resolved.parameters };
}

const resource = (value: string) => RESOURCES.find((candidate) => candidate.value === value) as ResourceDescriptor;

describe('the tool description a model receives', () => {
	it("is the text of the resource's descriptor, for every resource and operation, within OpenAI's 1,024 characters", () => {
		for (const descriptor of RESOURCES) {
			for (const { value: operation } of descriptor.operations) {
				// Saved by n8n's own Tool Description selector as "Set Automatically": the node has no such parameter, so n8n drops it.
				const { tool } = offeredTool({ descriptionType: 'auto', resource: descriptor.value, operation });
				expect(tool.description).toBe(toolDescription(descriptor, operation));
				expect(tool.description.length).toBeLessThanOrEqual(1024);
				expect(tool.description.startsWith(`${SERVICE_NAME}: `)).toBe(true);
			}
		}
	});

	it('says for Student → Get Many what a student holds, its filters and sort fields, and how many come back', () => {
		expect(offeredTool({ resource: 'student', operation: 'getMany' }).tool.description).toBe(
			'Education Platform: List students with filters and sort; each item is one student: ID, student number, names, email, status, grade level, groups, enrolment date and guardians. ' +
				'With Simplify: ID, student number, name, email, status, grade level, group IDs, enrolment date and the primary guardian. ' +
				'Filters: Created After, Created Before, Email, Grade Levels (K, 1–12), Group IDs, Search, Status (active, inactive, graduated, withdrawn, suspended), Student Number, Updated Since; several values comma-separated match any; dates ISO 8601. ' +
				'Sort fields: id, student_number, first_name, last_name, email, status, grade_level, date_of_birth, enrolled_at, created_at, updated_at. ' +
				'Returns up to Limit students (default 10); Return All returns every match in one answer (read 100 per request): prefer filters and a small Limit. ' +
				'Set only what the input schema offers.',
		);
	});

	it('says for Student → Get what it returns and which ID it takes', () => {
		expect(offeredTool({ resource: 'student', operation: 'get' }).tool.description).toBe(
			'Education Platform: Get one student by ID: ID, student number, names, email, status, grade level, groups, enrolment date and guardians. ' +
				'With Simplify: ID, student number, name, email, status, grade level, group IDs, enrolment date and the primary guardian. ' +
				'Give its ID (e.g. 1042); Get Many finds IDs.',
		);
	});

	describe.each(RESOURCES.map((descriptor) => [descriptor.value, descriptor] as const))('%s', (_value, descriptor) => {
		const getMany = toolDescription(descriptor, 'getMany');
		const get = toolDescription(descriptor, 'get');

		it('Get Many: what one record holds, the Simplify shape, every filter (an enum with its values), every sort field, the default Limit and the page size', () => {
			expect(getMany).toContain(`each item is one ${descriptor.displayName.toLowerCase()}: ${descriptor.summary}.`);
			expect(getMany).toContain(`With Simplify: ${descriptor.simplifyDescription}.`);
			for (const option of descriptor.filterOptions) expect(getMany).toContain(option.displayName);
			for (const spec of descriptor.query.filters.filter((filter) => filter.kind === 'enum')) {
				expect(getMany).toContain(`(${spec.values?.join(', ')})`);
			}
			expect(getMany).toContain(`Sort fields: ${descriptor.query.sortable.join(', ')}.`);
			expect(getMany).toContain(`Returns up to Limit ${descriptor.plural} (default ${TOOL_DEFAULT_LIMIT})`);
			expect(getMany).toContain(`read ${MAX_PAGE_SIZE} per request`);
		});

		it('Get: what it returns, the Simplify shape and an example ID', () => {
			expect(get).toContain(`: ${descriptor.summary}.`);
			expect(get).toContain(`With Simplify: ${descriptor.simplifyDescription}.`);
			expect(get).toContain(`(${descriptor.id.placeholder})`);
		});
	});

	it("names a nested resource's parent ID too", () => {
		expect(toolDescription(resource('webhookDelivery'), 'get')).toContain("Give its subscription's ID and its own (e.g. dlv_");
	});

	it('refuses an operation the resource does not have', () => {
		expect(() => toolDescription(resource('student'), 'delete')).toThrow('Student has no operation delete');
	});

	it("replaces n8n's own Set Automatically text, which is only the nodes panel's action name", () => {
		const { description } = toolVariant;
		// The node as n8n would see it without its own Tool Description (n8n then adds its selector).
		const withoutOwn = { description: { ...description, properties: description.properties.filter((property) => property.name !== 'toolDescription') } };
		const node: INode = { id: 'n', name: 'n', type: nodeTypeName(toolVariant), typeVersion: 1, position: [0, 0], parameters: { descriptionType: 'auto', resource: 'student', operation: 'getMany' } };
		expect(NodeHelpers.getToolDescriptionForNode(node, withoutOwn as EducationPlatformTool)).toBe('Get many students in Education Platform');
	});

	it('is what the user wrote once they edit it (and what a tool saved with "Set Manually" keeps)', () => {
		const { tool } = offeredTool({ descriptionType: 'manual', toolDescription: 'Find students of grade 9.', resource: 'student', operation: 'getMany' });
		expect(tool.description).toBe('Find students of grade 9.');
	});

	it('is a parameter of the tool variant only: the node in a workflow has none', () => {
		const node: INode = { id: 'n', name: 'Node', type: nodeTypeName(new EducationPlatform()), typeVersion: 1, position: [0, 0], parameters: {} };
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		expect(workflow.getNode('Node')?.parameters).not.toHaveProperty('toolDescription');
		expect(offeredTool({}).parameters.toolDescription).toBe(toolDescription(resource('student'), 'getMany'));
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
	const node: INode = { id: 'tool', name: 'Education Platform', type: nodeTypeName(toolVariant), typeVersion: 1, position: [0, 0], parameters: {} };
	const withDefaults = (parameters: INodeParameters) => NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description) as INodeParameters;
	const withoutDefaults = () => NodeHelpers.getNodeParameters(description.properties, node.parameters, false, false, node, description) as INodeParameters;
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
	it.each(RESOURCES.flatMap((descriptor) => descriptor.operations.map(({ value }) => [descriptor.value, value] as const)))(
		'left as generated, follows Resource and Operation: a new tool (Student → Get Many) switched to %s → %s',
		(resourceValue, operation) => {
			const tool = editorTool();
			tool.set('resource', resourceValue);
			tool.set('operation', operation);
			const expected = toolDescription(resource(resourceValue), operation);
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
		tool.set('toolDescription', toolDescription(resource('payment'), 'get'));
		tool.set('resource', 'examResult');
		expect(tool.saved()).not.toHaveProperty('toolDescription');
		expect(offeredTool(tool.saved()).tool.description).toBe(toolDescription(resource('examResult'), 'get'));
	});

	it("is not the generated text once emptied: n8n then sends its own action name", () => {
		const tool = editorTool();
		tool.set('toolDescription', '');
		expect(offeredTool(tool.saved()).tool.description).toBe('Get many students in Education Platform');
	});

	it('is taken as written from parameters that skip the editor: another operation\'s text stays', () => {
		const studentText = toolDescription(resource('student'), 'getMany');
		const { tool } = offeredTool({ resource: 'payment', operation: 'get', toolDescription: studentText });
		expect(tool.description).toBe(studentText);
	});
});

describe('the tool name and input schema a model receives', () => {
	it("are n8n's: the node's name as a tool name, and only the $fromAI keys, each described by its own $fromAI text", () => {
		const { tool } = offeredTool(
			{
				resource: 'student',
				operation: 'getMany',
				limit: "={{ $fromAI('Limit', '', 'number') }}",
				filters: { gradeLevel: "={{ $fromAI('Grade_Levels', `Grades, e.g. 9 or K,1`, 'string') }}" },
			},
			'Get many students in Education Platform',
		);
		expect(tool.name).toBe('Get_many_students_in_Education_Platform');
		expect(Object.keys(tool.schema.shape)).toEqual(['Limit', 'Grade_Levels']);
		// The editor's "let the model define this parameter" writes an empty description: n8n reuses
		// no parameter description, so a key describes itself only by what the workflow says.
		expect(tool.schema.shape.Limit.description).toBeUndefined();
		expect(tool.schema.shape.Grade_Levels.description).toBe('Grades, e.g. 9 or K,1');
		expect(tool.schema.safeParse({ Limit: 5, Grade_Levels: '9' }).success).toBe(true);
		expect(tool.schema.safeParse({ Limit: '5', Grade_Levels: '9' }).success).toBe(false);
	});
});
