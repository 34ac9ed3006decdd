import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, UnexpectedError } from 'n8n-workflow';

/** n8n registers a community package's nodes as `<package name>.<description.name>`. */
export const PACKAGE_NAME = 'n8n-nodes-education-platform';

export function nodeTypeName(nodeType: INodeType | IVersionedNodeType): string {
	return `${PACKAGE_NAME}.${nodeType.description.name}`;
}

/** Node type of the first node of every test workflow: emits the items it was given. */
export const TEST_INPUT_NODE_TYPE = 'test.input';

export class TestInput implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Test Input',
		name: 'input',
		group: ['input'],
		version: 1,
		description: 'Emits the input items of the test',
		defaults: { name: 'Test Input' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().map((item, index) => ({ json: item.json, pairedItem: { item: index } })),
		];
	}
}

/**
 * The node-types registry a Workflow needs (n8n's NodeTypes service): our node classes under
 * their package-qualified names plus the Test Input node. Versioned node types resolve to the
 * requested version as in n8n.
 */
export function createNodeTypes(nodeTypes: Array<INodeType | IVersionedNodeType>): INodeTypes {
	const registry = new Map<string, INodeType | IVersionedNodeType>([
		[TEST_INPUT_NODE_TYPE, new TestInput()],
	]);
	for (const nodeType of nodeTypes) registry.set(nodeTypeName(nodeType), nodeType);

	const getByName = (name: string) => {
		const nodeType = registry.get(name);
		if (!nodeType)
			throw new UnexpectedError(
				`Unknown node type "${name}" (registered: ${[...registry.keys()].join(', ')})`,
			);
		return nodeType;
	};
	return {
		getByName,
		getByNameAndVersion: (name, version) =>
			NodeHelpers.getVersionedNodeType(getByName(name), version),
		getKnownTypes: () =>
			Object.fromEntries(
				[...registry.keys()].map((name) => [name, { className: name, sourcePath: '' }]),
			) as IDataObject,
	};
}
