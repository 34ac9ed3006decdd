// Ties events to the records they describe (contract §8.3, §3.6): an event that makes a record
// gets a fresh id after every existing one; an event that changes one takes the id and the
// identity (course and term, invoice and amount, exam) of the student's latest record of that
// kind. The emitter then saves the event's data, so GET returns what the event said.
import { RESOURCE_DEFINITIONS } from '../resources/definitions';
import type { RecordStore, SandboxRecord } from '../resources/recordStore';
import type { EventType } from '../schemas/events';

export type RecordDirectory = Record<(typeof RESOURCE_DEFINITIONS)[number]['path'], RecordStore>;

/** Fields a change event keeps from the record it changes (created_at: when the record was made). */
const IDENTITY: Record<string, readonly string[]> = {
	enrollments: ['course', 'term', 'enrolled_at', 'created_at'],
	payments: ['invoice_id', 'description', 'amount', 'currency', 'method', 'paid_at', 'created_at'],
	'exam-results': ['exam', 'max_score', 'pass_mark', 'published_at', 'created_at'],
};

export function definitionOf(type: EventType) {
	return RESOURCE_DEFINITIONS.find((definition) => type.startsWith(definition.eventPrefix))!;
}

/** The event's data linked to the sandbox's records (before the caller's overrides apply). */
export function linkToRecord(
	records: RecordDirectory,
	type: EventType,
	data: Record<string, unknown>,
): Record<string, unknown> {
	const definition = definitionOf(type);
	const store = records[definition.path];
	if (definition.createdBy.includes(type)) return { ...data, id: store.newId() };
	const existing = store.latestOf(data.student_id as number);
	if (!existing) return { ...data, id: store.newId() };
	const kept: Record<string, unknown> = {};
	const previous = data.previous_attributes as Record<string, unknown> | undefined;
	for (const key of IDENTITY[definition.path])
		if (!(previous && key in previous)) kept[key] = existing[key];
	if (previous && 'course' in previous) previous.course = existing.course;
	return { ...data, ...kept, id: existing.id };
}

export function saveRecord(
	records: RecordDirectory,
	type: EventType,
	data: Record<string, unknown>,
): void {
	records[definitionOf(type).path].save(data as SandboxRecord);
}
