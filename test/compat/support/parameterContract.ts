/**
 * Everything a node or credential description records, read from the built descriptions: every
 * parameter at every path (collection options, fixedCollection groups) with all it has (display
 * name, type, default, options in order with their names and descriptions, resource locator
 * modes, displayOptions, required, typeOptions, texts), and each node's and credential's identity
 * (names, versions, defaults, credentials, webhooks, polling, methods). support/textSplit.ts
 * splits it into the contract saved workflows rely on and the texts users read.
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { plain } from './golden';

type Entry = Record<string, unknown> & { path: string };

function isCollection(option: unknown): option is INodePropertyCollection {
	return typeof option === 'object' && option !== null && 'values' in option && Array.isArray((option as INodePropertyCollection).values);
}

function isProperty(option: unknown): option is INodeProperties {
	return typeof option === 'object' && option !== null && 'type' in option && 'name' in option && !('value' in option);
}

/** One entry per parameter, depth first, in description order; nested entries carry the path. */
export function parameterEntries(properties: INodeProperties[], prefix = ''): Entry[] {
	const entries: Entry[] = [];
	for (const property of properties) {
		const path = `${prefix}${property.name}`;
		const { options, ...rest } = property;
		const entry: Entry = { path, ...(plain(rest) as Record<string, unknown>) };
		if (property.type === 'collection' && options) {
			entry.options = options.map((option) => (option as INodeProperties).name);
			entries.push(entry, ...parameterEntries(options as INodeProperties[], `${path}.`));
			continue;
		}
		if (property.type === 'fixedCollection' && options) {
			entry.options = options.map((option) => (isCollection(option) ? { name: option.name, displayName: option.displayName } : option));
			entries.push(entry);
			for (const group of options) {
				if (isCollection(group)) entries.push(...parameterEntries(group.values, `${path}.${group.name}.`));
			}
			continue;
		}
		if (options) {
			entry.options = options.map((option) =>
				isProperty(option) ? option.name : plain(option as INodePropertyOptions),
			);
		}
		entries.push(entry);
	}
	return entries;
}

export function nodeContract(nodeType: INodeType): Record<string, unknown> {
	const { properties, ...identity } = nodeType.description as INodeTypeDescription;
	const methods = nodeType.methods ?? {};
	return {
		identity: plain(identity),
		methods: Object.fromEntries(Object.entries(methods).map(([kind, named]) => [kind, Object.keys(named ?? {}).sort()])),
		webhookMethods: Object.fromEntries(
			Object.entries(nodeType.webhookMethods ?? {}).map(([name, named]) => [name, Object.keys(named).sort()]),
		),
		hasExecute: typeof nodeType.execute === 'function',
		hasPoll: typeof nodeType.poll === 'function',
		hasWebhook: typeof nodeType.webhook === 'function',
		parameters: parameterEntries(properties),
	};
}

export function credentialContract(credential: ICredentialType): Record<string, unknown> {
	// documentationUrl is left out: it is a link into the README, checked by the release check
	// (documentationUrls resolve to README anchors), and the docs rework may re-point it.
	const { properties, documentationUrl: _documentationUrl, ...identity } = credential;
	return {
		identity: plain(identity),
		parameters: parameterEntries(properties),
	};
}
