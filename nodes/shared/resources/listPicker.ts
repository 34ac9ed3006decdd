import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { recordPicker } from '../descriptions/recordPicker';
import { isJsonRecord, type JsonRecord } from '../jsonRecord';
import { nextPageQuery, parseListPage, type ListResponse } from '../list/page';
import { apiRequest } from '../transport';
import type { ListSearchMethod, Picker } from './descriptor';
import { prefixedIdPattern } from './recordId';

// Every record picker's "From List" reads the same way: one page of a list per call, 50 records.

const SEARCH_PAGE_SIZE = 50;

export interface ListPage {
	/** The list under `/v1`. */
	path: string;
	/** Its `sort`, the order the picker shows. */
	sort: string;
	/** What the user typed; sent as `filter[search]` when the list has one. */
	search?: string;
	/**
	 * What the user typed, for a list the platform cannot search (a subscription's deliveries):
	 * matched in each page's names here, so a page may show fewer than 50 and the next one more.
	 */
	matchNames?: string;
	/** The item's name in the list; its value is the record's `id`. */
	name: (record: JsonRecord) => string;
}

/**
 * One page of a picker's list. n8n drives the loop (one call per page, handing the token back), so
 * it is not readPages: the same next-page rule as every listing decides, and the token is the later
 * page it leads to.
 */
export async function searchListPage(
	context: ILoadOptionsFunctions,
	{ path, sort, search, matchNames, name }: ListPage,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const qs: Record<string, string | number> = { page, per_page: SEARCH_PAGE_SIZE, sort };
	if (search?.trim()) qs['filter[search]'] = search.trim();
	const response = (await apiRequest.call(context, 'GET', path, {
		qs,
		returnFullResponse: true,
	})) as ListResponse;
	const parsed = parseListPage(response);
	const wanted = matchNames?.trim().toLowerCase() ?? '';
	const results = parsed.items
		.flatMap((item) =>
			isJsonRecord(item) && item.id !== undefined
				? [{ name: name(item), value: String(item.id) }]
				: [],
		)
		.filter((option) => option.name.toLowerCase().includes(wanted));
	const nextPage = Number(nextPageQuery(qs, parsed)?.page);
	return { results, paginationToken: nextPage > page ? String(nextPage) : undefined };
}

interface SearchablePicker {
	/** Get's ID parameter (kept from the plain ID field, so execute code reads both shapes). */
	parameter: string;
	/** e.g. `Enrollment`. */
	displayName: string;
	/** The ID's prefix and an example, e.g. `enr` and `enr_8Fk2Lq9Z`. */
	prefix: string;
	example: string;
	/** The saved workflows' name of its listSearch method, e.g. `searchEnrollments`. */
	method: string;
	placeholder: string;
	/** Its description; absent: "The <record> to get: …" (a picker that more operations than Get use says its own). */
	description?: string;
	/** The page the method reads for what the user typed. */
	list: (this: ILoadOptionsFunctions, search?: string) => ListPage;
}

/**
 * The picker of a resource whose Get gained one in action node version 2: version 1 keeps its
 * plain ID field, so its saved workflows and parameters stay as they were.
 */
export function searchablePicker({
	parameter,
	displayName,
	prefix,
	example,
	method,
	placeholder,
	description,
	list,
}: SearchablePicker): Picker {
	const noun = displayName.toLowerCase();
	const search: ListSearchMethod = async function (filter, paginationToken) {
		return await searchListPage(this, list.call(this, filter), paginationToken);
	};
	return {
		getProperty: recordPicker({
			name: parameter,
			displayName,
			description: description ?? `The ${noun} to get: pick one from the list, or give its ID`,
			required: true,
			list: { searchListMethod: method, placeholder },
			id: {
				example,
				check: {
					pattern: prefixedIdPattern(prefix),
					errorMessage: `${/^[aeiou]/.test(noun) ? 'An' : 'A'} ${noun} ID looks like ${example}`,
				},
			},
		}),
		listSearch: { [method]: search },
		sinceNodeVersion: 2,
	};
}
