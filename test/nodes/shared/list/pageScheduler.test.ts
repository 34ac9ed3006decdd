import { fetchPagesInOrder } from '../../../../nodes/shared/list/pageScheduler';

/** A fetch whose answers the test releases in any order. */
function controlledFetch() {
	const pending = new Map<number, { resolve: (value: string) => void; reject: (error: Error) => void }>();
	const started: number[] = [];
	const fetchPage = (page: number) =>
		new Promise<string>((resolve, reject) => {
			started.push(page);
			pending.set(page, { resolve, reject });
		});
	const tick = () => new Promise((resolve) => setImmediate(resolve));
	return {
		started,
		fetchPage,
		async answer(page: number) {
			pending.get(page)!.resolve(`page ${page}`);
			await tick();
		},
		async fail(page: number, message: string) {
			pending.get(page)!.reject(new Error(message));
			await tick();
		},
		tick,
	};
}

describe('fetchPagesInOrder', () => {
	it('keeps at most `concurrency` in flight and hands pages over in order whatever order they finish in', async () => {
		const api = controlledFetch();
		const handed: string[] = [];
		const run = fetchPagesInOrder({ first: 2, last: 6, concurrency: 2, fetchPage: api.fetchPage, onPage: (_page, result) => void handed.push(result) });
		await api.tick();
		expect(api.started).toEqual([2, 3]);
		await api.answer(3);
		expect(handed).toEqual([]);
		expect(api.started).toEqual([2, 3, 4]);
		await api.answer(2);
		expect(handed).toEqual(['page 2', 'page 3']);
		for (const page of [5, 4, 6]) await api.answer(page);
		await run;
		expect(handed).toEqual(['page 2', 'page 3', 'page 4', 'page 5', 'page 6']);
	});

	it('a slow page holds back at most twice the concurrency of finished ones', async () => {
		const api = controlledFetch();
		void fetchPagesInOrder({ first: 1, last: 100, concurrency: 2, fetchPage: api.fetchPage, onPage: () => undefined }).catch(() => undefined);
		await api.tick();
		for (let page = 2; page <= 10; page++) if (api.started.includes(page)) await api.answer(page);
		expect(Math.max(...api.started)).toBe(4);
	});

	it('onPage returning false ends the run: nothing more is requested or handed over', async () => {
		const api = controlledFetch();
		const handed: number[] = [];
		const run = fetchPagesInOrder({ first: 1, last: 10, concurrency: 3, fetchPage: api.fetchPage, onPage: (page) => (handed.push(page), page < 2) });
		await api.tick();
		await api.answer(3);
		await api.answer(1);
		await api.answer(2);
		await api.answer(4);
		await api.answer(5);
		await run;
		expect(handed).toEqual([1, 2]);
		expect(api.started).toEqual([1, 2, 3, 4, 5]);
	});

	it('the first failure ends the run once every request in flight has finished', async () => {
		const api = controlledFetch();
		let finished = false;
		const run = fetchPagesInOrder({ first: 1, last: 10, concurrency: 3, fetchPage: api.fetchPage, onPage: () => undefined }).finally(() => {
			finished = true;
		});
		run.catch(() => undefined);
		await api.tick();
		await api.fail(2, 'page 2 is broken');
		expect(finished).toBe(false);
		await api.answer(1);
		await api.answer(3);
		await expect(run).rejects.toThrow('page 2 is broken');
		expect(api.started).toEqual([1, 2, 3]);
	});

	it('refuses a concurrency below 1', async () => {
		await expect(fetchPagesInOrder({ first: 1, last: 2, concurrency: 0, fetchPage: async () => 1, onPage: () => undefined })).rejects.toThrow(RangeError);
	});
});
