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
	return (
		typeof option === 'object' &&
		option !== null &&
		'values' in option &&
		Array.isArray((option as INodePropertyCollection).values)
	);
}

function isProperty(option: unknown): option is INodeProperties {
	return (
		typeof option === 'object' &&
		option !== null &&
		'type' in option &&
		'name' in option &&
		!('value' in option)
	);
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
			entry.options = options.map((option) =>
				isCollection(option) ? { name: option.name, displayName: option.displayName } : option,
			);
			entries.push(entry);
			for (const group of options) {
				if (isCollection(group))
					entries.push(...parameterEntries(group.values, `${path}.${group.name}.`));
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

type Condition = number | { _cnd: Record<string, number> };

/** Whether node version `version` meets one `@version` condition: a number, or `_cnd` (eq, gte, lt, …). */
function meets(version: number, condition: Condition): boolean {
	if (typeof condition === 'number') return version === condition;
	const [[operator, target]] = Object.entries(condition._cnd);
	const tests: Record<string, (v: number) => boolean> = {
		eq: (v) => v === target,
		not: (v) => v !== target,
		gte: (v) => v >= target,
		gt: (v) => v > target,
		lte: (v) => v <= target,
		lt: (v) => v < target,
	};
	if (!tests[operator])
		throw new Error(`@version condition ${operator} is not known to the contract`);
	return tests[operator](version);
}

/** A displayOptions half without its `@version` key; undefined when nothing else is left. */
function withoutVersion(
	half: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
	if (!half) return undefined;
	const { '@version': _version, ...rest } = half;
	return Object.keys(rest).length ? rest : undefined;
}

/**
 * The parameters node version `version` has, as if it were its own node: a parameter (at any depth)
 * whose `@version` condition that version does not meet is left out, and `@version` is removed from
 * the others, so a version's parameters read as they did before the node had several versions.
 */
export function forVersion(properties: INodeProperties[], version: number): INodeProperties[] {
	return properties.flatMap((property): INodeProperties[] => {
		const { show, hide } = (property.displayOptions ?? {}) as {
			show?: Record<string, unknown>;
			hide?: Record<string, unknown>;
		};
		const shown = show?.['@version'] as Condition[] | undefined;
		const hidden = hide?.['@version'] as Condition[] | undefined;
		if (shown && !shown.some((condition) => meets(version, condition))) return [];
		if (hidden?.some((condition) => meets(version, condition))) return [];
		const kept = { show: withoutVersion(show), hide: withoutVersion(hide) };
		const displayOptions =
			kept.show || kept.hide
				? { ...(kept.show ? { show: kept.show } : {}), ...(kept.hide ? { hide: kept.hide } : {}) }
				: undefined;
		const options = property.options?.flatMap((option): unknown[] => {
			if (isCollection(option)) return [{ ...option, values: forVersion(option.values, version) }];
			return isProperty(option) ? forVersion([option], version) : [option];
		});
		// The property's own key order, so a version's entries read as the node wrote them.
		const entries = Object.entries(property).flatMap(([key, value]): Array<[string, unknown]> => {
			if (key === 'displayOptions') return displayOptions ? [[key, displayOptions]] : [];
			return [[key, key === 'options' ? options : value]];
		});
		return [Object.fromEntries(entries) as unknown as INodeProperties];
	});
}

/** Whether the node's versions differ in their parameters (`@version` display conditions). */
export function hasVersionConditions(nodeType: INodeType): boolean {
	return JSON.stringify(nodeType.description.properties).includes('"@version"');
}

/** The node versions a description declares, lowest first. */
export function versionsOf(description: Pick<INodeTypeDescription, 'version'>): number[] {
	return (
		Array.isArray(description.version) ? [...description.version] : [description.version]
	).sort((a, b) => a - b);
}

/**
 * A node whose versions share one parameter list: one contract, as before. Otherwise one per version, keyed `<name>` for the first (so a node that gains a version
 * keeps its section as it was) and `<name>@<version>` for later ones. Each shows its own version
 * as `version` and leaves `defaultVersion` out: the test's `versions` records both.
 */
export function nodeContractsByVersion(
	nodeType: INodeType,
): Array<[string, Record<string, unknown>]> {
	const { description } = nodeType;
	if (!hasVersionConditions(nodeType)) return [[description.name, nodeContract(nodeType)]];
	const versions = versionsOf(description);
	return versions.map((version, index) => {
		const { defaultVersion: _defaultVersion, ...rest } = description;
		const view = Object.create(nodeType, {
			description: {
				value: { ...rest, version, properties: forVersion(description.properties, version) },
			},
		}) as INodeType;
		return [index === 0 ? description.name : `${description.name}@${version}`, nodeContract(view)];
	});
}

export function nodeContract(nodeType: INodeType): Record<string, unknown> {
	const { properties, ...identity } = nodeType.description as INodeTypeDescription;
	const methods = nodeType.methods ?? {};
	return {
		identity: plain(identity),
		methods: Object.fromEntries(
			Object.entries(methods).map(([kind, named]) => [kind, Object.keys(named ?? {}).sort()]),
		),
		webhookMethods: Object.fromEntries(
			Object.entries(nodeType.webhookMethods ?? {}).map(([name, named]) => [
				name,
				Object.keys(named).sort(),
			]),
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
