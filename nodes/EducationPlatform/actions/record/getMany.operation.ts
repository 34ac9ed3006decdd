import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import {
	MAX_PAGE_SIZE,
	planPerPage,
	TOOL_DEFAULT_LIMIT,
	type ListResponse,
} from '../../../shared/list/page';
import { collectPages } from '../../../shared/list/paging';
import { wholeNumber } from '../../../shared/parameters';
import { concurrencyFor } from '../../../shared/transport/credential';
import {
	apiRequest,
	executionTimer,
	RateBudget,
	readCredential,
	type ApiRequestOptions,
} from '../../../shared/transport';
import { optionsCollection, simplifyOption } from '../../../shared/descriptions/options';
import {
	additionalFiltersProperty,
	sortProperty,
} from '../../../shared/descriptions/listParameters';
import { beforeVersion, onlyIn, sinceVersion } from '../../../shared/descriptions/nodeVersion';
import { outputProperties } from '../../../shared/descriptions/output';
import {
	buildListQuery,
	type NameValue,
	type Query,
	type SortRule,
} from '../../../shared/list/query';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import { parentIdOf } from './get.operation';
import { readShape, type Shape } from './shape';

// Get Many: records matching filters, in the chosen order, paged (the paging loop, the concurrent
// pages and the rate budget are nodes/shared's libraries), for every resource with a list.

/** Return All reads 100 per request (the API's maximum) to spend as little of the rate limit as possible. */
const DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE;
/**
 * Pages requested at once after page 1. 100 pages at 100 ms take about 1.3 s instead of 10 s;
 * the rate budget still decides when each request may start.
 */
const DEFAULT_CONCURRENCY = 8;
const MAX_CONCURRENCY = 20;

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
const otherFiltersOption: INodeProperties = {
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
export function description(resource: ResourceDescriptor): INodeProperties[] {
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

interface GetManyOptions {
	pageSize?: number;
	maxConcurrency?: number;
	simplify?: boolean;
}

/** One Get Many as its parameters ask for it: read once per input item, used for one listing or several. */
export interface ListPlan {
	/** Records to return at most; undefined with Return All. */
	limit?: number;
	/** What each record becomes: Simplify, or in the tool variant Output. */
	shape: Shape;
	/** The Filters, Additional Filters and Sort as the query of every page. */
	query: Query;
	/**
	 * Every record of the list at `path` (under `/v1`) matching the query, up to the limit, page
	 * after page. Calls share one rate budget, so several listings of one item respect it together.
	 */
	collect: (path: string) => Promise<unknown[]>;
	/** For the item's other requests (e.g. listing the parents first): the same rate budget and credential. */
	requestOptions: Pick<ApiRequestOptions, 'gate' | 'credential' | 'itemIndex'>;
}

/**
 * The Filters proper and the name-value filters: version 1's Additional Filters, or version 2's
 * Other Filters inside Filters (the same parameter name and rules, one "Add" button fewer).
 */
function readFilters(
	this: IExecuteFunctions,
	itemIndex: number,
): {
	filters: Record<string, unknown>;
	additionalFilters: NameValue[];
	additionalFiltersLabel: string;
} {
	const { additionalFilters: other, ...filters } = this.getNodeParameter(
		'filters',
		itemIndex,
		{},
	) as { additionalFilters?: { filter?: NameValue[] } };
	if (this.getNode().typeVersion < 2) {
		const additionalFilters = this.getNodeParameter(
			'additionalFilters.filter',
			itemIndex,
			[],
		) as NameValue[];
		return {
			filters,
			additionalFilters: additionalFilters ?? [],
			additionalFiltersLabel: additionalFiltersProperty.displayName,
		};
	}
	return {
		filters,
		additionalFilters: other?.filter ?? [],
		additionalFiltersLabel: otherFiltersOption.displayName,
	};
}

/** Reads Get Many's parameters of one input item into a plan. */
export async function listPlan(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
): Promise<ListPlan> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll
		? undefined
		: wholeNumber(this.getNodeParameter('limit', itemIndex, 50), 'Limit', 1);
	const options = this.getNodeParameter('options', itemIndex, {}) as GetManyOptions;
	const pageSize = wholeNumber(
		options.pageSize ?? DEFAULT_PAGE_SIZE,
		'Page Size',
		1,
		MAX_PAGE_SIZE,
	);
	const credential = await readCredential.call(this);
	const concurrency = concurrencyFor(
		credential,
		wholeNumber(
			options.maxConcurrency ?? DEFAULT_CONCURRENCY,
			'Max Concurrent Requests',
			1,
			MAX_CONCURRENCY,
		),
	);

	const query = buildListQuery(resource.query, {
		...readFilters.call(this, itemIndex),
		sort: (this.getNodeParameter('sort.rule', itemIndex, []) as SortRule[]) ?? [],
		timeZone: this.getTimezone(),
	});

	const gate = new RateBudget(executionTimer(this));
	const collect = async (path: string): Promise<unknown[]> => {
		const fetchPage = async (qs: Query): Promise<ListResponse> =>
			(await apiRequest.call(this, 'GET', path, {
				qs,
				returnFullResponse: true,
				itemIndex,
				gate,
				credential,
				requiredScope: resource.scope,
			})) as ListResponse;
		return await collectPages(fetchPage, {
			query,
			perPage: planPerPage(pageSize, limit),
			limit,
			concurrency,
		});
	};
	return {
		limit,
		shape: readShape.call(this, resource, itemIndex, options.simplify),
		query,
		collect,
		requestOptions: { gate, credential, itemIndex },
	};
}

/**
 * `GET /v1/<resource>` (a nested resource: the list of the parent its parameter names), page after
 * page, with filters and sort.
 */
export async function execute(
	this: IExecuteFunctions,
	resource: ResourceDescriptor,
	itemIndex: number,
): Promise<IDataObject[]> {
	const plan = await listPlan.call(this, resource, itemIndex);
	const { parent } = resource;
	const read = await plan.collect(
		parent ? parent.path(parentIdOf.call(this, parent, itemIndex)) : resource.path,
	);
	const records = resource.outputFields ? read.map(resource.outputFields) : read;
	return records.map(plan.shape) as IDataObject[];
}

/** Get Many's Operation selector entry. */
export function option(resource: ResourceDescriptor): INodePropertyOptions {
	return {
		name: 'Get Many',
		value: 'getMany',
		description: `List ${resource.plural} with filters and sort; each item is one ${resource.displayName.toLowerCase()}: ${resource.summary}`,
		action: `Get many ${resource.plural}`,
	};
}
