// Pure: no n8n import. Reads one page of a list response in any of the shapes the contract
// tolerates (docs/api-contract.md §3.5) and decides which page to ask for next. The loop that
// asks for them is paging.ts; the Student picker, whose loop n8n drives, uses these directly.
import { ActionableError } from '../errors';
import { isJsonRecord } from '../jsonRecord';
import type { Query } from './query';

type HeaderMap = Record<string, string | string[] | number | undefined>;

/** What the transport returned for one request (body and response headers). */
export interface ListResponse {
	body: unknown;
	headers?: HeaderMap;
}

export interface ParsedPage {
	items: unknown[];
	/** Whether the response said anything about paging (meta, paginator fields or a Link header). */
	paged: boolean;
	currentPage?: number;
	lastPage?: number;
	/** per_page as the server reports it; it wins over the requested one if the server capped it. */
	perPage?: number;
	/** The next page's URL from the body, else from an RFC 8288 `Link: <…>; rel="next"` header. */
	nextUrl?: string;
}

export const MAX_PAGE_SIZE = 100;

/** Get Many's Limit for an AI agent's tool call: a model rarely needs more, and every record costs context. */
export const TOOL_DEFAULT_LIMIT = 10;

function toNumber(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** last_page, else derived from total and per_page (a paginator may report only those). */
function lastPageOf(lastPage: unknown, total: unknown, perPage: unknown): number | undefined {
	const reported = toNumber(lastPage);
	if (reported !== undefined) return reported;
	const [count, size] = [toNumber(total), toNumber(perPage)];
	return count !== undefined && size !== undefined && size > 0
		? Math.max(1, Math.ceil(count / size))
		: undefined;
}

function toUrl(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function headerValue(headers: HeaderMap | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() !== wanted || value === undefined) continue;
		return Array.isArray(value) ? value.join(', ') : String(value);
	}
	return undefined;
}

/**
 * Parses an RFC 8288 Link header into `{ rel: url }`. URLs may contain commas (comma lists in
 * `filter[...]`), so links are matched by their `<…>` brackets rather than split on commas.
 */
function parseLinkHeader(header: string | undefined): Record<string, string> {
	const links: Record<string, string> = {};
	if (!header) return links;
	const linkPattern = /<([^>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,]*))?)*)/g;
	for (const match of header.matchAll(linkPattern)) {
		const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2]);
		if (!rel) continue;
		for (const name of (rel[1] ?? rel[2]).toLowerCase().split(/\s+/)) {
			if (name && !(name in links)) links[name] = match[1].trim();
		}
	}
	return links;
}

/** Reads one page. Throws an ActionableError when the body is not a list at all. */
export function parseListPage(response: ListResponse): ParsedPage {
	const { body } = response;
	const linkHeader = headerValue(response.headers, 'link');
	const linkNext = parseLinkHeader(linkHeader).next;
	const hasLink = linkHeader !== undefined && linkHeader.trim() !== '';
	if (Array.isArray(body)) {
		return { items: body, paged: hasLink, nextUrl: linkNext };
	}
	if (isJsonRecord(body) && Array.isArray(body.data)) {
		if (isJsonRecord(body.meta)) {
			const links = isJsonRecord(body.links) ? body.links : {};
			return {
				items: body.data,
				paged: true,
				currentPage: toNumber(body.meta.current_page),
				lastPage: lastPageOf(body.meta.last_page, body.meta.total, body.meta.per_page),
				perPage: toNumber(body.meta.per_page),
				nextUrl: toUrl(links.next) ?? linkNext,
			};
		}
		if ('current_page' in body || 'next_page_url' in body) {
			return {
				items: body.data,
				paged: true,
				currentPage: toNumber(body.current_page),
				lastPage: lastPageOf(body.last_page, body.total, body.per_page),
				perPage: toNumber(body.per_page),
				nextUrl: toUrl(body.next_page_url) ?? linkNext,
			};
		}
		return { items: body.data, paged: hasLink, nextUrl: linkNext };
	}
	const seen =
		typeof body === 'string'
			? `text starting "${body.slice(0, 60)}"`
			: JSON.stringify(body)?.slice(0, 80);
	throw new ActionableError(
		'The API did not answer with a list',
		`Expected JSON with a "data" array (or a JSON array) but got ${seen ?? 'nothing'}. Check that the credential's Base URL is the platform's address (e.g. https://school.example.com or https://school.example.com/api).`,
	);
}

/** The query parameters of a next-page URL (absolute or relative). Only the query is used: the
 * host always stays the credential's base URL, so a token is never sent elsewhere. */
function queryOfUrl(url: string): Query {
	const query: Query = {};
	for (const [key, value] of new URL(url, 'http://next.invalid').searchParams) query[key] = value;
	return query;
}

/**
 * The query of the next request, or `undefined` when the listing is complete: the page is empty
 * or shorter than the per_page the server reports, or there is neither a next link nor
 * `current_page < last_page`, or (without any paging information) shorter than we asked for.
 * A next link's parameters are laid over the current ones, so filters and sort survive even
 * when the server leaves them out of its links.
 */
export function nextPageQuery(current: Query, page: ParsedPage): Query | undefined {
	if (page.items.length === 0) return undefined;
	// "Short" is judged by the page size the server reports. Without one (a bare array with a
	// Link header), an explicit next link wins over the size we asked for: the server may cap
	// per_page silently, and stopping there would drop students without a word.
	if (page.perPage !== undefined && page.items.length < page.perPage) return undefined;
	if (page.nextUrl) return { ...current, ...queryOfUrl(page.nextUrl) };
	if (
		page.currentPage !== undefined &&
		page.lastPage !== undefined &&
		page.currentPage < page.lastPage
	) {
		return { ...current, page: page.currentPage + 1 };
	}
	// No paging information at all (a bare `{data: [...]}`, or an array without a Link header):
	// a full page may have more behind it, so ask for the next one until a short or empty page.
	// A server that ignores `page` is stopped by collectPages' loop guards or by a page cap.
	if (!page.paged && page.items.length >= Number(current.per_page)) {
		return { ...current, page: Number(current.page ?? 1) + 1 };
	}
	return undefined;
}

/**
 * per_page for a listing. Without a limit, the page size. With one, the smallest per_page that
 * still needs no more requests than the page size would (limit 150, size 100 → 2 × 75), so no
 * page is fetched in vain. It is fixed for the whole listing: page N only means the same
 * students when per_page does not change.
 */
export function planPerPage(pageSize: number, limit?: number): number {
	if (limit === undefined) return pageSize;
	const pages = Math.ceil(limit / pageSize);
	return Math.ceil(limit / pages);
}
