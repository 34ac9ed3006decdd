// Pure: no n8n import. The paging loop: request a page, read it (page.ts), ask for the next one,
// until the listing ends. `readPages` is the loop; `collectPages` (Get Many) runs on it with a
// limit, pages requested at once (`fetchPagesInOrder`), and guards against a server that would
// make it loop. The I/O is injected, so they are tested without HTTP or n8n. (The polling
// trigger's cursor keeps a loop of its own: cursor/cursor.ts says why.)
import { ActionableError } from '../errors';
import { idOf } from '../jsonRecord';
import { nextPageQuery, parseListPage, type ListResponse, type ParsedPage } from './page';
import type { Query } from './query';

/** One request of a listing: the transport call with these query parameters. */
type FetchListPage = (query: Query) => Promise<ListResponse>;

interface ReadPagesOptions {
	/** Requests at most; the listing ends there as it is (for lists that are short by nature). */
	maxPages?: number;
	/** Sees every page read before the next is asked for; a guard throws here. */
	onPage?: (query: Query, page: ParsedPage) => void;
	/**
	 * The query after `page`, or undefined when the listing is complete (default nextPageQuery).
	 * It may read pages itself and answer with the query after the last of them.
	 */
	next?: (query: Query, page: ParsedPage) => Query | undefined | Promise<Query | undefined>;
}

/** Reads pages one after the other from `first`, and returns the items of the pages it read. */
export async function readPages(
	fetchPage: FetchListPage,
	first: Query,
	options: ReadPagesOptions = {},
): Promise<unknown[]> {
	const { maxPages = Infinity, onPage, next = nextPageQuery } = options;
	const items: unknown[] = [];
	let query: Query | undefined = first;
	for (let read = 0; query !== undefined && read < maxPages; read++) {
		const page = parseListPage(await fetchPage(query));
		onPage?.(query, page);
		items.push(...page.items);
		query = await next(query, page);
	}
	return items;
}

function canonicalQuery(query: Query): string {
	return Object.keys(query)
		.sort()
		.map((key) => `${key}=${String(query[key])}`)
		.join('&');
}

interface CollectOptions {
	/** Filters and sort; `page` and `per_page` are added here. */
	query: Query;
	perPage: number;
	/** Stop once this many items are collected (and return exactly that many). */
	limit?: number;
	/**
	 * Requests in flight at most once page 1 has told how many pages there are (default 1:
	 * strictly one after the other). Without a page count, pages are read one by one anyway.
	 */
	concurrency?: number;
}

const LOOP_ADVICE =
	'The platform kept answering with a page already read, so the node stopped instead of looping forever or returning duplicates. Try again later, or use a Limit; if it persists, report it to the platform with the request details.';

/** The items read so far, and the guards every answer passes before its items are taken. */
class Listing {
	readonly items: unknown[] = [];
	private readonly requested = new Set<string>();
	private readonly reportedPages = new Set<number>();
	private readonly pageBounds = new Map<string, number>();
	private requestCount = 0;

	constructor(private readonly limit?: number) {}

	get full(): boolean {
		return this.limit !== undefined && this.items.length >= this.limit;
	}

	result(): unknown[] {
		return this.limit === undefined ? this.items : this.items.slice(0, this.limit);
	}

	take(query: Query, page: ParsedPage): void {
		this.requested.add(canonicalQuery(query));
		this.requestCount++;
		if (page.currentPage !== undefined) {
			if (this.reportedPages.has(page.currentPage)) {
				throw new ActionableError(`The API returned page ${page.currentPage} twice`, LOOP_ADVICE);
			}
			this.reportedPages.add(page.currentPage);
		}
		const first = idOf(page.items[0]);
		const last = idOf(page.items[page.items.length - 1]);
		if (first !== undefined && last !== undefined) {
			const bounds = `${first}…${last}`;
			const earlier = this.pageBounds.get(bounds);
			if (earlier !== undefined) {
				throw new ActionableError(
					`Request ${this.requestCount} returned the same records as request ${earlier} (IDs ${first} to ${last})`,
					LOOP_ADVICE,
				);
			}
			this.pageBounds.set(bounds, this.requestCount);
		}
		this.items.push(...page.items);
	}

	/** The next query after `page`, refusing one that was already read. */
	next(query: Query, page: ParsedPage): Query | undefined {
		if (this.full) return undefined;
		const next = nextPageQuery(query, page);
		if (next && this.requested.has(canonicalQuery(next))) {
			throw new ActionableError(
				`The API's next-page link points back to a page already read (page ${String(next.page)})`,
				LOOP_ADVICE,
			);
		}
		return next;
	}
}

/**
 * The last page worth requesting at once after `page` (page 1), or undefined to go on one by one:
 * page 1 must lead to page 2 of the same query (no cursor, no other parameters in its next link)
 * and tell how many pages there are. With a limit, only the pages holding it.
 */
function concurrentLastPage(query: Query, page: ParsedPage, limit?: number): number | undefined {
	const next = nextPageQuery(query, page);
	if (!next || canonicalQuery(next) !== canonicalQuery({ ...query, page: 2 })) return undefined;
	if (page.lastPage === undefined || page.lastPage < 2) return undefined;
	const perPage = page.perPage ?? Number(query.per_page);
	return limit === undefined ? page.lastPage : Math.min(page.lastPage, Math.ceil(limit / perPage));
}

