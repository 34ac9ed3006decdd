// The event types of docs/api-contract.md §8.2 (each resource's descriptor lists its own) and the
// "All …" shortcuts the Events parameter offers, as the trigger expands and compares them
// (shared/resources/webhookEvents.ts, which Check Triggers uses too).
import { RESOURCES } from '../shared/resources/registry';
import {
	eventVocabulary,
	expandEventSelection as expandIn,
} from '../shared/resources/webhookEvents';

export { sameEventTypes } from '../shared/resources/webhookEvents';

const VOCABULARY = eventVocabulary(RESOURCES);

/** Every event type, in the resources' order. */
export const EVENT_TYPES: readonly string[] = VOCABULARY.types;

/** Values of the "All …" options and the concrete types each one stands for. */
export const EVENT_GROUPS: Readonly<Record<string, readonly string[]>> = VOCABULARY.groups;

/** The concrete, de-duplicated, sorted event types a selection stands for; throws on an unknown value. */
export function expandEventSelection(selection: readonly string[]): string[] {
	return expandIn(VOCABULARY, selection);
}
