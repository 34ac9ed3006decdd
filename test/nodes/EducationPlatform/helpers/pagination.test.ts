import {
	collectPages,
	nextPageQuery,
	parseLinkHeader,
	parseListPage,
	planPerPage,
	type ListResponse,
} from '../../../../nodes/EducationPlatform/helpers/pagination';
import { ActionableError } from '../../../../nodes/shared/errors';
import type { Query } from '../../../../nodes/EducationPlatform/helpers/studentQuery';

const students = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

/** A resource-collection page as the contract's §3.5 describes it. */
function resourcePage(page: number, lastPage: number, perPage: number, total: number): ListResponse {
	const from = (page - 1) * perPage + 1;
	const to = Math.min(page * perPage, total);
	return {
		body: {
			data: from <= total ? students(from, to) : [],
			links: { next: page < lastPage ? `https://h.example/v1/students?page=${page + 1}&per_page=${perPage}` : null },
			meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
		},
	};
}

/** A fake API: answers from `pages` by the requested page number and records every query. */
function fakeApi(answer: (query: Query) => ListResponse) {
	const calls: Query[] = [];
	const fetchPage = async (query: Query) => {
		calls.push({ ...query });
		return answer(query);
	};
	return { calls, fetchPage };
}

describe('parseLinkHeader', () => {
	it('reads rel values, quoted or not, and keeps commas inside URLs', () => {
		const header =
			'<https://h/v1/students?filter[status]=active,suspended&page=2>; rel="next", <https://h/v1/students?page=9>; rel=last, <https://h/x>; title="a"; rel="prev first"';
		expect(parseLinkHeader(header)).toEqual({
			next: 'https://h/v1/students?filter[status]=active,suspended&page=2',
			last: 'https://h/v1/students?page=9',
			prev: 'https://h/x',
			first: 'https://h/x',
		});
	});

	it('returns nothing for a missing or malformed header', () => {
		expect(parseLinkHeader(undefined)).toEqual({});
		expect(parseLinkHeader('garbage')).toEqual({});
	});
});

