// The one error type the package's own code throws. It imports nothing from n8n, so the pure
// modules that throw it (list queries, paging, the polling cursor) load and test without n8n;
// each node converts it at its boundary with toNodeError.ts. `quoted` is how a message echoes text
// a user or the platform gave; `withItem` how it names the input item it is about.

/**
 * Something the user can act on: a parameter to fix, or an answer of the platform the node will
 * not work with (a page that is not a list, paging that would loop, a record without a usable id).
 */
export class ActionableError extends Error {
	constructor(
		message: string,
		/** What to fix, shown under the message in n8n. */
		readonly description?: string,
	) {
		super(message);
		this.name = 'ActionableError';
	}
}

/** Characters JSON leaves as they are that still break a log line or reorder what a reader sees. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text a user or the platform gave (an ID from `{{ $json.webhook_id }}`), as a message may echo
 * it: quoted as JSON quotes it, every control character escaped (a line break cannot forge a line
 * of n8n's log), and cut after `maxLength` characters with an ellipsis.
 */
export function quoted(value: unknown, maxLength = 60): string {
	const characters = Array.from(String(value));
	const kept = characters.slice(0, maxLength).join('');
	const json = JSON.stringify(kept).replace(
		UNSAFE_IN_JSON,
		(character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);
	return characters.length > maxLength ? `${json.slice(0, -1)}…"` : json;
}

/**
 * `message` ending with the input item it is about, ` [item 2]`, as n8n's UX guidelines ask and
 * n8n's own nodes write it: the item's 0-based index in the node's input. A message that already
 * ends so is kept as it is, so a message converted twice names its item once.
 */
export function withItem(message: string, itemIndex: number | undefined): string {
	if (itemIndex === undefined) return message;
	const suffix = ` [item ${itemIndex}]`;
	return message.endsWith(suffix) ? message : `${message}${suffix}`;
}
