// Pure: no n8n import. The polling trigger's cursor: which records changed since the last poll,
// exactly, with a bounded number of requests per poll. The I/O is injected (`FetchPage`), so the
// same code runs in the node and against the in-memory platform of the property test.
// How it meets equal timestamps, records changing mid-listing and late commits:
// docs/polling-trigger.md, "How the cursor works".
import type { JsonRecord } from '../../shared/jsonRecord';
import { ActionableError } from '../../shared/errors';
import { planPage } from './pagePlan';
import { fromMicros, toMicros } from './time';

/** One request for a page of the list; the caller adds the user's filters. */
export interface PageRequest {
	/** `filter[updated_since]`, inclusive; absent for the probe. */
	updatedSince?: string;
	/** `updated_at,id` reads forward; `-updated_at` is the probe (the newest record first). */
	sort: 'updated_at,id' | '-updated_at';
	page: number;
	perPage: number;
}

/**
 * The records of one page, in the order the API returned them. Throws `OutOfTime` when the page
 * cannot be read within the poll's time.
 */
export type FetchPage = (request: PageRequest) => Promise<JsonRecord[]>;

/**
 * A page that cannot be read within the poll's time (a slow platform, a rate-limit wait longer than
 * what is left): `pollChanges` stops before it, as at the request cap. `reason`: what stopped it.
 */
export class OutOfTime extends Error {
	constructor(readonly reason: unknown) {
		super('The poll ran out of time');
	}
}

/** JSON-safe: stored in the workflow's static data. Timestamps are ISO 8601 with microseconds. */
export interface PollCursor {
	/** Inclusive lower bound of the next read from the start. */
	since: string;
	/** The versions emitted with updated_at ≥ since: record id → updated_at. */
	seen: Record<string, string>;
	/** Where a poll cut short by the request cap continues. */
	resume?: ResumePoint;
	/** Lowest "newest updated_at" of the polls since the last complete one (the clock bound N). */
	horizon?: string;
	/**
	 * "Created" is told by created_at: a record never emitted and created at or after this is new.
	 * It moves only when a poll reaches the end of the list, so a record created and changed again
	 * while a backlog is read over several polls is still reported as created.
	 */
	createdSince: string;
	/** Records emitted as created with created_at ≥ createdSince: id → created_at. */
	created: Record<string, string>;
}

interface ResumePoint {
	/** updated_at and id of the last record read; the next read asks `updated_since` = this. */
	updatedAt: string;
	id: string;
	/** Its 0-based position among the records with updated_at ≥ updatedAt; −1: read those from the first page. */
	position: number;
}

export interface PollSettings {
	/** per_page of forward reads (at most the API's 100; at least 10). */
	pageSize: number;
	/** Requests per poll, the probe included (at least 2). */
	maxRequests: number;
	/** How late the platform may make a change visible, in microseconds. */
	lookbackMicros: number;
}

export type ChangeKind = 'created' | 'updated';

export interface Change {
	kind: ChangeKind;
	record: JsonRecord;
}

export interface PollOutcome {
	cursor: PollCursor;
	changes: Change[];
	requests: number;
	/** False when the request cap or the poll's time stopped it before the end of the list. */
	complete: boolean;
	/** Set when the poll's time stopped it (a page that could not be read in time). */
	outOfTime?: OutOfTime;
}

const PROBE: PageRequest = { sort: '-updated_at', page: 1, perPage: 1 };
const MIN_PAGE_SIZE = 10;
export const MIN_REQUESTS = 2;

function recordId(record: JsonRecord): string {
	const { id } = record;
	if ((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id)))
		return String(id);
	throw new ActionableError(
		`A record has no usable id (${JSON.stringify(id)})`,
		'The polling trigger tells records apart by their id; check the platform response.',
	);
}

/** The newest record matching the caller's filters, or undefined when none does. */
async function newestRecord(fetchPage: FetchPage): Promise<JsonRecord | undefined> {
	return (await fetchPage(PROBE))[0];
}

/** A record's kind when it is shown on its own (the manual "Fetch Test Event"). */
function kindOf(record: JsonRecord): ChangeKind {
	return toMicros(record.created_at, 'created_at') === toMicros(record.updated_at)
		? 'created'
		: 'updated';
}

/** How far back "Fetch Test Event" looks for a record of a selected kind: one full page. */
const TEST_EVENT_PAGE: PageRequest = { sort: '-updated_at', page: 1, perPage: 100 };

/**
 * The newest record whose kind is one of `kinds`, with that kind, for "Fetch Test Event": with only
 * "created" selected, a newer update of another record must not stand in for a creation. One request;
 * undefined when none of the newest page's records is of a selected kind.
 */
export async function newestOfKinds(
	fetchPage: FetchPage,
	kinds: readonly ChangeKind[],
): Promise<{ record: JsonRecord; kind: ChangeKind } | undefined> {
	const newestFirst =
		kinds.length === 2 ? await fetchPage(PROBE) : await fetchPage(TEST_EVENT_PAGE);
	for (const record of newestFirst) {
		const kind = kindOf(record);
		if (kinds.includes(kind)) return { record, kind };
	}
	return undefined;
}

/**
 * The cursor of a first activation: changes after the newest existing record (nothing older is
 * emitted), or from `backfillFrom` on. One request without a backfill date, none with one.
 */
export async function startCursor(
	fetchPage: FetchPage,
	backfillFrom?: string,
): Promise<PollCursor> {
	const newest = backfillFrom === undefined ? await newestRecord(fetchPage) : undefined;
	const start =
		backfillFrom !== undefined
			? toMicros(backfillFrom, 'backfill date')
			: newest
				? toMicros(newest.updated_at) + 1
				: 0;
	return { since: fromMicros(start), seen: {}, createdSince: fromMicros(start), created: {} };
}

