// What an AI model reads about one operation of the node when an AI Agent or n8n's MCP Server
// Trigger offers it as a tool: built from the resource's descriptor and the operation's file, so a
// new resource or operation gets its texts from its own files alone. Why the node brings its own
// Tool Description instead of n8n's: docs/action-node.md, "Why the node writes its Tool Description".
import { MAX_PAGE_SIZE, TOOL_DEFAULT_LIMIT } from '../../../shared/list/page';
import { TAKES_SEVERAL_VALUES, type FilterSpec } from '../../../shared/list/query';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import type { Operation, Operations } from './operation';

/** The service a model is told it reaches (the node's display name). */
const SERVICE_NAME = 'Education Platform';

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

/** Which IDs an operation on one record takes (its parent's too, for a nested resource), and where a model finds them. */
function idsSentence(resource: ResourceDescriptor): string {
	const { parent } = resource;
	const ids = parent
		? `its ${parent.noun}'s ID and its own (${resource.id.placeholder})`
		: `its ID (${resource.id.placeholder})`;
	return `Give ${ids}; Get Many finds IDs.`;
}

/** Whether the operation acts on one record: its parameters hold the record's ID (Get, Delete, Redeliver). */
function takesRecordId(resource: ResourceDescriptor, operation: Operation): boolean {
	return operation
		.description(resource)
		.some((property) => property.name === resource.id.parameter);
}

/** What every text opens with: the service, the Operation selector's text, and the operation's own sentence for a model when it has one (e.g. what a tool is not shown). */
function opening(resource: ResourceDescriptor, operation: Operation): string[] {
	return [
		`${SERVICE_NAME}: ${operation.option(resource).description ?? ''}.`,
		...(operation.toolSentence ? [operation.toolSentence] : []),
	];
}

function getManyDescription(resource: ResourceDescriptor, operation: Operation): string {
	const { plural } = resource;
	return [
		...opening(resource, operation),
		`With Simplify: ${resource.simplifyDescription}.`,
		filtersSentence(resource),
		`Sort fields: ${resource.query.sortable.join(', ')}.`,
		`Returns up to Limit ${plural} (default ${TOOL_DEFAULT_LIMIT}); Return All returns every match in one answer (read ${MAX_PAGE_SIZE} per request): prefer filters and a small Limit.`,
		'Set only what the input schema offers.',
	].join(' ');
}

function getDescription(resource: ResourceDescriptor, operation: Operation): string {
	return [
		...opening(resource, operation),
		`With Simplify: ${resource.simplifyDescription}.`,
		idsSentence(resource),
	].join(' ');
}

/** Any other operation: what it does (as a tool too), and the IDs to give when it acts on one record. */
function otherDescription(resource: ResourceDescriptor, operation: Operation): string {
	return [
		...opening(resource, operation),
		...(takesRecordId(resource, operation) ? [idsSentence(resource)] : []),
	].join(' ');
}

/**
 * The tool description n8n sends to a model for this resource and operation (a value of its
 * `operations`, ../operations.ts, such as `get` or `getMany`) while the tool's Tool Description is
 * left as generated. The e2e tests of the AI Agent and the MCP Server Trigger compare what n8n
 * sends with this.
 */
export function toolDescription(
	resource: ResourceDescriptor,
	operations: Operations,
	value: string,
): string {
	if (!Object.hasOwn(operations, value))
		throw new Error(`${resource.displayName} has no operation ${value}`);
	const operation = operations[value];
	if (value === 'getMany') return getManyDescription(resource, operation);
	if (value === 'get') return getDescription(resource, operation);
	return otherDescription(resource, operation);
}
