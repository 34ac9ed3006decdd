// Pure: no n8n import. The event types of docs/api-contract.md §8.2 and the "All …" shortcuts the
// Events parameter offers. The platform knows no wildcards, so shortcuts are expanded before any
// subscription is created or compared.

export const ENROLLMENT_EVENTS = [
	'enrollment.created',
	'enrollment.updated',
	'enrollment.cancelled',
	'enrollment.completed',
] as const;

export const PAYMENT_EVENTS = ['payment.succeeded', 'payment.failed', 'payment.refunded'] as const;

export const EXAM_RESULT_EVENTS = ['exam_result.published', 'exam_result.updated'] as const;

export const EVENT_TYPES: readonly string[] = [
	...ENROLLMENT_EVENTS,
	...PAYMENT_EVENTS,
	...EXAM_RESULT_EVENTS,
];

/** Values of the "All …" options and the concrete types each one stands for. */
export const EVENT_GROUPS: Readonly<Record<string, readonly string[]>> = {
	'enrollment.*': ENROLLMENT_EVENTS,
	'payment.*': PAYMENT_EVENTS,
	'exam_result.*': EXAM_RESULT_EVENTS,
	'*': EVENT_TYPES,
};

/**
 * The concrete, de-duplicated, sorted event types a selection stands for.
 * Throws on a value that is neither an event type nor a group, so a typo in an expression
 * cannot silently subscribe to less than the user asked for.
 */
export function expandEventSelection(selection: readonly string[]): string[] {
	const expanded = new Set<string>();
	for (const value of selection) {
		const group = EVENT_GROUPS[value];
		if (group) {
			group.forEach((type) => expanded.add(type));
		} else if (EVENT_TYPES.includes(value)) {
			expanded.add(value);
		} else {
			throw new Error(
				`Unknown event "${value}". Choose from: ${EVENT_TYPES.join(', ')} (or an "All …" option).`,
			);
		}
	}
	return [...expanded].sort();
}

/** Whether two lists name the same event types, whatever their order. */
export function sameEventTypes(a: readonly string[], b: readonly string[]): boolean {
	const left = [...new Set(a)].sort();
	const right = [...new Set(b)].sort();
	return left.length === right.length && left.every((type, index) => type === right[index]);
}
