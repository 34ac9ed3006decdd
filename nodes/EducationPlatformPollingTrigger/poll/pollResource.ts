import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { buildListQuery } from '../../shared/list/query';
import { toNodeError } from '../../shared/toNodeError';
import { backfillStart } from './backfillFrom';
import { isJsonRecord, type JsonRecord } from '../../shared/jsonRecord';
import { parseListPage, type ListResponse } from '../../shared/list/page';
import { wholeNumber } from '../../shared/parameters';
import {
	apiRequest,
	DeadlineReachedError,
	readCredential,
	type CredentialSnapshot,
} from '../../shared/transport';
import {
	MIN_REQUESTS,
	newestOfKinds,
	OutOfTime,
	pollChanges,
	startCursor,
	type ChangeKind,
	type FetchPage,
	type PollCursor,
	type PollOutcome,
} from '../cursor/cursor';
import {
	pollableResources,
	RESOURCES,
	type PollableResource,
} from '../../shared/resources/registry';
import { runAlone, type Busy, type PollGuard } from './pollGuard';
import { pollTime, skipOrFail, whyOutOfTime, type PollTime } from './pollTime';
import { quoted } from '../../shared/errors';

/** Forward reads take the API's largest page, to spend as few requests as possible. */
const PAGE_SIZE = 100;
/** The options' defaults, which description.ts shows: a poll applies them, so they live here. */
export const DEFAULT_MAX_REQUESTS = 10;
export const DEFAULT_LOOKBACK_SECONDS = 10;
interface PollOptions {
	backfillFrom?: string;
	lookbackSeconds?: number;
	maxRequests?: number;
	simplify?: boolean;
}

/**
 * One page of the resource's list with the user's filters, as the cursor asks for it. The
 * credential is read once per poll, not once per request, and never kept from one poll to the next.
 * With a `deadline` (a scheduled poll's time limit), a page that cannot be read by then is `OutOfTime`.
 */
function pageFetcher(
	context: IPollFunctions,
	resource: PollableResource,
	filters: IDataObject,
	credential: CredentialSnapshot,
	deadline?: number,
): FetchPage {
	return async (request) => {
		const qs: IDataObject = {
			...filters,
			sort: request.sort,
			page: request.page,
			per_page: request.perPage,
		};
		if (request.updatedSince !== undefined) qs['filter[updated_since]'] = request.updatedSince;
		try {
			const response = (await apiRequest.call(context, 'GET', resource.descriptor.path, {
				qs,
				returnFullResponse: true,
				credential,
				deadline,
			})) as ListResponse;
			return parseListPage(response).items.filter(isJsonRecord);
		} catch (error) {
			throw error instanceof DeadlineReachedError ? new OutOfTime(error) : error;
		}
	};
}

/**
 * One output item. `id` and `updated_at` (the version this item reports) are in every item, also
 * with Simplify: together with `event` they are the key to drop a change n8n emits twice (docs/polling-trigger.md "When a change runs twice, or not at all").
 */
function toItem(
	resource: PollableResource,
	kind: ChangeKind,
	record: JsonRecord,
	simplify: boolean,
): INodeExecutionData {
	const data = simplify
		? {
				...(resource.descriptor.simplify(record) as IDataObject),
				updated_at: record.updated_at as string,
			}
		: (record as IDataObject);
	const changed = isJsonRecord(record.previous_attributes)
		? { previous_attributes: record.previous_attributes as IDataObject }
		: {};
	return { json: { event: resource.events[kind].event, event_kind: kind, ...changed, ...data } };
}

/**
 * The poll's reading: the cursor of a first activation (then nothing to emit: null), or the
 * changes since the stored cursor. `OutOfTime` when the first request could not be answered in time.
 */
async function readChanges(
	context: IPollFunctions,
	staticData: IDataObject,
	fetchPage: FetchPage,
	options: PollOptions,
): Promise<PollOutcome | null> {
	const maxRequests = wholeNumber(
		options.maxRequests ?? DEFAULT_MAX_REQUESTS,
		'Max Requests per Poll',
		MIN_REQUESTS,
	);
	const lookbackSeconds = wholeNumber(
		options.lookbackSeconds ?? DEFAULT_LOOKBACK_SECONDS,
		'Lookback (Seconds)',
		0,
	);
	if (!isJsonRecord(staticData.cursor)) {
		const backfillFrom = backfillStart(options.backfillFrom, context.getTimezone());
		staticData.cursor = (await startCursor(fetchPage, backfillFrom)) as unknown as IDataObject;
		if (backfillFrom === undefined) return null;
	}
	return await pollChanges(staticData.cursor as unknown as PollCursor, fetchPage, {
		pageSize: PAGE_SIZE,
		maxRequests,
		lookbackMicros: lookbackSeconds * 1_000_000,
	});
}

