// The event types of docs/api-contract.md §8.2 (each resource's descriptor lists its own) and the
// "All …" shortcuts the Events parameter offers. The platform knows no wildcards, so shortcuts are expanded before any
// subscription is created or compared.
import { RESOURCES, webhookEventGroups } from '../shared/resources/registry';
import { quoted } from '../shared/errors';

const GROUPS = webhookEventGroups(RESOURCES);

/** Every event type, in the resources' order. */
export const EVENT_TYPES: readonly string[] = GROUPS.flatMap((group) => group.events);

/** Values of the "All …" options and the concrete types each one stands for. */
export const EVENT_GROUPS: Readonly<Record<string, readonly string[]>> = {
	...Object.fromEntries(GROUPS.map((group) => [group.value, group.events])),
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
				`Unknown event ${quoted(value)}. Choose from: ${EVENT_TYPES.join(', ')} (or an "All …" option).`,
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
