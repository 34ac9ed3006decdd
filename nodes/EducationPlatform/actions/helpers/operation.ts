import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';

/** What every `<operation>.operation.ts` exports: its selector entry and parameters for a resource, and what it does. */
interface OperationFile {
	/** Its Operation selector entry: name, `value` (stored in saved workflows), description and the nodes panel's `action`. */
	option: (resource: ResourceDescriptor) => INodePropertyOptions;
	/** Its parameters; the action node shows them only for this resource and operation (../description.ts). */
	description: (resource: ResourceDescriptor) => INodeProperties[];
	/** A sentence an AI model reads after its selector text (toolDescription.ts): what it does differently as a tool. */
	toolSentence?: string;
}

/** An operation the router runs once per input item; each returned object becomes one output item. */
export interface ItemOperation extends OperationFile {
	wholeInput?: undefined;
	execute: (
		this: IExecuteFunctions,
		resource: ResourceDescriptor,
		itemIndex: number,
	) => Promise<IDataObject[]>;
}

/** An operation the router runs once for all input items (Check Triggers); each item it returns names its input items (`pairedItem`). */
export interface WholeInputOperation extends OperationFile {
	wholeInput: true;
	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | WholeInputOperation;

/** A resource's operations by value, in the Operation selector's order (by name, as n8n's linter wants). */
export type Operations = Readonly<Record<string, Operation>>;

/** The action node's routing table (../operations.ts): each resource's operations, by the Resource parameter's value. */
export type OperationTable = Readonly<Record<string, Operations>>;
