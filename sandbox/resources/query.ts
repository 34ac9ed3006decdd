/**
 * The list query language of the contract (§3.2–§3.4, §3.7, §8.1): `filter[...]` and `sort`, parsed
 * from a list's filter and sort definitions into a RecordQuery, and applied to records by
 * `applyQuery`. Enrollments, payments and exam results use it, and so do webhook subscriptions and
 * deliveries (over their in-memory objects). Mistakes become one 422 `validation_failed` with every
 * problem under its contract key.
 */
import { validationError, type FieldErrors } from '../http/errors';
import { parseRangeValue } from '../students/time';

type Value<R> = (record: R) => unknown;
export type RecordPredicate<R> = (record: R) => boolean;
export type SortValue<R> = (record: R) => string | number | boolean | null;

export interface RecordQuery<R> {
	predicates: RecordPredicate<R>[];
	/** Cache key of the predicates (the parsed filter). */
	key: string;
	sort: Array<{ value: SortValue<R>; desc: boolean }>;
	sortKey: string;
}

/** `ids`: any of these positive integers; `values`: any of these (case-insensitive, exact);
 * `exact`: this one value, as is (no list: URLs may hold commas);
 * `after`/`before`/`since`: a time bound on an ISO field (since is inclusive); `boolean`;
 * `search`: the predicate for a trimmed, lower-case text (its own notion of what matches). */
export type FilterDefinition<R> =
	| { kind: 'ids'; value: Value<R> }
	| { kind: 'values'; value: Value<R>; allowed?: readonly string[] }
	| { kind: 'exact'; value: Value<R> }
	| { kind: 'after' | 'before' | 'since'; value: Value<R> }
	| { kind: 'boolean'; value: Value<R> }
	| { kind: 'search'; matches: (term: string) => RecordPredicate<R> };

export interface ListDefinition<R> {
	filters: Record<string, FilterDefinition<R>>;
	sorts: Record<string, SortValue<R>>;
}

function lastString(value: unknown): string | undefined {
	if (Array.isArray(value)) return lastString(value[value.length - 1]);
	return typeof value === 'string' ? value : undefined;
}

function items(value: string): string[] {
	return value
		.split(',')
		.map((item) => item.trim())
		.filter((item) => item !== '');
}

function timeOf(value: unknown): number | undefined {
	return typeof value === 'string' ? parseRangeValue(value) : undefined;
}

/** A predicate for one filter value, or the 422 message. */
function predicateFor<R>(
	name: string,
	definition: FilterDefinition<R>,
	raw: string,
): RecordPredicate<R> | string {
	if (definition.kind === 'search') return definition.matches(raw.trim().toLowerCase());
	const { value } = definition;
	switch (definition.kind) {
		case 'ids': {
			const list = items(raw);
			if (!list.every((item) => /^\d+$/.test(item) && Number(item) >= 1))
				return `The filter.${name} must be a comma-separated list of positive integers.`;
			const wanted = new Set(list.map(Number));
			return (record) => wanted.has(value(record) as number);
		}
		case 'values': {
			const list = items(raw).map((item) => item.toLowerCase());
			const allowed = definition.allowed?.map((item) => item.toLowerCase());
			if (allowed && !list.every((item) => allowed.includes(item)))
				return `The selected filter.${name} is invalid. Allowed: ${definition.allowed!.join(', ')}.`;
			const wanted = new Set(list);
			return (record) => wanted.has(String(value(record)).toLowerCase());
		}
		case 'exact': {
			const wanted = raw.trim();
			return (record) => value(record) === wanted;
		}
		case 'boolean': {
			const text = raw.trim().toLowerCase();
			if (!['true', 'false', '1', '0'].includes(text))
				return `The filter.${name} field must be true or false.`;
			const wanted = text === 'true' || text === '1';
			return (record) => Boolean(value(record)) === wanted;
		}
		default: {
			const bound = parseRangeValue(raw);
			if (bound === undefined)
				return `The filter.${name} must be an ISO 8601 date (2026-01-01) or a date-time with a time zone (2026-01-01T00:00:00Z).`;
			const kind = definition.kind;
			return (record) => {
				const ms = timeOf(value(record));
				if (ms === undefined) return false;
				return kind === 'after' ? ms > bound : kind === 'before' ? ms < bound : ms >= bound;
			};
		}
	}
}

