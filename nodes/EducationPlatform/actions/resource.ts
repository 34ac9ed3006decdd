import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { FilterSpec, ListQuerySpec } from '../../shared/list/query';

/**
 * Everything the generic Get and Get Many need to know about one resource of the API. A resource
 * folder (actions/<resource>/index.ts) exports one of these; the operations, the listing
 * machinery and the node's properties are built from it, never copied.
 */
export interface ResourceDescriptor {
	/** Value of the node's `resource` parameter, e.g. `payment`. */
	value: string;
	/** e.g. `Payment`. */
	displayName: string;
	/** Lower-case plural for messages and descriptions, e.g. `payments`. */
	plural: string;
	/** API path under `/v1`, e.g. `/payments`. */
	path: string;
	/** The scope a token needs to read it (docs/api-contract.md §5). */
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
	/** The flat, friendly subset of one record. */
	simplify: (record: unknown) => unknown;
	/** The Simplify option's description: which fields it keeps. */
	simplifyDescription: string;
}

export type { FilterSpec };
