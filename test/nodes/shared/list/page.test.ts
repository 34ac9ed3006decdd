import { ActionableError } from '../../../../nodes/shared/errors';
import type { Query } from '../../../../nodes/shared/list/query';
import { nextPageQuery, parseListPage, planPerPage } from '../../../../nodes/shared/list/page';
import { resourcePage, students } from './support/listApi';

describe("parseListPage: a bare array's Link header", () => {
	const nextOf = (link: string | undefined) =>
		parseListPage({ body: [], headers: { link } }).nextUrl;

	it('reads rel values, quoted or not, and keeps commas inside URLs', () => {
		const next = 'https://h/v1/students?filter[status]=active,suspended&page=2';
		expect(nextOf(`<https://h/x>; rel=last, <${next}>; rel="next"`)).toBe(next);
		expect(nextOf(`<https://h/x>; title="a"; rel="prev", <${next}>; rel=next`)).toBe(next);
		expect(nextOf(`<${next}>; title="a"; rel="first next"`)).toBe(next);
	});

	it('returns nothing for a missing or malformed header', () => {
		expect(nextOf(undefined)).toBeUndefined();
		expect(nextOf('garbage')).toBeUndefined();
		expect(nextOf('<https://h/x>; rel="prev"')).toBeUndefined();
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
			body: {
				current_page: 2,
				data: [{ id: 3 }],
				last_page: 2,
				next_page_url: null,
				per_page: '2',
				total: 3,
			},
		});
		expect(page).toMatchObject({
			paged: true,
			currentPage: 2,
			lastPage: 2,
			perPage: 2,
			nextUrl: undefined,
		});
	});

	it('reads a bare array with its next link from a Link header, whatever the header case', () => {
		const page = parseListPage({
			body: [{ id: 1 }],
			headers: { Link: '</v1/students?page=2>; rel="next"' },
		});
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
			throw new Error('expected an ActionableError');
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
		expect(next).toEqual({
			'filter[status]': 'active',
			sort: 'last_name',
			page: '2',
			per_page: '2',
		});
	});

	it('uses current_page + 1 when there is no link but more pages', () => {
		const next = nextPageQuery(current, {
			paged: true,
			items: students(1, 2),
			currentPage: 1,
			lastPage: 4,
		});
		expect(next).toEqual({ ...current, page: 2 });
	});

	it('stops on the last page, a short page and an empty page even if a next link says otherwise', () => {
		const nextUrl = '/v1/students?page=2';
		expect(
			nextPageQuery(current, { paged: true, items: students(1, 2), currentPage: 4, lastPage: 4 }),
		).toBeUndefined();
		expect(
			nextPageQuery(current, { paged: true, items: students(1, 1), perPage: 2, nextUrl }),
		).toBeUndefined();
		expect(nextPageQuery(current, { paged: true, items: [], nextUrl })).toBeUndefined();
	});

	it('follows an explicit next link when the server reports no page size, even if the page is shorter than asked', () => {
		// A bare array paginated by a Link header: the server may cap per_page without saying so.
		const asked: Query = { page: 1, per_page: 100 };
		const next = nextPageQuery(asked, {
			paged: true,
			items: students(1, 50),
			nextUrl: '/v1/students?page=2&per_page=100',
		});
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
