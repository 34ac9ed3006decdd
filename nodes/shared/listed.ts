// Pure: no n8n import.

/** "a, b and c" / "a, b or c", for sentences that list resources or scopes. */
export function listed(items: readonly string[], conjunction: 'and' | 'or'): string {
	return items.length < 2
		? items.join('')
		: `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
