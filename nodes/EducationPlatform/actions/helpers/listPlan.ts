// Get Many's reading: one input item's parameters into a plan that pages through a list (the
// paging loop, the concurrent pages and the rate budget are nodes/shared's libraries).
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { MAX_PAGE_SIZE, planPerPage, type ListResponse } from '../../../shared/list/page';
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
import { additionalFiltersProperty } from '../../../shared/descriptions/listParameters';
import {
	buildListQuery,
	type NameValue,
	type Query,
	type SortRule,
} from '../../../shared/list/query';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import {
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	MAX_CONCURRENCY,
	otherFiltersOption,
} from './getManyParameters';
import { parentIdOf } from './recordTarget';
import { readShape, type Shape } from './shape';

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
export async function listRecords(
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
