/**
 * The list query language of enrollments, payments and exam results (contract §3.2–§3.4 and §3.6):
 * `filter[...]` and `sort`, parsed from a resource's filter definitions into a RecordQuery;
 * mistakes become one 422 `validation_failed` with every problem under its contract key.
 */
import { validationError, type FieldErrors } from '../http/errors';
import { parseRangeValue } from '../students/time';
import type { RecordPredicate, RecordQuery, SandboxRecord, SortValue } from './recordStore';

type Value = (record: SandboxRecord) => unknown;

/** `ids`: any of these positive integers; `values`: any of these (case-insensitive, exact);
 * `after`/`before`/`since`: a time bound on an ISO field (since is inclusive); `boolean`. */
export type FilterDefinition =
	| { kind: 'ids'; value: Value }
	| { kind: 'values'; value: Value; allowed?: readonly string[] }
	| { kind: 'after' | 'before' | 'since'; value: Value }
	| { kind: 'boolean'; value: Value };

export interface ListDefinition {
	filters: Record<string, FilterDefinition>;
	sorts: Record<string, SortValue>;
}

function lastString(value: unknown): string | undefined {
	if (Array.isArray(value)) return lastString(value[value.length - 1]);
	return typeof value === 'string' ? value : undefined;
}

function items(value: string): string[] {
	return value.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

function timeOf(value: unknown): number | undefined {
	return typeof value === 'string' ? parseRangeValue(value) : undefined;
}

/** A predicate for one filter value, or the 422 message. */
function predicateFor(name: string, definition: FilterDefinition, raw: string): RecordPredicate | string {
	const { value } = definition;
	switch (definition.kind) {
		case 'ids': {
			const list = items(raw);
			if (!list.every((item) => /^\d+$/.test(item) && Number(item) >= 1)) return `The filter.${name} must be a comma-separated list of positive integers.`;
			const wanted = new Set(list.map(Number));
			return (record) => wanted.has(value(record) as number);
		}
		case 'values': {
			const list = items(raw).map((item) => item.toLowerCase());
			const allowed = definition.allowed?.map((item) => item.toLowerCase());
			if (allowed && !list.every((item) => allowed.includes(item))) return `The selected filter.${name} is invalid. Allowed: ${definition.allowed!.join(', ')}.`;
			const wanted = new Set(list);
			return (record) => wanted.has(String(value(record)).toLowerCase());
		}
		case 'boolean': {
			const text = raw.trim().toLowerCase();
			if (!['true', 'false', '1', '0'].includes(text)) return `The filter.${name} field must be true or false.`;
			const wanted = text === 'true' || text === '1';
			return (record) => Boolean(value(record)) === wanted;
		}
		default: {
			const bound = parseRangeValue(raw);
			if (bound === undefined) return `The filter.${name} must be an ISO 8601 date (2026-01-01) or a date-time with a time zone (2026-01-01T00:00:00Z).`;
			const kind = definition.kind;
			return (record) => {
				const ms = timeOf(value(record));
				if (ms === undefined) return false;
				return kind === 'after' ? ms > bound : kind === 'before' ? ms < bound : ms >= bound;
			};
		}
	}
}

export function parseRecordQuery(definition: ListDefinition, query: Record<string, unknown>): RecordQuery {
	const errors: FieldErrors = {};
	const predicates: RecordPredicate[] = [];
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
		errors.filter = [`Requested filter(s) \`${unknown.join(', ')}\` are not allowed. Allowed filter(s) are \`${filterNames.join(', ')}\`.`];
	}
	const sort: RecordQuery['sort'] = [];
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
		if (bad.length > 0) errors.sort = [`Requested sort(s) \`${bad.join(', ')}\` is not allowed. Allowed sort(s) are \`${Object.keys(definition.sorts).join(', ')}\`.`];
	}
	if (Object.keys(errors).length > 0) throw validationError(errors);
	return { predicates, key: JSON.stringify(used), sort, sortKey: sortNames.join(',') };
}
