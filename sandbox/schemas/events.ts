// Event names and the envelope of docs/api-contract.md §8.2–8.3.

export const EVENT_TYPES = [
	'enrollment.created',
	'enrollment.updated',
	'enrollment.cancelled',
	'enrollment.completed',
	'payment.succeeded',
	'payment.failed',
	'payment.refunded',
	'exam_result.published',
	'exam_result.updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: unknown): value is EventType {
	return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

export interface PlatformEvent {
	id: string;
	type: EventType;
	created_at: string;
	data: Record<string, unknown>;
}
