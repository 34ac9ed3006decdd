// Pure: no n8n import. What the node outputs of a webhook subscription or delivery: the fields
// docs/api-contract.md §8.1 and §8.6 give them, nothing else (no secret, whatever it is called).
import { isJsonRecord, type JsonRecord } from '../../jsonRecord';

/**
 * What the node outputs of a subscription or a delivery: the contract's fields and nothing else
 * (docs/api-contract.md §8.1, §8.6), each only with a value of the kind the contract gives it. A
 * field a platform adds beyond the contract (a signing secret under any name, the headers a
 * delivery was sent with, credentials, a nested object) never reaches execution data or an AI
 * agent, whatever it is called. `scalar`: a string, number, boolean or null; `strings`: a list
 * of strings; an object: a list of records with these fields. A list's entry of another kind
 * becomes null: the list keeps its length, so what judges it (the trigger's event types, Check
 * Triggers' refusal proof) still sees that something was there.
 */
type FieldKind = 'scalar' | 'strings' | FieldKinds;
interface FieldKinds {
	readonly [field: string]: FieldKind;
}

/** A subscription (contract §8.1). The secret POST and rotate-secret answer with is read before this (createSubscription, rotateSecret). */
const SUBSCRIPTION_FIELDS: FieldKinds = {
	id: 'scalar',
	url: 'scalar',
	events: 'strings',
	description: 'scalar',
	enabled: 'scalar',
	created_at: 'scalar',
	updated_at: 'scalar',
};

/** A delivery with its attempts (contract §8.6). */
const DELIVERY_FIELDS: FieldKinds = {
	id: 'scalar',
	webhook_id: 'scalar',
	event_id: 'scalar',
	event_type: 'scalar',
	status: 'scalar',
	attempt_count: 'scalar',
	next_attempt_at: 'scalar',
	created_at: 'scalar',
	attempts: {
		attempt: 'scalar',
		started_at: 'scalar',
		duration_ms: 'scalar',
		response_status: 'scalar',
		error: 'scalar',
	},
};

const isScalar = (value: unknown) =>
	value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** `value` as `kind` allows it, or undefined when it is not of that kind (the field is then left out). */
function allowed(value: unknown, kind: FieldKind): unknown {
	if (kind === 'scalar') return isScalar(value) ? value : undefined;
	if (!Array.isArray(value)) return undefined;
	if (kind === 'strings') return value.map((entry) => (typeof entry === 'string' ? entry : null));
	return value.map((entry) => (isJsonRecord(entry) ? onlyFields(entry, kind) : null));
}

/** The fields of `record` that `fields` names, in the record's order, each as its kind allows. */
function onlyFields(record: JsonRecord, fields: FieldKinds): JsonRecord {
	const kept: JsonRecord = {};
	for (const [field, value] of Object.entries(record)) {
		const kind = Object.prototype.hasOwnProperty.call(fields, field) ? fields[field] : undefined;
		const output = kind === undefined ? undefined : allowed(value, kind);
		if (output !== undefined) kept[field] = output;
	}
	return kept;
}

/** A record (each of a list's) with only `fields`; anything else as it is. */
function recordWith(value: unknown, fields: FieldKinds): unknown {
	if (Array.isArray(value)) return value.map((entry) => recordWith(entry, fields));
	return isJsonRecord(value) ? onlyFields(value, fields) : value;
}

/** A subscription as the node outputs it: only the contract's fields (§8.1). */
export function subscriptionFields(record: unknown): unknown {
	return recordWith(record, SUBSCRIPTION_FIELDS);
}

/** The fields of a subscription and of a delivery as the node outputs them. */
export const SUBSCRIPTION_RECORD_FIELDS = Object.keys(SUBSCRIPTION_FIELDS);
export const DELIVERY_RECORD_FIELDS = Object.keys(DELIVERY_FIELDS);

/** A delivery as the node outputs it: only the contract's fields, its attempts' too (§8.6). */
export function deliveryFields(record: unknown): unknown {
	return recordWith(record, DELIVERY_FIELDS);
}
