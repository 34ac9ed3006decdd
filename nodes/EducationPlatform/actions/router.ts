import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { EducationPlatformMap } from './node.type';
import { toNodeError } from './nodeErrors';
import * as student from './student';

type OperationExecute = (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject[]>;

const operations: { [R in keyof EducationPlatformMap]: Record<EducationPlatformMap[R], OperationExecute> } = {
	student: { get: student.get.execute, getMany: student.getMany.execute },
};

/**
 * Runs the chosen operation once per input item, with that item's parameters. Every output
 * item is paired with the input item it came from, errors included (Continue On Fail).
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const resource = this.getNodeParameter('resource', itemIndex) as keyof EducationPlatformMap;
			const operation = this.getNodeParameter('operation', itemIndex) as string;
			const execute = (operations[resource] as Record<string, OperationExecute> | undefined)?.[operation];
			if (!execute) {
				throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`, {
					itemIndex,
				});
			}
			const results = await execute.call(this, itemIndex);
			returnData.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(results), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, itemIndex);
			if (!this.continueOnFail()) throw nodeError;
			// n8n shows `error` (message and description) and sets json to `{ error: message }`.
			returnData.push({ json: { error: nodeError.message }, error: nodeError, pairedItem: { item: itemIndex } });
		}
	}
	return [returnData];
}