interface SchedulerOptions<T> {
	/** Pages first..last, in this order. */
	first: number;
	last: number;
	/** Requests in flight at most. */
	concurrency: number;
	fetchPage: (page: number) => Promise<T>;
	/**
	 * Receives each page in order. Returning `false` ends the run: pages not yet started are never
	 * requested, answers already in flight are dropped.
	 */
	onPage: (page: number, result: T) => boolean | void;
}

/**
 * How far ahead of the page being handed over a request may start: a slow page holds back at
 * most this many finished ones in memory.
 */
const REORDER_WINDOW_FACTOR = 2;

/**
 * Pages at once: at most `concurrency` requests in flight, handed over strictly in page order,
 * each exactly once. The rate budget and the retries of a failed page live in the fetch function
 * (transport + RateBudget): a failed page is retried on its own while the others go on or, after a
 * 429, wait with it.
 */
async function fetchPagesInOrder<T>(options: SchedulerOptions<T>): Promise<void> {
	const { first, last, concurrency, fetchPage, onPage } = options;
	const done = new Map<number, T>();
	const inFlight = new Set<Promise<void>>();
	let nextToStart = first;
	let nextToHand = first;
	let stopped = false;
	let failure: { error: unknown } | undefined;

	const handOver = () => {
		while (!stopped && done.has(nextToHand)) {
			const result = done.get(nextToHand) as T;
			done.delete(nextToHand);
			if (onPage(nextToHand, result) === false) stopped = true;
			nextToHand++;
		}
		if (nextToHand > last) stopped = true;
	};

	const start = (page: number) => {
		const task = fetchPage(page).then(
			(result) => {
				if (stopped) return;
				done.set(page, result);
				try {
					handOver();
				} catch (error) {
					failure ??= { error };
					stopped = true;
				}
			},
			(error: unknown) => {
				// The first failure ends the run; pages after it are not requested.
				failure ??= { error };
				stopped = true;
			},
		);
		const tracked = task.finally(() => inFlight.delete(tracked));
		inFlight.add(tracked);
	};

	const aheadLimit = concurrency * REORDER_WINDOW_FACTOR;
	while (!stopped) {
		while (
			!stopped &&
			inFlight.size < concurrency &&
			nextToStart <= last &&
			nextToStart - nextToHand < aheadLimit
		) {
			start(nextToStart++);
		}
		if (inFlight.size === 0) break;
		await Promise.race(inFlight);
	}
	// Let every request that was started finish, so none outlives the listing.
	await Promise.all(inFlight);
	if (failure) throw failure.error;
}

/**
 * Pages 2..last of `base`, `concurrency` at a time, taken in page order. A page that does not
 * lead to the following one (the listing ended early: records were deleted meanwhile) drops the
 * answers after it. Returns the last page taken, which the loop goes on from.
 */
async function takeAtOnce(
	fetchPage: FetchListPage,
	listing: Listing,
	base: Query,
	last: number,
	concurrency: number,
): Promise<{ query: Query; page: ParsedPage } | undefined> {
	let reached: { query: Query; page: ParsedPage } | undefined;
	await fetchPagesInOrder<ListResponse>({
		first: 2,
		last,
		concurrency,
		fetchPage: async (number) => await fetchPage({ ...base, page: number }),
		onPage: (number, response) => {
			const query = { ...base, page: number };
			const page = parseListPage(response);
			if (page.currentPage !== undefined && page.currentPage !== number) {
				throw new ActionableError(
					`The API answered page ${page.currentPage} when asked for page ${number}`,
					LOOP_ADVICE,
				);
			}
			listing.take(query, page);
			reached = { query, page };
			const next = listing.next(query, page);
			// Go on at once only while each page leads to the following one.
			return (
				next !== undefined && canonicalQuery(next) === canonicalQuery({ ...base, page: number + 1 })
			);
		},
	});
	return reached;
}

/**
 * Fetches pages until the listing is complete or `limit` items are collected. Page 1 comes alone;
 * when it tells the page count, pages 2..last are requested `concurrency` at a time and taken in
 * page order; a last page that turns out not to be the last is followed one by one.
 */
export async function collectPages(
	fetchPage: FetchListPage,
	options: CollectOptions,
): Promise<unknown[]> {
	const listing = new Listing(options.limit);
	const concurrency = options.concurrency ?? 1;
	await readPages(
		fetchPage,
		{ ...options.query, page: 1, per_page: options.perPage },
		{
			onPage: (query, page) => listing.take(query, page),
			next: async (query, page) => {
				const last =
					concurrency > 1 && !listing.full && query.page === 1
						? concurrentLastPage(query, page, options.limit)
						: undefined;
				const reached =
					last === undefined
						? undefined
						: await takeAtOnce(fetchPage, listing, query, last, concurrency);
				return reached ? listing.next(reached.query, reached.page) : listing.next(query, page);
			},
		},
	);
	return listing.result();
}
