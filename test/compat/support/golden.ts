/**
 * Golden files of the compatibility tests: committed JSON that today's code produced.
 *
 *   expect(actual).toEqual(golden('parameter-contract.json', actual));
 *
 * With EDU_UPDATE_COMPAT=1 the file is (re)written from `actual` first, so the assertion passes:
 * regenerating is a deliberate, reviewed step (the diff of the JSON is the review), never a
 * side effect of a normal run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES_DIR = join(__dirname, '..', 'fixtures');

export const UPDATING = process.env.EDU_UPDATE_COMPAT === '1';

/** The committed golden value; with EDU_UPDATE_COMPAT=1, `actual` written as the new golden value. */
export function golden<T>(file: string, actual: T): T {
	const path = join(FIXTURES_DIR, file);
	if (UPDATING) writeFileSync(path, `${JSON.stringify(actual, null, '\t')}\n`);
	return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** A plain-JSON copy (what a golden file can hold): functions named, undefined dropped. */
export function plain<T>(value: T): unknown {
	return JSON.parse(
		JSON.stringify(value, (_key, field: unknown) =>
			typeof field === 'function'
				? `[function ${(field as { name?: string }).name || 'anonymous'}]`
				: field,
		),
	) as unknown;
}
