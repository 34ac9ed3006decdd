// Get Many's parameters, which the record's Get Many and the deliveries' share: Return All and
// Limit, Output, Filters, Options and Sort.
import type { INodeProperties } from 'n8n-workflow';
import { MAX_PAGE_SIZE, TOOL_DEFAULT_LIMIT } from '../../../shared/list/page';
import { optionsCollection, simplifyOption } from '../../../shared/descriptions/options';
import {
	additionalFiltersProperty,
	sortProperty,
} from '../../../shared/descriptions/listParameters';
import { beforeVersion, onlyIn, sinceVersion } from '../../../shared/descriptions/nodeVersion';
import { outputProperties } from '../../../shared/descriptions/output';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';

/** Return All reads 100 per request (the API's maximum) to spend as little of the rate limit as possible. */
export const DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE;
/**
 * Pages requested at once after page 1. 100 pages at 100 ms take about 1.3 s instead of 10 s;
 * the rate budget still decides when each request may start.
 */
export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 20;

const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	// `hide` rather than `show: {'@tool': [false]}`: n8n before 1.9x does not know '@tool' (it reads
	// it as an unset parameter), and there `show` would hide both Limits; `hide` keeps this one.
	displayOptions: { show: { returnAll: [false] }, hide: { '@tool': [true] } },
};

/** The same Limit for the node's tool variant (n8n names it `<node>Tool`), with a small default. */
const toolLimitProperty: INodeProperties = {
	...limitProperty,
	default: TOOL_DEFAULT_LIMIT,
	displayOptions: { show: { returnAll: [false], '@tool': [true] } },
};

/** The Filters collection; from version 2 with Additional Filters inside it, as Other Filters (one "Add" button fewer). */
function filtersProperty(
	resource: ResourceDescriptor,
	otherFilters: INodeProperties[],
): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: `Only ${resource.plural} matching all of these filters are returned`,
		options: [...resource.filterOptions, ...otherFilters].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	};
}

/** Additional Filters as an option of Filters (version 2): same name and values, so the same query. */
export const otherFiltersOption: INodeProperties = {
	...additionalFiltersProperty,
	displayName: 'Other Filters',
	placeholder: 'Add Other Filter',
};

/** Options: Page Size and Max Concurrent Requests; version 1 also Simplify. */
function optionsProperty(resource: ResourceDescriptor, extra: INodeProperties[]): INodeProperties {
	return optionsCollection([
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
			default: DEFAULT_PAGE_SIZE,
			description: `${resource.displayName} records per request (1–100). Larger pages need fewer requests, and the platform allows only so many; with a Limit, the node asks for no more than it needs.`,
		},
		{
			displayName: 'Max Concurrent Requests',
			name: 'maxConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
			default: DEFAULT_CONCURRENCY,
			description: `Pages requested at the same time once the first page has told how many there are (1–${MAX_CONCURRENCY}). The node always keeps to the number of requests the platform allows; set 1 for a platform that wants one request at a time.`,
		},
		...extra,
	]);
}

/**
 * Get Many's parameters for one resource. A nested resource's Get Many shows its parent's parameter
 * itself, worded for a list, before these (../webhookDelivery/getMany.operation.ts). Sort, its own
 * collection, comes below Options in every version (the UX guideline; saved workflows do not store
 * the order).
 */
export function getManyProperties(resource: ResourceDescriptor): INodeProperties[] {
	const v1 = beforeVersion(2);
	const v2 = sinceVersion(2);
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		limitProperty,
		toolLimitProperty,
		...outputProperties(resource),
		onlyIn(filtersProperty(resource, []), v1),
		onlyIn(filtersProperty(resource, [otherFiltersOption]), v2),
		onlyIn(additionalFiltersProperty, v1),
		onlyIn(optionsProperty(resource, [simplifyOption(resource.simplifyDescription)]), v1),
		onlyIn(optionsProperty(resource, []), v2),
		sortProperty(resource.sortOptions, resource.defaultSortField),
	];
}
