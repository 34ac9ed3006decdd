import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import type { ListQuerySpec } from '../list/query';

/** An n8n `methods.listSearch` entry: one page of a resource locator's "From List". */
export type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/** The resource's record picker, used by its Get and wherever another resource filters by it. */
export interface Picker {
	/** Get's ID parameter: a resource locator instead of a plain text field. */
	getProperty: INodeProperties;
	/** The nodes' `methods.listSearch` entries the locator names (saved workflows store the names). */
	listSearch: Record<string, ListSearchMethod>;
	/**
	 * The first action node version whose Get shows the locator; absent: every version. An older
	 * version keeps its plain ID field, so its saved workflows and parameters stay as they were.
	 */
	sinceNodeVersion?: number;
}

/**
 * The resource's webhook event types (docs/api-contract.md §8.2), each with its description, in the
 * platform's order. The trigger names each option after its type ("payment.succeeded" → "Payment
 * Succeeded") and adds an "All …" option for the prefix (`payment.*`).
 */
interface WebhookEvents {
	/** The "All …" option's name, e.g. "All Payment Events". */
	groupName: string;
	/** What a user does in the platform to make one of them happen, e.g. "record a payment" (shown while the trigger listens for a test event). */
	makeOneHappen: string;
	events: Record<string, string>;
}

/**
 * What the polling trigger emits for a record's first version (created_at) and any later one. A
 * status ("only failed payments") is the Status filter: it keeps the records whose status is that
 * one after the change.
 */
interface PollEvent {
	/** The event name in the output, in the webhook trigger's vocabulary; the option is named after it. */
	event: string;
	description: string;
}

type PollEvents = Record<'created' | 'updated', PollEvent>;

/**
 * The record a resource's records belong to, when the platform lists them per such record (a
 * subscription's deliveries, `/webhooks/{id}/deliveries`) and has no list of them all.
 */
export interface ParentRecord {
	/** Its ID parameter, shown before the record's in an operation on one record (a picker). */
	property: INodeProperties;
	/** Its ID in the form the API uses, or an ActionableError that says what to fix. */
	parse: (value: unknown) => string;
	/** Its list of records under `/v1`; one record is `<list>/{id}`. */
	path: (parentId: string) => string;
	/** It in words, e.g. `subscription`: messages say "webhook delivery dlv_… of subscription wh_…". */
	noun: string;
	/** One record in words under it, e.g. `delivery`: Get is "Get one delivery of a subscription by ID". */
	recordNoun: string;
}

/**
 * Everything about one resource of the API, as data: its path, fields, filters, sort, Simplify,
 * picker, scope and events. The action node's parameters and the triggers' events are built from
 * it (resources/registry.ts), never copied; what the action node does with it is its own
 * (nodes/EducationPlatform/actions/); its scope is read from ../scopes.ts, the credentials' one
 * source. A resource folder (resources/<resource>/index.ts) exports one of these: a resource
 * listed at one path (`ListedResource`), or one listed per parent record (`NestedResource`).
 */
export type ResourceDescriptor = ListedResource | NestedResource;

/** A resource with one list of all its records. */
export interface ListedResource extends ResourceFields {
	/** API path under `/v1`, e.g. `/payments`; one record is `/payments/{id}`. */
	path: string;
	parent?: undefined;
	/**
	 * Absent: not pollable. A resource is pollable once its records carry `created_at` and
	 * `updated_at` and its list takes `filter[updated_since]` and `sort=updated_at,id`.
	 */
	poll?: PollEvents;
}

/** A resource listed per parent record only. */
export interface NestedResource extends ResourceFields {
	parent: ParentRecord;
	path?: undefined;
	/** Not pollable: polling reads one list of all the records. */
	poll?: undefined;
}

interface ResourceFields {
	/** Value of the nodes' `resource` parameter, e.g. `payment`. */
	value: string;
	/** e.g. `Payment`. */
	displayName: string;
	/** Lower-case plural for messages and descriptions, e.g. `payments`. */
	plural: string;
	/** The scope a token needs to read it (docs/api-contract.md §5), from ../scopes.ts, which the OAuth2 credential offers. */
	scope: string;
	/** What Get returns, and what one record holds: shown to users and AI agents. */
	summary: string;
	id: {
		/** Node parameter holding the ID for Get, e.g. `paymentId`. */
		parameter: string;
		displayName: string;
		placeholder: string;
		description: string;
		/** The ID in the form the API uses, or an ActionableError that says what to fix. */
		parse: (value: unknown) => string | number;
		/** Advice under a 404: what the ID is and where to find one. */
		notFoundAdvice: string;
	};
	/** The Filters collection's options (names match `query.filters[].param`). */
	filterOptions: INodeProperties[];
	/** How each filter becomes `filter[...]`, and the sortable fields. */
	query: ListQuerySpec;
	/** Sort field choices shown in the node (values are API field names). */
	sortOptions: INodePropertyOptions[];
	/** Default field of a new Sort rule. */
	defaultSortField: string;
	/**
	 * What of a record the node outputs, when that is not the whole record as the platform sends
	 * it: e.g. only the contract's fields (an allow-list, so a field the platform adds never reaches
	 * execution data). Get and Get Many apply it to every record they read, before Simplify.
	 */
	outputFields?: (record: unknown) => unknown;
	/**
	 * The top-level fields of one record as Get and Get Many output it (after `outputFields`), `id`
	 * first: what an AI agent's tool (node version 2, Output → Selected Fields) may pick.
	 */
	recordFields: readonly string[];
	/** The flat, friendly subset of one record. */
	simplify: (record: unknown) => unknown;
	/** The Simplify option's description: which fields it keeps. */
	simplifyDescription: string;
	/**
	 * Node version 2's Simplify keeps at most 10 fields, the most used first (n8n's UX guideline):
	 * the keys of `simplify`'s record it keeps, in order, and those fields in words. Absent:
	 * `simplify`'s record has no more than 10, and version 2 keeps it whole. Version 1 never changes.
	 */
	simplifiedFields?: { keys: readonly string[]; description: string };
	picker?: Picker;
	/** Absent: the platform sends no webhooks about it. */
	webhook?: WebhookEvents;
	/**
	 * Its scope is one of the webhook scopes (docs/api-contract.md §6.2), which the OAuth2
	 * credential offers and both credentials explain on their own (the trigger needs them too): no
	 * "Read …" scope option is derived for it, and the access token's texts, which list the record
	 * resources, leave it out.
	 */
	webhookScope?: true;
}