export function parseRecordQuery<R>(
	definition: ListDefinition<R>,
	query: Record<string, unknown>,
): RecordQuery<R> {
	const errors: FieldErrors = {};
	const predicates: RecordPredicate<R>[] = [];
	const used: Record<string, string> = {};
	const unknown: string[] = [];
	const filterNames = Object.keys(definition.filters);
	for (const [key, rawValue] of Object.entries(query)) {
		const match = /^filter\[(.*)\]$/s.exec(key);
		if (!match) continue;
		const name = match[1];
		const filter = definition.filters[name];
		if (!filter) {
			unknown.push(name);
			continue;
		}
		const value = lastString(rawValue);
		if (value === undefined || value.trim() === '') continue;
		const predicate = predicateFor(name, filter, value);
		if (typeof predicate === 'string') errors[`filter.${name}`] = [predicate];
		else {
			predicates.push(predicate);
			used[name] = value.trim();
		}
	}
	if (unknown.length > 0) {
		errors.filter = [
			`Requested filter(s) \`${unknown.join(', ')}\` are not allowed. Allowed filter(s) are \`${filterNames.join(', ')}\`.`,
		];
	}
	const sort: RecordQuery<R>['sort'] = [];
	const sortNames: string[] = [];
	const rawSort = lastString(query.sort);
	if (rawSort !== undefined && rawSort.trim() !== '') {
		const bad: string[] = [];
		for (const item of rawSort.split(',').map((s) => s.trim())) {
			const desc = item.startsWith('-');
			const field = desc ? item.slice(1) : item;
			const value = definition.sorts[field];
			if (!value) bad.push(field);
			else if (!sortNames.some((name) => name.replace(/^-/, '') === field)) {
				sort.push({ value, desc });
				sortNames.push(item);
			}
		}
		if (bad.length > 0)
			errors.sort = [
				`Requested sort(s) \`${bad.join(', ')}\` is not allowed. Allowed sort(s) are \`${Object.keys(definition.sorts).join(', ')}\`.`,
			];
	}
	if (Object.keys(errors).length > 0) throw validationError(errors);
	return { predicates, key: JSON.stringify(used), sort, sortKey: sortNames.join(',') };
}

/**
 * The records that match every predicate, sorted by the query's sort. The sort is stable, so ties
 * keep the order `records` came in (by id for the record stores), and no sort keeps it whole.
 */
export function applyQuery<R>(
	records: Iterable<R>,
	{ predicates, sort }: Pick<RecordQuery<R>, 'predicates' | 'sort'>,
): R[] {
	const matches: R[] = [];
	for (const record of records)
		if (predicates.every((predicate) => predicate(record))) matches.push(record);
	if (sort.length === 0) return matches;
	const keys = new Map(matches.map((record) => [record, sort.map(({ value }) => value(record))]));
	return matches.sort((a, b) => {
		const x = keys.get(a)!;
		const y = keys.get(b)!;
		for (let k = 0; k < sort.length; k++) {
			const order = compare(x[k], y[k]);
			if (order !== 0) return sort[k].desc ? -order : order;
		}
		return 0;
	});
}

/** Nulls first, then numbers/booleans by value, strings by code unit (ids and ISO times sort right). */
function compare(a: string | number | boolean | null, b: string | number | boolean | null): number {
	if (a === b) return 0;
	if (a === null) return -1;
	if (b === null) return 1;
	return a < b ? -1 : 1;
}
