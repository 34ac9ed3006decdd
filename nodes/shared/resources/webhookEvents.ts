// Pure: no n8n import. The webhook event vocabulary the resources' descriptors declare: the event
// types, the "All …" groups the trigger's Events parameter offers, and what a selection stands
// for. The platform knows no wildcards, so a selection is expanded before any subscription is
// created or compared (the trigger when it registers, Check Triggers when it judges one).
import { quoted } from '../errors';
import type { ResourceDescriptor } from './descriptor';

/** A webhook group's value (e.g. `payment.*`) and the concrete event types it stands for, in the descriptor's order. */
interface WebhookEventGroup {
	value: string;
	events: string[];
}

/** `payment.succeeded` → `payment.*` */
export const groupValue = (events: string[]) => `${events[0].split('.')[0]}.*`;

function webhookEventGroups(resources: readonly ResourceDescriptor[]): WebhookEventGroup[] {
	return resources.flatMap(({ webhook }) => {
		if (!webhook) return [];
		const events = Object.keys(webhook.events);
		return [{ value: groupValue(events), events }];
	});
}

/** Every event type, and the values of the "All …" options with the concrete types each one stands for (`*`: all). */
export interface EventVocabulary {
	types: readonly string[];
	groups: Readonly<Record<string, readonly string[]>>;
}

export function eventVocabulary(resources: readonly ResourceDescriptor[]): EventVocabulary {
	const groups = webhookEventGroups(resources);
	const types = groups.flatMap((group) => group.events);
	return {
		types,
		groups: {
			...Object.fromEntries(groups.map((group) => [group.value, group.events])),
			'*': types,
		},
	};
}

/**
 * The concrete, de-duplicated, sorted event types a selection stands for.
 * Throws on a value that is neither an event type nor a group, so a typo in an expression
 * cannot silently subscribe to less than the user asked for.
 */
export function expandEventSelection(
	{ types, groups }: EventVocabulary,
	selection: readonly string[],
): string[] {
	const expanded = new Set<string>();
	for (const value of selection) {
		const group = groups[value];
		if (group) {
			group.forEach((type) => expanded.add(type));
		} else if (types.includes(value)) {
			expanded.add(value);
		} else {
			throw new Error(
				`Unknown event ${quoted(value)}. Choose from: ${types.join(', ')} (or an "All …" option).`,
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