describe('parseListPage', () => {
	it('reads the resource collection envelope', () => {
		expect(parseListPage(resourcePage(1, 3, 2, 6))).toEqual({
			paged: true,
			items: [{ id: 1 }, { id: 2 }],
			currentPage: 1,
			lastPage: 3,
			perPage: 2,
			nextUrl: 'https://h.example/v1/students?page=2&per_page=2',
		});
	});

	it('reads the plain Laravel paginator (per_page may be a string)', () => {
		const page = parseListPage({
			body: { current_page: 2, data: [{ id: 3 }], last_page: 2, next_page_url: null, per_page: '2', total: 3 },
		});
		expect(page).toMatchObject({ paged: true, currentPage: 2, lastPage: 2, perPage: 2, nextUrl: undefined });
	});

	it('reads a bare array with its next link from a Link header, whatever the header case', () => {
		const page = parseListPage({ body: [{ id: 1 }], headers: { Link: '</v1/students?page=2>; rel="next"' } });
		expect(page).toEqual({ paged: true, items: [{ id: 1 }], nextUrl: '/v1/students?page=2' });
	});

	it('prefers the body link but falls back to the Link header', () => {
		const page = parseListPage({
			body: { data: [], links: { next: null }, meta: { current_page: 1, last_page: 1 } },
			headers: { link: '<https://h/v1/students?page=2>; rel="next"' },
		});
		expect(page.nextUrl).toBe('https://h/v1/students?page=2');
	});

	it.each([
		['an HTML page', '<html>login</html>', /text starting "<html>login/],
		['a single student', { data: { id: 1 } }, /"data"/],
		['nothing', undefined, /got nothing/],
	])('refuses %s with advice about the base URL', (_label, body, detail) => {
		try {
			parseListPage({ body });
			throw new Error('expected a ActionableError');
		} catch (error) {
			expect(error).toBeInstanceOf(ActionableError);
			expect((error as ActionableError).message).toBe('The API did not answer with a list');
			expect((error as ActionableError).description).toMatch(detail);
			expect((error as ActionableError).description).toMatch(/Base URL/);
		}
	});
});

describe('nextPageQuery', () => {
	const current: Query = { 'filter[status]': 'active', sort: 'last_name', page: 1, per_page: 2 };

	it('follows the next link but keeps filters the link leaves out', () => {
		const next = nextPageQuery(current, {
			paged: true,
			items: students(1, 2),
			nextUrl: 'https://other.example/v1/students?page=2&per_page=2',
		});
		expect(next).toEqual({ 'filter[status]': 'active', sort: 'last_name', page: '2', per_page: '2' });
	});

	it('uses current_page + 1 when there is no link but more pages', () => {
		const next = nextPageQuery(current, { paged: true, items: students(1, 2), currentPage: 1, lastPage: 4 });
		expect(next).toEqual({ ...current, page: 2 });
	});

	it('stops on the last page, a short page and an empty page even if a next link says otherwise', () => {
		const nextUrl = '/v1/students?page=2';
		expect(nextPageQuery(current, { paged: true, items: students(1, 2), currentPage: 4, lastPage: 4 })).toBeUndefined();
		expect(nextPageQuery(current, { paged: true, items: students(1, 1), perPage: 2, nextUrl })).toBeUndefined();
		expect(nextPageQuery(current, { paged: true, items: [], nextUrl })).toBeUndefined();
	});

	it('follows an explicit next link when the server reports no page size, even if the page is shorter than asked', () => {
		// A bare array paginated by a Link header: the server may cap per_page without saying so.
		const asked: Query = { page: 1, per_page: 100 };
		const next = nextPageQuery(asked, { paged: true, items: students(1, 50), nextUrl: '/v1/students?page=2&per_page=100' });
		expect(next).toEqual({ page: '2', per_page: '100' });
	});

	it('does not mistake a page the server capped for a short page', () => {
		const asked: Query = { page: 1, per_page: 100 };
		const next = nextPageQuery(asked, {
			paged: true,
			items: students(1, 50),
			perPage: 50,
			currentPage: 1,
			lastPage: 3,
		});
		expect(next).toEqual({ page: 2, per_page: 100 });
	});

	it('stops on a bare array with no Link header (an unpaginated list)', () => {
		expect(nextPageQuery(current, { paged: true, items: students(1, 2) })).toBeUndefined();
	});
});

describe('planPerPage', () => {
	it.each([
		[100, undefined, 100],
		[100, 50, 50],
		[100, 100, 100],
		[100, 150, 75],
		[100, 250, 84],
		[20, 45, 15],
		[2, 5, 2],
		[1, 3, 1],
	])('page size %p, limit %p → per_page %p', (pageSize, limit, expected) => {
		const perPage = planPerPage(pageSize, limit);
		expect(perPage).toBe(expected);
		expect(perPage).toBeLessThanOrEqual(pageSize);
		if (limit !== undefined) {
			// never more requests than with the full page size
			expect(Math.ceil(limit / perPage)).toBe(Math.ceil(limit / pageSize));
		}
	});
});

describe('collectPages', () => {
	it('reads every page of the resource envelope and asks for each page once', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page), 3, 2, 5));
		const items = await collectPages(api.fetchPage, { query: { sort: 'id' }, perPage: 2 });
		expect(items).toEqual(students(1, 5));
		expect(api.calls.map((q) => [q.page, q.per_page, q.sort])).toEqual([
			[1, 2, 'id'],
			['2', '2', 'id'],
			['3', '2', 'id'],
		]);
	});

	it('stops as soon as the limit is reached and returns exactly the limit', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page), 50, 2, 100));
		const items = await collectPages(api.fetchPage, { query: {}, perPage: 2, limit: 3 });
		expect(items).toEqual(students(1, 3));
		expect(api.calls).toHaveLength(2);
	});

	it('stops after an empty first page', async () => {
		const api = fakeApi(() => ({ body: { data: [], links: { next: null }, meta: { current_page: 1, last_page: 1 } } }));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 20 })).toEqual([]);
		expect(api.calls).toHaveLength(1);
	});

	it('follows Link headers on a bare array', async () => {
		const api = fakeApi((q) => {
			const page = Number(q.page);
			return {
				body: students(page * 2 - 1, page * 2),
				// The last page links back only (a full page without any Link would mean "ask on").
				headers: { link: page < 3 ? `<https://h/v1/students?page=${page + 1}&per_page=2>; rel="next"` : '<https://h/v1/students?page=2&per_page=2>; rel="prev"' },
			};
		});
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2 })).toEqual(students(1, 6));
	});

	it('without any paging information, keeps asking until a short page (bare {data}, and an array without Link)', async () => {
		for (const wrap of [(items: unknown[]) => ({ data: items }), (items: unknown[]) => items]) {
			const api = fakeApi((q) => {
				const page = Number(q.page);
				return { body: wrap(students(page * 2 - 1, Math.min(5, page * 2))) };
			});
			expect(await collectPages(api.fetchPage, { query: {}, perPage: 2 })).toEqual(students(1, 5));
			expect(api.calls.map((q) => q.page)).toEqual([1, 2, 3]);
		}
	});

	it('without any paging information, stops at an empty page after full ones', async () => {
		const api = fakeApi((q) => ({ body: { data: Number(q.page) <= 2 ? students(Number(q.page) * 2 - 1, Number(q.page) * 2) : [] } }));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2 })).toEqual(students(1, 4));
		expect(api.calls).toHaveLength(3);
	});

	it('without any paging information, a server ignoring page ends in the loop guard, not a silent stop', async () => {
		const api = fakeApi(() => ({ body: { data: students(1, 2) } }));
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2 })).rejects.toThrow(
			'Request 2 returned the same records as request 1 (IDs 1 to 2)',
		);
	});

	it('a Link header without rel="next" is paging information: the listing ends there', async () => {
		const api = fakeApi(() => ({ body: students(1, 2), headers: { link: '<https://h/v1/students?page=1>; rel="first"' } }));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2 })).toEqual(students(1, 2));
		expect(api.calls).toHaveLength(1);
	});

	it('ends with a clear error when the server ignores page and repeats the same students', async () => {
		const api = fakeApi(() => ({ body: students(1, 2), headers: { link: '<https://h/v1/students?page=2>; rel="next"' } }));
		const listing = collectPages(api.fetchPage, { query: {}, perPage: 2 });
		await expect(listing).rejects.toThrow('Request 2 returned the same records as request 1 (IDs 1 to 2)');
		expect(api.calls).toHaveLength(2);
	});

	it('ends with a clear error when a next link points back to a page already read', async () => {
		let served = 0;
		const api = fakeApi(() => {
			served++;
			return { body: students(served * 2 - 1, served * 2), headers: { link: '<https://h/v1/students?page=1&per_page=2>; rel="next"' } };
		});
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2 })).rejects.toThrow(
			"The API's next-page link points back to a page already read (page 1)",
		);
		expect(api.calls).toHaveLength(1);
	});

	it('ends with a clear error when the server reports the same page number twice', async () => {
		const api = fakeApi((q) => ({
			body: { current_page: 1, last_page: 5, per_page: 2, data: students(Number(q.page) * 2 - 1, Number(q.page) * 2) },
		}));
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2 })).rejects.toThrow(ActionableError);
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2 })).rejects.toThrow('The API returned page 1 twice');
	});
});

