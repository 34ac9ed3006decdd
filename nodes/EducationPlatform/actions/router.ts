import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	NodeApiError,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { toNodeError } from '../../shared/toNodeError';
import { RESOURCES } from '../../shared/resources/registry';
import type { ResourceDescriptor } from '../../shared/resources/descriptor';
import { ActionableError, quoted } from '../../shared/errors';
import { offeredToTools, runsAsTool } from './helpers/aiTool';
import type { Operation, OperationTable, WholeInputOperation } from './helpers/operation';

/**
 * Whether a failure is the tool's answer to an AI agent (or an MCP client): the node runs as its tool
 * variant (n8n names it `<node>Tool`) and On Error is not Stop Workflow. n8n 2.x gives a tool's
 * error to the model by default but only its message; n8n 1.x ends the run on it.
 */
function answersModelWithFailure(node: INode): boolean {
	return runsAsTool(node) && node.onError !== 'stopWorkflow';
}

/**
 * Refuses, before it sends anything, an operation the tool variant does not offer (hidden with
 * `'@tool'`, e.g. Delete) when the node runs as a tool: the editor hides it, but a tool saved with
 * it (by hand, by an import, before it was hidden) still names it.
 */
function refuseUnoffered(this: IExecuteFunctions, { resource, operation }: Chosen): void {
	if (!runsAsTool(this.getNode())) return;
	const option = operation.option(resource);
	if (offeredToTools(option)) return;
	throw new ActionableError(
		`${resource.displayName} → ${String(option.name)} is not offered to AI agents, so the tool did nothing`,
		'Only a workflow step runs it: choose another operation for this tool, or use the Education Platform node outside the AI agent.',
	);
}

/** What the model reads of a failed call: what went wrong, and the advice n8n shows under it. */
function toolFailure(error: NodeApiError | NodeOperationError): IDataObject {
	return { error: error.message, ...(error.description ? { details: error.description } : {}) };
}

/**
 * Dispatches by Resource and Operation to the operation's file (`<folder>/<operation>.operation.ts`,
 * as `table`, operations.ts, lists it), which runs once per input item with that item's
 * parameters, or once for the whole input (Check Triggers). Every output item is paired with the
 * input items it came from, errors included (Continue On Fail, or a tool's failure for the model).
 * The node hands it the table, so the router and the operation folders stand side by side and
 * only operations.ts imports the folders (docs/architecture.md, "The action node").
 */
export async function router(
	this: IExecuteFunctions,
	table: OperationTable,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	// Resource and Operation take no expression: the first item's choice is every item's.
	const chosen = chosenOperation.call(this, table);
	if (chosen?.operation.wholeInput)
		return [
			await runOnce.call(
				this,
				{ resource: chosen.resource, operation: chosen.operation },
				items.length,
			),
		];
	const returnData: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			if (!chosen) throw unsupported.call(this, itemIndex);
			refuseUnoffered.call(this, chosen);
			const results = await chosen.operation.execute.call(this, chosen.resource, itemIndex);
			returnData.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(results), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, itemIndex);
			if (answersModelWithFailure(this.getNode())) {
				returnData.push({ json: toolFailure(nodeError), pairedItem: { item: itemIndex } });
				continue;
			}
			if (!this.continueOnFail()) throw nodeError;
			// n8n shows `error` (message and description) and sets json to `{ error: message }`.
			returnData.push({
				json: { error: nodeError.message },
				error: nodeError,
				pairedItem: { item: itemIndex },
			});
		}
	}
	return [returnData];
}

type Chosen<T extends Operation = Operation> = { resource: ResourceDescriptor; operation: T };

/** The Resource and Operation the parameters choose; undefined when the node does not have them. */
function chosenOperation(this: IExecuteFunctions, table: OperationTable): Chosen | undefined {
	const value = this.getNodeParameter('resource', 0) as string;
	const resource = RESOURCES.find((candidate) => candidate.value === value);
	const operations = resource && table[resource.value];
	const operation = this.getNodeParameter('operation', 0) as string;
	return operations && Object.hasOwn(operations, operation)
		? { resource, operation: operations[operation] }
		: undefined;
}

function unsupported(this: IExecuteFunctions, itemIndex: number): NodeOperationError {
	const resource = this.getNodeParameter('resource', itemIndex) as string;
	const operation = this.getNodeParameter('operation', itemIndex) as string;
	return new NodeOperationError(
		this.getNode(),
		`The 'Operation' ${quoted(operation)} is not supported for the 'Resource' ${quoted(resource)}`,
		{ itemIndex },
	);
}

/** An operation on the whole input: once; a failure kept (as for one item) is one error item paired with every input item. */
async function runOnce(
	this: IExecuteFunctions,
	chosen: Chosen<WholeInputOperation>,
	itemCount: number,
): Promise<INodeExecutionData[]> {
	try {
		refuseUnoffered.call(this, chosen);
		return await chosen.operation.execute.call(this);
	} catch (error) {
		const nodeError = toNodeError(this.getNode(), error);
		const pairedItem = Array.from({ length: itemCount }, (_, item) => ({ item }));
		if (answersModelWithFailure(this.getNode()))
			return [{ json: toolFailure(nodeError), pairedItem }];
		if (!this.continueOnFail()) throw nodeError;
		return [{ json: { error: nodeError.message }, error: nodeError, pairedItem }];
	}
}
