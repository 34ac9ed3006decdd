import { collectPages, readPages } from '../../../../nodes/shared/list/paging';
import type { ListResponse } from '../../../../nodes/shared/list/page';
import type { Query } from '../../../../nodes/shared/list/query';
import { ActionableError } from '../../../../nodes/shared/errors';
import { fakeApi, resourcePage, students } from './support/listApi';
import {
	seededFaults,
	simulatedPlatform,
	VirtualClock,
	type PlatformOptions,
} from './support/simulatedPlatform';

describe('readPages', () => {
	it('reads page after page with the next-page rule of page.ts and returns every item', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page), 3, 2, 5));
		expect(await readPages(api.fetchPage, { sort: 'id', page: 1, per_page: 2 })).toEqual(
			students(1, 5),
		);
		expect(api.calls.map((q) => q.page)).toEqual([1, '2', '3']);
	});

	it('ends at the page cap, with the items read so far and without an error', async () => {
		// A server that ignores `page` and always answers a full page of a list without paging information.
		const api = fakeApi(() => ({ body: { data: students(1, 2) } }));
		expect(await readPages(api.fetchPage, { page: 1, per_page: 2 }, { maxPages: 3 })).toEqual([
			...students(1, 2),
			...students(1, 2),
			...students(1, 2),
		]);
		expect(api.calls.map((q) => q.page)).toEqual([1, 2, 3]);
	});

	it('shows each page to onPage before asking for the next, and follows the query `next` gives', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page), 9, 2, 18));
		const seen: Array<[unknown, number | undefined]> = [];
		const items = await readPages(
			api.fetchPage,
			{ page: 1, per_page: 2 },
			{
				onPage: (query, page) => seen.push([query.page, page.currentPage]),
				next: async (query) =>
					Number(query.page) < 5 ? { ...query, page: Number(query.page) + 2 } : undefined,
			},
		);
		expect(seen).toEqual([
			[1, 1],
			[3, 3],
			[5, 5],
		]);
		expect(items).toEqual([...students(1, 2), ...students(5, 6), ...students(9, 10)]);
	});

	it('stops at once when onPage throws (a guard), and passes the error on', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page), 3, 2, 6));
		const guarded = readPages(
			api.fetchPage,
			{ page: 1, per_page: 2 },
			{
				onPage: () => {
					throw new ActionableError('refused', 'because');
				},
			},
		);
		await expect(guarded).rejects.toThrow('refused');
		expect(api.calls).toHaveLength(1);
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
		const api = fakeApi(() => ({
			body: { data: [], links: { next: null }, meta: { current_page: 1, last_page: 1 } },
		}));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 20 })).toEqual([]);
		expect(api.calls).toHaveLength(1);
	});

	it('follows Link headers on a bare array', async () => {
		const api = fakeApi((q) => {
			const page = Number(q.page);
			return {
				body: students(page * 2 - 1, page * 2),
				// The last page links back only (a full page without any Link would mean "ask on").
				headers: {
					link:
						page < 3
							? `<https://h/v1/students?page=${page + 1}&per_page=2>; rel="next"`
							: '<https://h/v1/students?page=2&per_page=2>; rel="prev"',
				},
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
		const api = fakeApi((q) => ({
			body: {
				data: Number(q.page) <= 2 ? students(Number(q.page) * 2 - 1, Number(q.page) * 2) : [],
			},
		}));
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
		const api = fakeApi(() => ({
			body: students(1, 2),
			headers: { link: '<https://h/v1/students?page=1>; rel="first"' },
		}));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2 })).toEqual(students(1, 2));
		expect(api.calls).toHaveLength(1);
	});

	it('ends with a clear error when the server ignores page and repeats the same students', async () => {
		const api = fakeApi(() => ({
			body: students(1, 2),
			headers: { link: '<https://h/v1/students?page=2>; rel="next"' },
		}));
		const listing = collectPages(api.fetchPage, { query: {}, perPage: 2 });
		await expect(listing).rejects.toThrow(
			'Request 2 returned the same records as request 1 (IDs 1 to 2)',
		);
		expect(api.calls).toHaveLength(2);
	});

	it('ends with a clear error when a next link points back to a page already read', async () => {
		let served = 0;
		const api = fakeApi(() => {
			served++;
			return {
				body: students(served * 2 - 1, served * 2),
				headers: { link: '<https://h/v1/students?page=1&per_page=2>; rel="next"' },
			};
		});
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2 })).rejects.toThrow(
			"The API's next-page link points back to a page already read (page 1)",
		);
		expect(api.calls).toHaveLength(1);
	});

	it('ends with a clear error when the server reports the same page number twice', async () => {
		const api = fakeApi((q) => ({
			body: {
				current_page: 1,
				last_page: 5,
				per_page: 2,
				data: students(Number(q.page) * 2 - 1, Number(q.page) * 2),
			},
		}));
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2 })).rejects.toThrow(
			ActionableError,
		);
		await expect(collectPages(api.fetchPage, { query: {}, perPage: 2 })).rejects.toThrow(
			'The API returned page 1 twice',
		);
	});
});

