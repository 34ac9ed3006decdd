import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { isJsonRecord } from '../../shared/jsonRecord';
import { apiRequest } from '../../shared/transport';
import { nextPageQuery, parseListPage, type ListResponse } from '../../shared/list/page';

const SEARCH_PAGE_SIZE = 50;

/** "Last, First (S-2024-001042)" — what a person scanning the list recognises. */
function studentOption(student: unknown): INodeListSearchItems | undefined {
	if (!isJsonRecord(student) || student.id === undefined) return undefined;
	const name = [student.preferred_name || student.first_name, student.last_name].filter(Boolean).join(' ');
	const number = typeof student.student_number === 'string' ? ` (${student.student_number})` : '';
	return { name: `${name || `Student ${String(student.id)}`}${number}`, value: String(student.id) };
}

/** Students for the Student picker, filtered through `filter[search]`, 50 at a time, by last name. */
export async function searchStudents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const qs: Record<string, string | number> = { page, per_page: SEARCH_PAGE_SIZE, sort: 'last_name,first_name' };
	if (filter?.trim()) qs['filter[search]'] = filter.trim();
	const response = (await apiRequest.call(this, 'GET', '/students', { qs, returnFullResponse: true })) as ListResponse;
	const parsed = parseListPage(response);
	const results = parsed.items.map(studentOption).filter((option) => option !== undefined);
	// n8n drives this loop (one call per page, handing the token back), so it is not readPages: the
	// same next-page rule as every listing decides, and the token is the later page it leads to.
	const nextPage = Number(nextPageQuery(qs, parsed)?.page);
	return { results, paginationToken: nextPage > page ? String(nextPage) : undefined };
}
