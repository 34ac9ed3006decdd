/**
 * Every text a user reads in a built node or credential description, with the path it sits at:
 * node and credential names, every parameter at every depth (collection options, fixedCollection
 * groups and their values), options' names, descriptions and actions, notices, hints,
 * placeholders and resource locator modes. The UX guidelines test (test/guidelines/uxGuidelines.test.ts)
 * judges them.
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyMode,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

/** What kind of text it is: each kind has its own case and wording rules. */
export type TextKind =
	| 'nodeName'
	| 'nodeDescription'
	| 'displayName'
	| 'notice'
	| 'description'
	| 'hint'
	| 'placeholder'
	| 'buttonLabel'
	| 'optionName'
	| 'optionDescription'
	| 'action'
	| 'groupName'
	| 'modeName'
	| 'modePlaceholder'
	| 'searchPlaceholder';

export interface UxText {
	path: string;
	kind: TextKind;
	text: string;
	/** The parameter's type, for the rules that depend on it (booleans' "Whether"). */
	type?: string;
}

function isGroup(option: unknown): option is INodePropertyCollection {
	return (
		typeof option === 'object' &&
		option !== null &&
		Array.isArray((option as INodePropertyCollection).values)
	);
}

function isParameter(option: unknown): option is INodeProperties {
	return (
		typeof option === 'object' &&
		option !== null &&
		'type' in option &&
		'name' in option &&
		!('value' in option)
	);
}

function add(texts: UxText[], path: string, kind: TextKind, text: unknown, type?: string): void {
	if (typeof text === 'string' && text !== '')
		texts.push({ path, kind, text, ...(type ? { type } : {}) });
}

function modeTexts(texts: UxText[], path: string, modes: INodePropertyMode[]): void {
	for (const mode of modes) {
		const at = `${path}.mode(${mode.name})`;
		add(texts, at, 'modeName', mode.displayName);
		add(
			texts,
			at,
			mode.type === 'list' ? 'searchPlaceholder' : 'modePlaceholder',
			mode.placeholder,
		);
		add(texts, `${at}.hint`, 'hint', mode.hint);
		const searchHint = (mode.typeOptions as { searchListHint?: unknown } | undefined)
			?.searchListHint;
		add(texts, `${at}.searchListHint`, 'hint', searchHint);
	}
}

function optionTexts(texts: UxText[], path: string, option: INodePropertyOptions): void {
	const at = `${path}[${String(option.value)}]`;
	add(texts, at, 'optionName', option.name);
	add(texts, `${at}.description`, 'optionDescription', option.description);
	add(texts, `${at}.action`, 'action', option.action);
}

/** Where a parameter shows, for the path: `(student/getMany)` for its resource and operation. */
function shownFor(property: INodeProperties): string {
	const show = property.displayOptions?.show ?? {};
	const where = ['resource', 'operation'].flatMap((name) =>
		show[name] ? [(show[name] as unknown[]).join('|')] : [],
	);
	return where.length ? `(${where.join('/')})` : '';
}

/** The texts of these parameters and everything under them, depth first, in description order. */
export function parameterTexts(properties: INodeProperties[], prefix: string): UxText[] {
	const texts: UxText[] = [];
	for (const property of properties) {
		// A hidden parameter is never shown (e.g. the OAuth2 fields the credential fixes).
		if (property.type === 'hidden') continue;
		const path = `${prefix}${property.name}${shownFor(property)}`;
		const notice = property.type === 'notice';
		add(texts, path, notice ? 'notice' : 'displayName', property.displayName, property.type);
		add(texts, `${path}.description`, 'description', property.description, property.type);
		add(texts, `${path}.hint`, 'hint', property.hint);
		const grouping = property.type === 'collection' || property.type === 'fixedCollection';
		add(
			texts,
			`${path}.placeholder`,
			grouping ? 'buttonLabel' : 'placeholder',
			property.placeholder,
		);
		if (property.modes) modeTexts(texts, path, property.modes);
		for (const option of property.options ?? []) {
			if (isGroup(option)) {
				add(texts, `${path}.${option.name}`, 'groupName', option.displayName);
				texts.push(...parameterTexts(option.values, `${path}.${option.name}.`));
			} else if (isParameter(option)) {
				texts.push(...parameterTexts([option], `${path}.`));
			} else {
				optionTexts(texts, path, option as INodePropertyOptions);
			}
		}
	}
	return texts;
}

/** A node description's own texts and its parameters'. */
export function nodeTexts(description: INodeTypeDescription, label: string): UxText[] {
	const texts: UxText[] = [];
	add(texts, `${label}.displayName`, 'nodeName', description.displayName);
	add(texts, `${label}.description`, 'nodeDescription', description.description);
	return [...texts, ...parameterTexts(description.properties, `${label}:`)];
}

export function credentialTexts(credential: ICredentialType): UxText[] {
	const texts: UxText[] = [];
	add(texts, `${credential.name}.displayName`, 'nodeName', credential.displayName);
	return [...texts, ...parameterTexts(credential.properties, `${credential.name}:`)];
}

/** Every shown parameter at every depth with its path, as parameterTexts walks them. */
export function eachParameter(
	properties: INodeProperties[],
	prefix: string,
): Array<[string, INodeProperties]> {
	return properties.flatMap((property): Array<[string, INodeProperties]> => {
		if (property.type === 'hidden') return [];
		const path = `${prefix}${property.name}${shownFor(property)}`;
		const nested = (property.options ?? []).flatMap((option) => {
			if (isGroup(option)) return eachParameter(option.values, `${path}.${option.name}.`);
			return isParameter(option) ? eachParameter([option], `${path}.`) : [];
		});
		return [[path, property], ...nested];
	});
}
