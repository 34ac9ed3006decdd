// A list endpoint in memory for the pure page and paging tests: records `{ id }`, pages in the
// contract's envelope (docs/api-contract.md §3.5), and a fetch function that records each query.
import type { Query } from '../../../../../nodes/shared/list/query';
import type { ListResponse } from '../../../../../nodes/shared/list/page';

export const students = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

/** A resource-collection page as the contract's §3.5 describes it. */
export function resourcePage(
	page: number,
	lastPage: number,
	perPage: number,
	total: number,
): ListResponse {
	const from = (page - 1) * perPage + 1;
	const to = Math.min(page * perPage, total);
	return {
		body: {
			data: from <= total ? students(from, to) : [],
			links: {
				next:
					page < lastPage
						? `https://h.example/v1/students?page=${page + 1}&per_page=${perPage}`
						: null,
			},
			meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
		},
	};
}

/** A fake API: answers each query with `answer` and records every query. */
export function fakeApi(answer: (query: Query) => ListResponse) {
	const calls: Query[] = [];
	const fetchPage = async (query: Query) => {
		calls.push({ ...query });
		return answer(query);
	};
	return { calls, fetchPage };
}
