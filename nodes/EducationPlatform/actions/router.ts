import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { toNodeError } from '../../shared/toNodeError';
import { RESOURCES, resourceByValue } from '../../shared/resources/registry';
import { quoted } from '../../shared/errors';

/**
 * Whether a failure is the tool's answer to an AI agent (or an MCP client): the node runs as its tool
 * variant (n8n names it `<node>Tool`) and On Error is not Stop Workflow. n8n 2.x gives a tool's
 * error to the model by default but only its message; n8n 1.x ends the run on it.
 */
function answersModelWithFailure(node: INode): boolean {
	return node.type.endsWith('Tool') && node.onError !== 'stopWorkflow';
}

/** What the model reads of a failed call: what went wrong, and the advice n8n shows under it. */
function toolFailure(error: NodeApiError | NodeOperationError): IDataObject {
	return { error: error.message, ...(error.description ? { details: error.description } : {}) };
}

/**
 * Runs the chosen operation once per input item, with that item's parameters. Every output
 * item is paired with the input item it came from, errors included (Continue On Fail, or a tool's
 * failure for the model).
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const resourceName = this.getNodeParameter('resource', itemIndex) as string;
			const operation = this.getNodeParameter('operation', itemIndex) as string;
			const resource = resourceByValue(RESOURCES, resourceName);
			const execute = resource?.operations.find((candidate) => candidate.value === operation)?.execute;
			if (!resource || !execute) {
				throw new NodeOperationError(this.getNode(), `The operation ${quoted(operation)} of ${quoted(resourceName)} is not supported`, {
					itemIndex,
				});
			}
			const results = await execute.call(this, resource, itemIndex);
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
			returnData.push({ json: { error: nodeError.message }, error: nodeError, pairedItem: { item: itemIndex } });
		}
	}
	return [returnData];
}