describe('collectPages with pages requested at once', () => {
	it('after page 1 requests only the pages holding the limit, and hands them over in order', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page), 50, 2, 100));
		expect(
			await collectPages(api.fetchPage, { query: {}, perPage: 2, limit: 7, concurrency: 8 }),
		).toEqual(students(1, 7));
		expect(api.calls.map((q) => Number(q.page))).toEqual([1, 2, 3, 4]);
	});

	it('reads the page count from total when last_page is missing', async () => {
		const api = fakeApi((q) => ({
			body: {
				current_page: Number(q.page),
				per_page: 2,
				total: 5,
				data: students(Number(q.page) * 2 - 1, Math.min(5, Number(q.page) * 2)),
			},
		}));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(
			students(1, 5),
		);
		expect(api.calls).toHaveLength(3);
	});

	it('stops at a page that ends the listing early (records deleted meanwhile) and drops the answers after it', async () => {
		const api = fakeApi((q) => {
			const page = Number(q.page);
			// Page 2 lost a record after page 1 was read; pages 3 and 4 are now empty.
			const data = page === 1 ? students(1, 2) : page === 2 ? students(3, 3) : [];
			return { body: { data, meta: { current_page: page, last_page: 4, per_page: 2 } } };
		});
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(
			students(1, 3),
		);
	});

	it('follows a last page that turns out not to be the last, one by one', async () => {
		// Page 1 said 2 pages; by the time page 2 is read there are 3.
		const api = fakeApi((q) => resourcePage(Number(q.page), Number(q.page) === 1 ? 2 : 3, 2, 6));
		expect(await collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(
			students(1, 6),
		);
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
		expect(await collectPages(cursor.fetchPage, { query: {}, perPage: 2, concurrency: 4 })).toEqual(
			students(1, 6),
		);
		expect(cursor.calls.map((q) => q.cursor)).toEqual([undefined, '2', '3']);
	});

	it('refuses an answer for another page than the one asked for', async () => {
		const api = fakeApi((q) => resourcePage(Number(q.page) === 3 ? 2 : Number(q.page), 4, 2, 8));
		await expect(
			collectPages(api.fetchPage, { query: {}, perPage: 2, concurrency: 4 }),
		).rejects.toThrow('The API answered page 2 when asked for page 3');
	});
});

// Return All / Limit with pages fetched at once, against a simulated platform in virtual time
// (support/simulatedPlatform.ts): seeded fault schedules, 429 storms, slow pages and a small rate
// budget. What a user notices: every record once, in order; no more requests than needed; and the
// platform's limiter never has to refuse a request the budget could not pay for.
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function list(
	platformOptions: PlatformOptions,
	options: { concurrency: number; perPage?: number; limit?: number },
) {
	const clock = new VirtualClock();
	const platform = simulatedPlatform(clock, platformOptions);
	const startedAt = clock.now();
	const items = await clock.run(
		collectPages(platform.fetchPage, {
			query: {},
			perPage: options.perPage ?? 100,
			limit: options.limit,
			concurrency: options.concurrency,
		}),
	);
	return {
		...platform,
		items: (items as Array<{ id: number }>).map((item) => item.id),
		elapsedMs: clock.now() - startedAt,
	};
}

