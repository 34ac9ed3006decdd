// The list query language on its own (contract §3.2–§3.4): parsing filters and sorts of a list
// definition over any object, and applying them.
import { ApiError } from '../../../sandbox/http/errors';
import {
	applyQuery,
	parseRecordQuery,
	type ListDefinition,
} from '../../../sandbox/resources/query';

interface Row {
	name: string;
	url: string;
	rank: number;
}

const ROWS: Row[] = [
	{ name: 'a', url: 'https://x.example/A', rank: 2 },
	{ name: 'b', url: 'https://x.example/a,b', rank: 1 },
	{ name: 'c', url: 'https://x.example/a', rank: 2 },
	{ name: 'd', url: 'https://x.example/a', rank: 1 },
];

const LIST: ListDefinition<Row> = {
	filters: {
		url: { kind: 'exact', value: (row) => row.url },
		name: { kind: 'values', value: (row) => row.name },
	},
	sorts: { rank: (row) => row.rank },
};

const names = (query: Record<string, unknown>) =>
	applyQuery(ROWS, parseRecordQuery(LIST, query)).map((row) => row.name);

describe('list query', () => {
	it('matches an exact filter as is: case-sensitive, commas part of the value', () => {
		expect(names({ 'filter[url]': 'https://x.example/a' })).toEqual(['c', 'd']);
		expect(names({ 'filter[url]': 'https://x.example/a,b' })).toEqual(['b']);
		expect(names({ 'filter[url]': 'https://x.example/A' })).toEqual(['a']);
	});

	it('combines filters with AND; a values filter takes any of a comma list', () => {
		expect(names({ 'filter[name]': 'A,c,d' })).toEqual(['a', 'c', 'd']);
		expect(names({ 'filter[name]': 'A,c,d', 'filter[url]': 'https://x.example/a' })).toEqual([
			'c',
			'd',
		]);
	});

	it('keeps the input order without a sort and for ties, ascending or descending', () => {
		expect(names({})).toEqual(['a', 'b', 'c', 'd']);
		expect(names({ sort: 'rank' })).toEqual(['b', 'd', 'a', 'c']);
		expect(names({ sort: '-rank' })).toEqual(['a', 'c', 'b', 'd']);
	});

	it('reports an unknown filter and an unknown sort together in one 422', () => {
		let error: unknown;
		try {
			parseRecordQuery(LIST, { 'filter[colour]': 'red', sort: 'size' });
		} catch (thrown) {
			error = thrown;
		}
		expect(error).toBeInstanceOf(ApiError);
		expect((error as ApiError).extra.errors).toEqual({
			filter: ['Requested filter(s) `colour` are not allowed. Allowed filter(s) are `url, name`.'],
			sort: ['Requested sort(s) `size` is not allowed. Allowed sort(s) are `rank`.'],
		});
	});
});