/**
 * The changes since the cursor kept in the node's static data, and the cursor after them. The
 * credential is read here, so a poll skipped by the guard sends nothing and reads nothing.
 */
async function pollChangesOnce(
	context: IPollFunctions,
	resource: PollableResource,
	events: ChangeKind[],
	options: PollOptions,
	filters: IDataObject,
	time: PollTime,
): Promise<INodeExecutionData[][] | null> {
	const fetchPage = pageFetcher(
		context,
		resource,
		filters,
		await readCredential.call(context),
		time.startedAt + time.limitMs,
	);
	const staticData = context.getWorkflowStaticData('node');
	const outcome = await readChanges(context, staticData, fetchPage, options).catch(
		(error: unknown) => {
			if (error instanceof OutOfTime) return error;
			throw error;
		},
	);
	if (outcome instanceof OutOfTime) return skipOrFail(context, outcome, time);
	if (outcome === null) return null;
	staticData.cursor = outcome.cursor as unknown as IDataObject;
	if (outcome.outOfTime) {
		context.logger.info(
			`Education Platform Polling Trigger: poll stopped after ${outcome.requests} requests and ${Math.round((Date.now() - time.startedAt) / 1000)} s, its time limit (${time.limitMs / 1000} s): ${whyOutOfTime(outcome.outOfTime, time)}; the next poll continues where this one stopped`,
			{
				resource: resource.descriptor.value,
				emitted: outcome.changes.length,
				resumeAt: outcome.cursor.resume?.updatedAt,
			},
		);
	} else if (!outcome.complete) {
		context.logger.info(
			`Education Platform Polling Trigger: poll cut short after ${outcome.requests} requests (Max Requests per Poll); the next poll continues where this one stopped`,
			{
				resource: resource.descriptor.value,
				emitted: outcome.changes.length,
				resumeAt: outcome.cursor.resume?.updatedAt,
			},
		);
	}
	const items = outcome.changes
		.filter((change) => events.includes(change.kind))
		.map((change) => toItem(resource, change.kind, change.record, options.simplify === true));
	return items.length > 0 ? [items] : null;
}

/** Why the guard skipped a poll, in the words of the log. */
function skipReason(busy: Busy): string {
	if (busy.reason === 'running') {
		return `the previous poll is still running (since ${new Date(busy.since).toISOString()}), so this poll is skipped; the running poll emits its changes and the next one continues after it`;
	}
	const ago = Math.round((Date.now() - busy.emittedAt) / 1000);
	return `this poll starts from the position a poll ${ago} s ago already emitted from (n8n ran two polls of this trigger at once, and this one read the position before the other's was saved), so it is skipped; the next poll continues after that one's changes`;
}

/**
 * The polling trigger's poll(): the changes since the cursor kept in the node's static data, one
 * poll at a time per trigger (pollGuard.ts). A manual run ("Fetch Test Event") returns the newest
 * matching record and leaves the cursor alone.
 */
export async function pollResource(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const startedAt = Date.now();
	try {
		const resourceName = this.getNodeParameter('resource') as string;
		const resource = pollableResources(RESOURCES).find(
			({ descriptor }) => descriptor.value === resourceName,
		);
		if (!resource)
			throw new NodeOperationError(
				this.getNode(),
				`The resource ${quoted(resourceName)} cannot be polled`,
			);
		const events = this.getNodeParameter('events', []) as ChangeKind[];
		if (events.length === 0) {
			throw new NodeOperationError(this.getNode(), 'No event is selected', {
				description: 'Pick at least one event in Events.',
			});
		}
		const options = this.getNodeParameter('options', {}) as PollOptions;
		const filters = buildListQuery(resource.descriptor.query, {
			filters: this.getNodeParameter('filters', {}) as JsonRecord,
			timeZone: this.getTimezone(),
		});

		if (this.getMode() === 'manual') {
			const fetchPage = pageFetcher(this, resource, filters, await readCredential.call(this));
			const newest = await newestOfKinds(fetchPage, events);
			return newest
				? [[toItem(resource, newest.kind, newest.record, options.simplify === true)]]
				: null;
		}

		const workflowId = this.getWorkflow().id ?? '';
		const node = this.getNode();
		const guard: PollGuard<INodeExecutionData[][] | null> = {
			key: `${workflowId}:${node.id}`,
			// Read, not written: a skipped poll leaves the static data as it found it.
			position: JSON.stringify(this.getWorkflowStaticData('node').cursor ?? null),
			emitted: (result) => result !== null,
			onBusy: (busy) => {
				this.logger.warn(`Education Platform Polling Trigger: ${skipReason(busy)}`, {
					workflowId,
					node: node.name,
				});
				return null;
			},
		};
		return await runAlone(
			guard,
			async () =>
				await pollChangesOnce(this, resource, events, options, filters, pollTime(this, startedAt)),
		);
	} catch (error) {
		throw toNodeError(this.getNode(), error);
	}
}
