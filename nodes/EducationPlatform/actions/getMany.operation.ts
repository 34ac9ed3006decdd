import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { MAX_PAGE_SIZE, planPerPage, type ListResponse } from '../../shared/list/page';
import { collectPages } from '../../shared/list/paging';
import { wholeNumber } from '../../shared/parameters';
import { RateBudget } from '../../shared/rateBudget';
import { apiRequest, executionTimer, readCredential, type CredentialSnapshot } from '../../shared/transport';
import { optionsCollection, simplifyOption } from '../../shared/descriptions/options';
import { additionalFiltersProperty, sortProperty } from '../../shared/descriptions/listParameters';
import { buildListQuery, type NameValue, type Query, type SortRule } from '../../shared/list/query';
import type { ResourceDescriptor } from '../../shared/resources/descriptor';

/** Return All reads 100 per request (the API's maximum) to spend as little of the rate limit as possible. */
const DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE;
/**
 * Pages requested at once after page 1. 100 pages at 100 ms take about 1.3 s instead of 10 s;
 * the rate budget still decides when each request may start.
 */
const DEFAULT_CONCURRENCY = 8;
const MAX_CONCURRENCY = 20;
/** An AI agent rarely needs more, and every record costs context: a tool lists few by default. */
const TOOL_DEFAULT_LIMIT = 10;

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

/** Get Many's parameters for one resource. */
export function properties(resource: ResourceDescriptor): INodeProperties[] {
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
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: `Only ${resource.plural} matching all of these filters are returned`,
			options: resource.filterOptions,
		},
		additionalFiltersProperty,
		sortProperty(resource.sortOptions, resource.defaultSortField),
		optionsCollection([
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
				default: DEFAULT_PAGE_SIZE,
				description: `${resource.displayName} records per request (1–100). Larger pages use fewer requests of the rate limit; with a Limit, the node asks for no more than it needs.`,
			},
			{
				displayName: 'Max Concurrent Requests',
				name: 'maxConcurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
				default: DEFAULT_CONCURRENCY,
				description: `Pages requested at the same time once the first page has told how many there are (1–${MAX_CONCURRENCY}). The platform's rate limit is always respected; set 1 for a platform that wants one request at a time.`,
			},
			simplifyOption(resource.simplifyDescription),
		]),
	];
}

interface GetManyOptions {
	pageSize?: number;
	maxConcurrency?: number;
	simplify?: boolean;
}

/**
 * Authorization Code refresh tokens rotate (one use each). n8n refreshes inside each request that
 * gets a 401, so pages in flight when the token expires would each spend the same refresh token,
 * and all but the first would fail: with that grant, pages are read one at a time.
 */
function concurrencyFor(credential: CredentialSnapshot, requested: number): number {
	if (credential.authentication !== 'oAuth2') return requested;
	return credential.data.grantType === 'clientCredentials' ? requested : 1;
}

/** `GET /v1/<resource>`, page after page, with filters and sort. */
export async function execute(this: IExecuteFunctions, resource: ResourceDescriptor, itemIndex: number): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? undefined : wholeNumber(this.getNodeParameter('limit', itemIndex, 50), 'Limit', 1);
	const options = this.getNodeParameter('options', itemIndex, {}) as GetManyOptions;
	const pageSize = wholeNumber(options.pageSize ?? DEFAULT_PAGE_SIZE, 'Page Size', 1, MAX_PAGE_SIZE);
	const credential = await readCredential.call(this);
	const concurrency = concurrencyFor(
		credential,
		wholeNumber(options.maxConcurrency ?? DEFAULT_CONCURRENCY, 'Max Concurrent Requests', 1, MAX_CONCURRENCY),
	);

	const query = buildListQuery(resource.query, {
		filters: this.getNodeParameter('filters', itemIndex, {}) as Record<string, unknown>,
		additionalFilters: (this.getNodeParameter('additionalFilters.filter', itemIndex, []) as NameValue[]) ?? [],
		sort: (this.getNodeParameter('sort.rule', itemIndex, []) as SortRule[]) ?? [],
		timeZone: this.getTimezone(),
	});

	const gate = new RateBudget(executionTimer(this));
	const fetchPage = async (qs: Query): Promise<ListResponse> =>
		(await apiRequest.call(this, 'GET', resource.path, { qs, returnFullResponse: true, itemIndex, gate, credential, requiredScope: resource.scope })) as ListResponse;

	const records = await collectPages(fetchPage, { query, perPage: planPerPage(pageSize, limit), limit, concurrency });
	return (options.simplify ? records.map(resource.simplify) : records) as IDataObject[];
}
