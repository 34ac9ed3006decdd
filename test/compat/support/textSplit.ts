/**
 * Splits a node's or credential's recorded description into what saved workflows and stored
 * credentials rely on (the compat contract) and what users read (the texts golden).
 *
 * Texts: display names, descriptions, placeholders, hints, options' names and actions, notices
 * (a notice's text is its display name), the node's subtitle and trigger-panel texts, and the
 * generated default of Tool Description (a text the AI model reads: n8n saves the parameter only
 * once a user edits it, so a saved workflow follows the generated text by design).
 *
 * Order: the contract lists parameters, options and resource locator modes sorted, not in panel
 * order. A saved workflow stores parameters by name and options by value, so the order they are
 * shown in never reaches it (n8n's own nodes reorder fields between releases, in the same
 * version); the texts golden keeps panel order, which is what a user sees.
 */
type Json = unknown;

const TEXT_KEYS = new Set([
	'displayName',
	'description',
	'placeholder',
	'hint',
	'action',
	'subtitle',
	'eventTriggerDescription',
	'activationMessage',
	'triggerPanel',
	'hints',
	'searchListHint',
]);

/** Keys that name what a text belongs to: kept on both sides. */
const ID_KEYS = new Set(['path', 'name', 'value']);

function isObject(value: Json): value is Record<string, Json> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An option of a dropdown: its `name` is the label a user reads, its `value` what is saved. */
function isOption(value: Record<string, Json>): boolean {
	return 'value' in value && !('type' in value);
}

function isTextKey(key: string, owner: Record<string, Json>): boolean {
	if (TEXT_KEYS.has(key)) return true;
	if (key === 'name' && isOption(owner)) return true;
	return key === 'default' && owner.name === 'toolDescription';
}

/** Lists whose order a saved workflow never sees: parameters, dropdown options, locator modes. */
const SORTED_LISTS = new Set(['parameters', 'options', 'modes']);

const byJson = (a: Json, b: Json) => JSON.stringify(a).localeCompare(JSON.stringify(b));

/** The description without its texts; option and mode lists sorted (see the file comment). */
export function contractPart(value: Json): Json {
	if (Array.isArray(value)) return value.map(contractPart);
	if (!isObject(value)) return value;
	const kept: Record<string, Json> = {};
	for (const [key, field] of Object.entries(value)) {
		if (isTextKey(key, value)) continue;
		const part = contractPart(field);
		kept[key] = SORTED_LISTS.has(key) && Array.isArray(part) ? [...part].sort(byJson) : part;
	}
	return kept;
}

/** The texts alone, each with the path, name or value it belongs to; undefined where none. */
export function textPart(value: Json): Json {
	if (Array.isArray(value)) {
		const parts = value.map(textPart).filter((part) => part !== undefined);
		return parts.length ? parts : undefined;
	}
	if (!isObject(value)) return undefined;
	const texts: Record<string, Json> = {};
	for (const [key, field] of Object.entries(value)) {
		if (isTextKey(key, value)) texts[key] = field;
		else if (!ID_KEYS.has(key)) {
			const part = textPart(field);
			if (part !== undefined) texts[key] = part;
		}
	}
	if (!Object.keys(texts).length) return undefined;
	const ids = Object.fromEntries(
		Object.entries(value).filter(([key]) => ID_KEYS.has(key) && !isTextKey(key, value)),
	);
	return { ...ids, ...texts };
}