describe('concurrent paging under seeded fault schedules', () => {
	it.each([1, 2, 3, 4, 5, 6, 7, 8])(
		'seed %i: every record once and in order, each failed page retried alone',
		async (seed) => {
			const faults = seededFaults(seed, 40);
			const { items, sent, gate } = await list({ total: 3_950, faults }, { concurrency: 6 });

			expect(items).toEqual(ids(1, 3_950));
			// One request per page plus exactly one per injected failure: no page fetched twice into the output.
			const injected = [...faults.failures.values()].reduce(
				(sum, statuses) => sum + statuses.length,
				0,
			);
			expect(sent).toHaveLength(40 + injected);
			for (let page = 1; page <= 40; page++) {
				expect(sent.filter((request) => request.page === page)).toHaveLength(
					1 + (faults.failures.get(page)?.length ?? 0),
				);
			}
			expect(Math.max(...sent.map((request) => request.inFlight))).toBeLessThanOrEqual(6);
			expect(gate.stats.peakInFlight).toBeGreaterThan(1);
		},
	);

	it('a 429 pauses all work until its Retry-After: no request starts in the pause', async () => {
		const storm = new Map([5, 6, 7, 8, 12].map((page) => [page, [429, 429]] as [number, number[]]));
		const { items, sent } = await list(
			{ total: 2_000, faults: { failures: storm, latency: () => 50 }, retryAfterSeconds: 3 },
			{ concurrency: 8 },
		);

		expect(items).toEqual(ids(1, 2_000));
		const rateLimited = sent.filter((request) => request.status === 429);
		expect(rateLimited).toHaveLength(10);
		for (const answer of rateLimited) {
			// Requests sent at the same instant, before the client read the 429, cannot know of it.
			const startedInPause = sent.filter(
				(request) =>
					request.startSeq > answer.settleSeq! && request.startedAt < answer.settledAt! + 3_000,
			);
			expect(startedInPause).toEqual([]);
		}
	});

	it('stays inside a small budget: the limiter never refuses, and waits only for the windows it must', async () => {
		// 5 requests per 2-second window, 23 pages: at least floor(22 / 5) = 4 windows to wait.
		const { items, sent, elapsedMs } = await list(
			{
				total: 2_250,
				rateLimit: 5,
				windowMs: 2_000,
				faults: { failures: new Map(), latency: () => 20 },
			},
			{ concurrency: 8 },
		);

		expect(items).toEqual(ids(1, 2_250));
		expect(sent.map((request) => request.status).filter((status) => status !== 200)).toEqual([]);
		expect(sent).toHaveLength(23);
		expect(elapsedMs).toBeGreaterThanOrEqual(4 * 2_000);
		// X-RateLimit-Reset is in whole seconds: each window costs at most a second more than it lasts.
		expect(elapsedMs).toBeLessThanOrEqual(4 * 3_000 + 200);
	});

	it('at 0 ms and 100 ms latency, 100 pages take a few round trips instead of 100', async () => {
		const slow = { failures: new Map<number, number[]>(), latency: () => 100 };
		const sequential = await list({ total: 10_000, faults: slow }, { concurrency: 1 });
		const concurrent = await list({ total: 10_000, faults: slow }, { concurrency: 8 });

		expect(concurrent.items).toEqual(sequential.items);
		expect(sequential.elapsedMs).toBe(100 * 100);
		// Page 1 alone, then 99 pages 8 at a time: 1 + ceil(99 / 8) round trips.
		expect(concurrent.elapsedMs).toBe((1 + Math.ceil(99 / 8)) * 100);
	});

	it('with a Limit, fetches only the pages holding it', async () => {
		const { items, sent } = await list({ total: 10_000 }, { concurrency: 8, limit: 250 });

		expect(items).toEqual(ids(1, 250));
		expect(sent.map((request) => request.page).sort((a, b) => a - b)).toEqual([1, 2, 3]);
	});

	it('a permanent failure ends the listing with that error, after every request in flight finished', async () => {
		const failing = {
			failures: new Map([[9, [500, 500, 500, 500, 500, 500]]]),
			latency: (page: number) => page * 10,
		};
		const clock = new VirtualClock();
		const platform = simulatedPlatform(clock, { total: 5_000, faults: failing });

		await expect(
			clock.run(collectPages(platform.fetchPage, { query: {}, perPage: 100, concurrency: 4 })),
		).rejects.toThrow('page 9 failed with 500 (attempts)');
		expect(platform.gate.stats.started).toBe(platform.sent.length);
		expect(Math.max(...platform.sent.map((request) => request.page))).toBeLessThan(50);
	});
});