function assertSettings(settings: PollSettings): void {
	if (
		!Number.isInteger(settings.pageSize) ||
		settings.pageSize < MIN_PAGE_SIZE ||
		settings.pageSize > 100
	) {
		throw new ActionableError(
			`Page size ${settings.pageSize} is out of range`,
			`Use ${MIN_PAGE_SIZE} to 100.`,
		);
	}
	if (!Number.isInteger(settings.maxRequests) || settings.maxRequests < MIN_REQUESTS) {
		throw new ActionableError(
			`Max requests per poll is ${settings.maxRequests}`,
			`Use at least ${MIN_REQUESTS}: one to find the newest record and one page.`,
		);
	}
}

/** Where the last record of a page sits among the records at or after its own updated_at. */
function positionOfLast(records: Array<{ micros: number }>, from: number, start: number): number {
	const last = records[records.length - 1].micros;
	if (last === from) return start + records.length - 1;
	return records.filter((record) => record.micros === last).length - 1;
}

/**
 * One poll: the changes since `cursor`, and the cursor after them. Its own loop, not readPages
 * (shared/list/paging.ts): its pages overlap and restart per timestamp (hazards 1 and 2 of "How
 * the cursor works"), which no forward paging does. A page that is `OutOfTime` ends the poll
 * before it, as the request cap does; when the first request (the probe) is, nothing was read and
 * it is thrown.
 */
export async function pollChanges(
	cursor: PollCursor,
	fetchPage: FetchPage,
	settings: PollSettings,
): Promise<PollOutcome> {
	assertSettings(settings);
	let requests = 0;
	const fetchCounted = async (request: PageRequest) => {
		requests++;
		return await fetchPage(request);
	};

	const newest = (await fetchCounted(PROBE))[0];
	const bounds = [cursor.horizon, newest?.updated_at]
		.filter((value) => value !== undefined)
		.map((value) => toMicros(value));
	const horizon = bounds.length > 0 ? Math.min(...bounds) : undefined;
	const since = toMicros(cursor.since);
	const seen = new Map(Object.entries(cursor.seen));
	const createdSince = toMicros(cursor.createdSince);
	const created = new Map(Object.entries(cursor.created));
	const changes: Change[] = [];
	let resume = cursor.resume && { ...cursor.resume, micros: toMicros(cursor.resume.updatedAt) };
	let complete = false;
	let outOfTime: OutOfTime | undefined;

	while (requests < settings.maxRequests) {
		const from = resume ? resume.micros : since;
		const plan = planPage(resume ? resume.position : -1, settings.pageSize);
		const page = await fetchCounted({
			updatedSince: fromMicros(from),
			sort: 'updated_at,id',
			page: plan.page,
			perPage: plan.perPage,
		}).catch((error: unknown) => {
			if (!(error instanceof OutOfTime)) throw error;
			outOfTime = error;
			return undefined;
		});
		if (page === undefined) break;
		const records = page.map((record) => ({
			record,
			id: recordId(record),
			micros: toMicros(record.updated_at),
		}));

		let previous = -Infinity;
		for (const { record, id, micros } of records) {
			if (micros < previous) {
				throw new ActionableError(
					'The platform did not return the records in updated_at order',
					'The polling trigger relies on sort=updated_at,id; check that the platform supports it on this list.',
				);
			}
			previous = micros;
			// A platform that stores coarser timestamps may round `updated_since` down.
			if (micros < from) continue;
			const updatedAt = fromMicros(micros);
			if (seen.get(id) === updatedAt) continue;
			const createdAt = toMicros(record.created_at, 'created_at');
			const isNew = !seen.has(id) && !created.has(id) && createdAt >= createdSince;
			seen.set(id, updatedAt);
			if (isNew) created.set(id, fromMicros(createdAt));
			changes.push({ kind: isNew ? 'created' : 'updated', record });
		}

		const anchored =
			plan.start === 0 || records.some((r) => r.id === resume?.id && r.micros === resume.micros);
		if (!anchored) {
			// Records before the page's start moved on: read this timestamp's records from the first page.
			resume = resume && { ...resume, position: -1 };
			continue;
		}
		if (records.length > 0) {
			const last = records[records.length - 1];
			resume = {
				updatedAt: fromMicros(last.micros),
				id: last.id,
				micros: last.micros,
				position: positionOfLast(records, from, plan.start),
			};
		}
		if (records.length < plan.perPage) {
			complete = true;
			break;
		}
	}

	// Records not yet emitted lie at or after the last one read, or became visible late and then
	// have updated_at ≥ horizon − lookback (hazard 3); the next read from the start begins there.
	let nextSince = since;
	if (resume && horizon !== undefined)
		nextSince = Math.max(since, Math.min(resume.micros, horizon - settings.lookbackMicros));
	const nextCreatedSince = complete ? nextSince : createdSince;
	const next: PollCursor = {
		since: fromMicros(nextSince),
		seen: Object.fromEntries([...seen].filter(([, updatedAt]) => toMicros(updatedAt) >= nextSince)),
		createdSince: fromMicros(nextCreatedSince),
		created: Object.fromEntries(
			[...created].filter(([, createdAt]) => toMicros(createdAt) >= nextCreatedSince),
		),
	};
	if (!complete) {
		if (resume)
			next.resume = { updatedAt: resume.updatedAt, id: resume.id, position: resume.position };
		if (horizon !== undefined) next.horizon = fromMicros(horizon);
	}
	return { cursor: next, changes, requests, complete, ...(outOfTime && { outOfTime }) };
}
