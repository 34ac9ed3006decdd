/**
 * Page parameters and the paginated envelope (contract §3.1 and §3.5).
 *
 * - `parsePageParams(query, { defaultPerPage?, maxPerPage? })` → `{ page, perPage }`; throws a 422
 *   `validation_failed` ApiError with errors on `page` and/or `per_page`.
 * - `paginate(request, source, page, perPage)` → `{ data, links, meta }`. `source` is an array or a
 *   `PageSource` (`{ total, slice(from, to) }`, so only the requested page is materialised). Links
 *   are absolute and keep every query parameter of the request, with `page` replaced.
 * - `requestOrigin(request)` → `http://host:port` as the client addressed the server.
 */
import type { FastifyRequest } from 'fastify';

import { validationError, type FieldErrors } from './errors';

export interface PageParams {
	page: number;
	perPage: number;
}

export interface PageSource<T> {
	total: number;
	/** Items at 0-based positions [from, to). */
	slice(from: number, to: number): T[];
}

export interface Envelope<T> {
	data: T[];
	links: { first: string; last: string; prev: string | null; next: string | null };
	meta: {
		current_page: number;
		from: number | null;
		last_page: number;
		path: string;
		per_page: number;
		to: number | null;
		total: number;
	};
}

type Query = Record<string, unknown>;

/** PHP keeps the last of repeated parameters; so do we. */
function lastValue(value: unknown): string | undefined {
	if (Array.isArray(value)) return lastValue(value[value.length - 1]);
	return typeof value === 'string' ? value : undefined;
}

function positiveInteger(raw: string | undefined): number | undefined {
	return raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
}

export function parsePageParams(
	query: Query,
	{ defaultPerPage = 20, maxPerPage = 100 } = {},
): PageParams {
	const errors: FieldErrors = {};
	let page = 1;
	let perPage = defaultPerPage;
	if (query.page !== undefined) {
		const value = positiveInteger(lastValue(query.page));
		if (value === undefined || value < 1 || !Number.isSafeInteger(value)) {
			errors.page = ['The page field must be an integer of at least 1.'];
		} else page = value;
	}
	if (query.per_page !== undefined) {
		const value = positiveInteger(lastValue(query.per_page));
		if (value === undefined || value < 1 || value > maxPerPage) {
			errors.per_page = [`The per page field must be between 1 and ${maxPerPage}.`];
		} else perPage = value;
	}
	if (Object.keys(errors).length > 0) throw validationError(errors);
	return { page, perPage };
}

export function requestOrigin(request: FastifyRequest): string {
	return `${request.protocol}://${request.host}`;
}

export function paginate<T>(
	request: FastifyRequest,
	source: readonly T[] | PageSource<T>,
	page: number,
	perPage: number,
): Envelope<T> {
	const pageSource: PageSource<T> = Array.isArray(source)
		? { total: source.length, slice: (from, to) => source.slice(from, to) }
		: (source as PageSource<T>);
	const total = pageSource.total;
	const lastPage = Math.max(1, Math.ceil(total / perPage));
	const start = (page - 1) * perPage;
	const data = start < total ? pageSource.slice(start, Math.min(total, start + perPage)) : [];
	const [pathname, search = ''] = request.url.split(/\?(.*)/s, 2);
	const path = requestOrigin(request) + pathname;
	const pageUrl = (target: number) => {
		const params = new URLSearchParams(search);
		params.set('page', String(target));
		return `${path}?${params.toString()}`;
	};
	return {
		data,
		links: {
			first: pageUrl(1),
			last: pageUrl(lastPage),
			prev: page > 1 ? pageUrl(Math.min(page - 1, lastPage)) : null,
			next: page < lastPage ? pageUrl(page + 1) : null,
		},
		meta: {
			current_page: page,
			from: data.length > 0 ? start + 1 : null,
			last_page: lastPage,
			path,
			per_page: perPage,
			to: data.length > 0 ? start + data.length : null,
			total,
		},
	};
}