/**
 * A listing of `lastPage` pages of 2 students each. Page 1 is answered at once; the test releases
 * the others in any order. From `emptyFrom` on, pages are empty (records deleted meanwhile).
 */
function controlledListing(lastPage: number, emptyFrom = lastPage + 1) {
	const pending = new Map<
		number,
		{ resolve: (value: ListResponse) => void; reject: (error: Error) => void }
	>();
	const started: number[] = [];
	const answerFor = (page: number) =>
		resourcePage(page, lastPage, 2, page < emptyFrom ? lastPage * 2 : 0);
	const fetchPage = async (query: Query) => {
		const page = Number(query.page);
		started.push(page);
		if (page === 1) return answerFor(1);
		return await new Promise<ListResponse>((resolve, reject) =>
			pending.set(page, { resolve, reject }),
		);
	};
	const tick = () => new Promise((resolve) => setImmediate(resolve));
	return {
		started,
		fetchPage,
		async answer(page: number) {
			pending.get(page)!.resolve(answerFor(page));
			await tick();
		},
		async fail(page: number, message: string) {
			pending.get(page)!.reject(new Error(message));
			await tick();
		},
		tick,
	};
}

describe('collectPages: the pages requested at once', () => {
	const collect = (listing: ReturnType<typeof controlledListing>, concurrency: number) =>
		collectPages(listing.fetchPage, { query: {}, perPage: 2, concurrency });

	it('keeps at most `concurrency` in flight and hands pages over in order whatever order they finish in', async () => {
		const listing = controlledListing(6);
		const run = collect(listing, 2);
		await listing.tick();
		expect(listing.started).toEqual([1, 2, 3]);
		await listing.answer(3);
		expect(listing.started).toEqual([1, 2, 3, 4]);
		await listing.answer(2);
		expect(listing.started).toEqual([1, 2, 3, 4, 5]);
		for (const page of [5, 4, 6]) await listing.answer(page);
		expect(await run).toEqual(students(1, 12));
	});

	it('a slow page holds back at most twice the concurrency of finished ones', async () => {
		const listing = controlledListing(100);
		void collect(listing, 2).catch(() => undefined);
		await listing.tick();
		for (let page = 3; page <= 10; page++)
			if (listing.started.includes(page)) await listing.answer(page);
		// Page 2 is still out: pages 3 to 5 may finish meanwhile, nothing after them starts.
		expect(Math.max(...listing.started)).toBe(5);
	});

	it('a page that ends the listing early ends the run: nothing more is requested, later answers are dropped', async () => {
		const listing = controlledListing(10, 3);
		const run = collect(listing, 3);
		await listing.tick();
		await listing.answer(3);
		await listing.answer(2);
		// Page 3 came back empty: pages 4 and 5, already asked for, are waited for and dropped.
		expect(listing.started).toEqual([1, 2, 3, 4, 5]);
		for (const page of [4, 5]) await listing.answer(page);
		expect(await run).toEqual(students(1, 4));
		expect(listing.started).toEqual([1, 2, 3, 4, 5]);
	});

	it('the first failure ends the run once every request in flight has finished', async () => {
		const listing = controlledListing(10);
		let finished = false;
		const run = collect(listing, 3).finally(() => {
			finished = true;
		});
		run.catch(() => undefined);
		await listing.tick();
		await listing.fail(3, 'page 3 is broken');
		expect(finished).toBe(false);
		await listing.answer(2);
		await listing.answer(4);
		await expect(run).rejects.toThrow('page 3 is broken');
		expect(listing.started).toEqual([1, 2, 3, 4]);
	});
});
