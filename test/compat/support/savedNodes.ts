/**
 * The Education Platform nodes of saved workflows (fixtures/saved-main.json, examples/*.json,
 * examples/queue-mode/*.json) and the static checks n8n's editor makes when it opens them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import type {
	INode,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { EducationPlatform } from '../../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformPollingTrigger } from '../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { FIXTURES_DIR } from './golden';

export const PACKAGE_NAME = 'n8n-nodes-education-platform';
const ROOT = join(__dirname, '..', '..', '..');

export type NodeKind = 'action' | 'trigger' | 'polling';

export const NODE_TYPES: Record<NodeKind, () => INodeType> = {
	action: () => new EducationPlatform(),
	trigger: () => new EducationPlatformTrigger(),
	polling: () => new EducationPlatformPollingTrigger(),
};

const KIND_BY_TYPE: Record<string, NodeKind> = {
	[`${PACKAGE_NAME}.educationPlatform`]: 'action',
	[`${PACKAGE_NAME}.educationPlatformTrigger`]: 'trigger',
	[`${PACKAGE_NAME}.educationPlatformPollingTrigger`]: 'polling',
};

export interface SavedNode {
	/** `<workflow file> › <node name>`: the key in the golden output. */
	key: string;
	kind: NodeKind;
	node: INode;
}

function workflowFiles(): string[] {
	const jsonIn = (dir: string) =>
		readdirSync(dir)
			.filter((name) => name.endsWith('.json'))
			.sort()
			.map((name) => join(dir, name));
	return [
		join(FIXTURES_DIR, 'saved-main.json'),
		...jsonIn(join(ROOT, 'examples')),
		...jsonIn(join(ROOT, 'examples', 'queue-mode')),
	];
}

/** Every Education Platform node of every saved workflow, in file then node order. */
export function savedNodes(): SavedNode[] {
	return workflowFiles().flatMap((file) => {
		const workflow = JSON.parse(readFileSync(file, 'utf8')) as { nodes: INode[] };
		return workflow.nodes
			.filter((node) => node.type in KIND_BY_TYPE)
			.map((node) => ({
				key: `${relative(ROOT, file)} › ${node.name}`,
				kind: KIND_BY_TYPE[node.type],
				node,
			}));
	});
}

/** The description n8n uses for the node's saved version (this package's nodes are not versioned classes). */
export function descriptionOf(saved: SavedNode): INodeTypeDescription {
	return NODE_TYPES[saved.kind]().description;
}

/** n8n's own parameter issues for the saved node (what the editor marks red); null when none. */
export function parameterIssues(saved: SavedNode) {
	const description = descriptionOf(saved);
	return NodeHelpers.getNodeParametersIssues(description.properties, saved.node, description);
}

function isGroup(option: unknown): option is INodePropertyCollection {
	return typeof option === 'object' && option !== null && 'values' in option;
}

/**
 * Paths of stored parameters that no property of the description (under any displayOptions)
 * declares: n8n would drop or ignore them, so a renamed parameter shows up here.
 */
export function unknownParameters(
	parameters: INodeParameters,
	properties: INodeProperties[],
	prefix = '',
): string[] {
	const unknown: string[] = [];
	for (const [name, value] of Object.entries(parameters)) {
		const path = `${prefix}${name}`;
		const candidates = properties.filter((property) => property.name === name);
		if (candidates.length === 0) {
			unknown.push(path);
			continue;
		}
		// Plain values, multiOptions arrays and resource locators have no nested names to check.
		if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
		const collections = candidates.filter((c) => c.type === 'collection');
		const fixed = candidates.filter((c) => c.type === 'fixedCollection');
		if (collections.length > 0) {
			// A collection is valid when one of its same-named declarations knows every key.
			const misses = collections.map((c) =>
				unknownParameters(
					value as INodeParameters,
					(c.options ?? []) as INodeProperties[],
					`${path}.`,
				),
			);
			unknown.push(...misses.reduce((best, miss) => (miss.length < best.length ? miss : best)));
		} else if (fixed.length > 0) {
			const groups = fixed.flatMap((c) => (c.options ?? []).filter(isGroup));
			for (const [groupName, entries] of Object.entries(value as INodeParameters)) {
				const group = groups.filter((g) => g.name === groupName);
				if (group.length === 0) {
					unknown.push(`${path}.${groupName}`);
					continue;
				}
				const values = group.flatMap((g) => g.values);
				for (const entry of ([] as INodeParameters[]).concat(
					entries as INodeParameters | INodeParameters[],
				)) {
					unknown.push(...unknownParameters(entry, values, `${path}.${groupName}.`));
				}
			}
		}
	}
	return unknown;
}
