// What an AI model reads about one operation of the node when an AI Agent or
// n8n's MCP Server Trigger offers it as a tool: built from the resource's descriptor and the
// operation's file, so a new resource or operation gets its texts from its own files alone.
//
// Why the node sets this itself (n8n 1.123 and 2.41, read from their source):
// - n8n registers a `usableAsTool` node a second time as `<name>Tool` (n8n's convertNodeToAiTool)
//   and, unless the node has a parameter named `toolDescription`, adds its own "Tool Description:
//   Set Automatically / Set Manually" pair. "Set Automatically" (`descriptionType: 'auto'`) is
//   hard-coded to `<the operation's action> in <defaults.name>` (NodeHelpers.makeDescription):
//   "Get many students in Education Platform", nothing more. The action is also the nodes panel's
//   entry and the tool node's default name, which becomes the tool's name (2.41 cuts it to 64
//   characters, 1.123 does not, and OpenAI refuses longer names), so it must stay short.
// - `usableAsTool.replacements` may replace only the node's base fields (name, display name,
//   icon, `description`, codex…), not its parameters or defaults; the node-level `description`
//   reaches a model only for a node without resource and operation.
// - `$fromAI()` schema entries describe themselves by their own second argument; n8n reuses no
//   parameter description (the editor's "let the model define" button writes an empty one).
// So the node brings its own `toolDescription` parameter, shown only in the tool variant
// (`'@tool'`), one per resource and operation with this text as its default. n8n then reads it
// as the tool's description (NodeHelpers.getToolDescriptionForNode: any descriptionType but
// 'auto' with a non-empty toolDescription), unchanged, with no length limit of its own; OpenAI
// caps a function description at 1,024 characters, which the tests hold each text under.
import { MAX_PAGE_SIZE, TOOL_DEFAULT_LIMIT } from '../../shared/list/page';
import { TAKES_SEVERAL_VALUES, type FilterSpec } from '../../shared/list/query';
import type { ResourceDescriptor } from '../../shared/resources/descriptor';
import { OPERATIONS, type Operation } from './operations';

/** The service a model is told it reaches (the node's display name). */
export const SERVICE_NAME = 'Education Platform';

/** The values an enum filter takes, or how a grade is written; other kinds are said once for all. */
function valueHint(spec: FilterSpec | undefined): string | undefined {
	if (spec?.kind === 'enum') return spec.values?.join(', ');
	return spec?.kind === 'gradeLevels' ? 'K, 1–12' : undefined;
}

/** "Status (active, …), Search, Created After" in the Filters collection's order. */
function filterList(resource: ResourceDescriptor): string {
	return resource.filterOptions
		.map((option) => {
			const hint = valueHint(resource.query.filters.find((spec) => spec.param === option.name));
			return hint ? `${option.displayName} (${hint})` : option.displayName;
		})
		.join(', ');
}

/**
 * "Filters: …; several values comma-separated match any; dates ISO 8601.", each hint only when a
 * filter of the resource takes it: a resource with one text filter is told its name alone.
 */
function filtersSentence(resource: ResourceDescriptor): string {
	const kinds = resource.query.filters.map((spec) => spec.kind);
	const hints = [
		...(kinds.some((kind) => TAKES_SEVERAL_VALUES[kind])
			? ['several values comma-separated match any']
			: []),
		...(kinds.includes('date') ? ['dates ISO 8601'] : []),
	];
	return `Filters: ${[filterList(resource), ...hints].join('; ')}.`;
}

function findOperation(resource: ResourceDescriptor, operation: string): Operation {
	const operations = OPERATIONS[resource.value] ?? {};
	if (!Object.hasOwn(operations, operation))
		throw new Error(`${resource.displayName} has no operation ${operation}`);
	return operations[operation];
}

/** The Operation selector's text for it, e.g. "Get one payment by ID: ID, the student, …". */
function operationText(resource: ResourceDescriptor, operation: string): string {
	return findOperation(resource, operation).option(resource).description ?? '';
}

/** Which IDs an operation on one record takes (its parent's too, for a nested resource), and where a model finds them. */
function idsSentence(resource: ResourceDescriptor): string {
	const { parent } = resource;
	const ids = parent
		? `its ${parent.noun}'s ID and its own (${resource.id.placeholder})`
		: `its ID (${resource.id.placeholder})`;
	return `Give ${ids}; Get Many finds IDs.`;
}

/** Whether the operation acts on one record: its parameters hold the record's ID (Get, Delete, Redeliver). */
function takesRecordId(resource: ResourceDescriptor, operation: string): boolean {
	return findOperation(resource, operation)
		.description(resource)
		.some((property) => property.name === resource.id.parameter);
}

/** The operation's own sentence for a model, when it has one (e.g. what a tool is not shown). */
const toolSentenceOf = (resource: ResourceDescriptor, operation: string) =>
	findOperation(resource, operation).toolSentence ?? [];

function getManyDescription(resource: ResourceDescriptor): string {
	const { plural } = resource;
	return [
		`${SERVICE_NAME}: ${operationText(resource, 'getMany')}.`,
		toolSentenceOf(resource, 'getMany'),
		`With Simplify: ${resource.simplifyDescription}.`,
		filtersSentence(resource),
		`Sort fields: ${resource.query.sortable.join(', ')}.`,
		`Returns up to Limit ${plural} (default ${TOOL_DEFAULT_LIMIT}); Return All returns every match in one answer (read ${MAX_PAGE_SIZE} per request): prefer filters and a small Limit.`,
		'Set only what the input schema offers.',
	]
		.flat()
		.join(' ');
}

function getDescription(resource: ResourceDescriptor): string {
	return [
		`${SERVICE_NAME}: ${operationText(resource, 'get')}.`,
		toolSentenceOf(resource, 'get'),
		`With Simplify: ${resource.simplifyDescription}.`,
		idsSentence(resource),
	]
		.flat()
		.join(' ');
}

/** Any other operation: what it does (as a tool too), and the IDs to give when it acts on one record. */
function otherDescription(resource: ResourceDescriptor, operation: string): string {
	return [
		`${SERVICE_NAME}: ${operationText(resource, operation)}.`,
		toolSentenceOf(resource, operation),
		...(takesRecordId(resource, operation) ? [idsSentence(resource)] : []),
	]
		.flat()
		.join(' ');
}

/**
 * The tool description n8n sends to a model for this resource and operation (an operation value
 * such as `get` or `getMany`) while the tool's Tool Description is left as generated. The e2e
 * tests of the AI Agent and the MCP Server Trigger compare what n8n sends with this.
 */
export function toolDescription(resource: ResourceDescriptor, operation: string): string {
	if (operation === 'getMany') return getManyDescription(resource);
	if (operation === 'get') return getDescription(resource);
	return otherDescription(resource, operation);
}