describe('collectPages with pages requested at once', () => {
	it('after page 1 requests only the pages holding the limit, and hands them over in order', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page), 50, 2, 100));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2, limit: 7, concurrency: 8 })).toEqual(students(1, 7));
		expect(api.calls.map((q) => Number(q.page))).toEqual([1, 2, 3, 4]);
	});

	it('reads the page count from total when last_page is missing', async () => {
		const api = fakeApi((q) => ({ body: { current_page: Number(q.page), per_page: 2, total: 5, data: students(Number(q.page) * 2 - 1, Math.min(5, Number(q.page) * 2)) } }));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(students(1, 5));
		expect(api.calls).toHaveLength(3);
	});

	it('stops at a page that ends the listing early (records deleted meanwhile) and drops the answers after it', async () => {
		const api = fakeApi((q) => {
			const page = Number(q.page);
			// Page 2 lost a record after page 1 was read; pages 3 and 4 are now empty.
			const data = page === 1 ? students(1, 2) : page === 2 ? students(3, 3) : [];
			return { body: { data, meta: { current_page: page, last_page: 4, per_page: 2 } } };
		});
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(students(1, 3));
	});

	it('follows a last page that turns out not to be the last, one by one', async () => {
		// Page 1 said 2 pages; by the time page 2 is read there are 3.
		const api = fakeApi((q) => resourcePage(Number(q.page), Number(q.page) === 1 ? 2 : 3, 2, 6));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(students(1, 6));
		expect(api.calls.map((q) => Number(q.page))).toEqual([1, 2, 3]);
	});

	it('goes one by one when page 1 gives no page count or links elsewhere than page 2 (a cursor)', async () => {
		const cursor = fakeApi((q) => {
			const page = q.cursor === undefined ? 1 : Number(q.cursor);
			return {
				body: {
					data: students(page * 2 - 1, page * 2),
					links: { next: page < 3 ? `https://h/v1/students?cursor=${page + 1}` : null },
					meta: { per_page: 2, last_page: 3, current_page: page },
				},
			};
		});
		expect(await collectPages(cursor.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(students(1, 6));
		expect(cursor.calls.map((q) => q.cursor)).toEqual([undefined, '2', '3']);
	});

	it('refuses an answer for another page than the one asked for', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page) === 3 ? 2 : Number(q.page), 4, 2, 8));
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).rejects.toThrow(
			'The API answered page 2 when asked for page 3',
		);
	});
});

