import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { InputError, PaginationError } from '../../EducationPlatform/helpers/inputError';
import { buildListQuery } from '../../EducationPlatform/helpers/listQuery';
import { parseListPage, type ListResponse } from '../../EducationPlatform/helpers/pagination';
import { isJsonRecord, type JsonRecord } from '../../shared/jsonRecord';
import { apiRequest, readCredential, type CredentialSnapshot } from '../../shared/transport';
import {
	MIN_REQUESTS,
	newestOfKinds,
	pollChanges,
	startCursor,
	type ChangeKind,
	type FetchPage,
	type PollCursor,
} from '../cursor/cursor';
import { CursorError } from '../cursor/errors';
import { DEFAULT_LOOKBACK_SECONDS, DEFAULT_MAX_REQUESTS } from '../descriptions/pollingProperties';
import { pollableResource, type PollableResource } from '../resources';

/** Forward reads take the API's largest page, to spend as few requests as possible. */
const PAGE_SIZE = 100;

interface PollOptions {
	backfillFrom?: string;
	lookbackSeconds?: number;
	maxRequests?: number;
	simplify?: boolean;
}

function toNodeError(context: IPollFunctions, error: unknown): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (error instanceof InputError || error instanceof PaginationError || error instanceof CursorError) {
		return new NodeOperationError(context.getNode(), error.message, { description: error.description });
	}
	return new NodeOperationError(context.getNode(), error as Error);
}

function wholeNumber(context: IPollFunctions, value: unknown, label: string, min: number): number {
	const number = Number(value);
	if (!Number.isInteger(number) || number < min) {
		throw new NodeOperationError(context.getNode(), `${label} is ${String(value)}`, {
			description: `Set ${label} to a whole number of at least ${min}.`,
		});
	}
	return number;
}

/**
 * One page of the resource's list with the user's filters, as the cursor asks for it. The
 * credential is read once per poll, not once per request, and never kept from one poll to the next.
 */
function pageFetcher(context: IPollFunctions, resource: PollableResource, filters: IDataObject, credential: CredentialSnapshot): FetchPage {
	return async (request) => {
		const qs: IDataObject = { ...filters, sort: request.sort, page: request.page, per_page: request.perPage };
		if (request.updatedSince !== undefined) qs['filter[updated_since]'] = request.updatedSince;
		const response = (await apiRequest.call(context, 'GET', resource.descriptor.path, { qs, returnFullResponse: true, credential })) as ListResponse;
		return parseListPage(response).items.filter(isJsonRecord);
	};
}

function toItem(resource: PollableResource, kind: ChangeKind, record: JsonRecord, simplify: boolean): INodeExecutionData {
	const data = (simplify ? resource.descriptor.simplify(record) : record) as IDataObject;
	const changed = isJsonRecord(record.previous_attributes) ? { previous_attributes: record.previous_attributes as IDataObject } : {};
	return { json: { event: resource.events[kind].event, event_kind: kind, ...changed, ...data } };
}

/**
 * The polling trigger's poll(): the changes since the cursor kept in the node's static data.
 * A manual run ("Fetch Test Event") returns the newest matching record and leaves the cursor alone.
 */
export async function pollResource(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	try {
		const resourceName = this.getNodeParameter('resource') as string;
		const resource = pollableResource(resourceName);
		if (!resource) throw new NodeOperationError(this.getNode(), `The resource "${resourceName}" cannot be polled`);
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
		const fetchPage = pageFetcher(this, resource, filters, await readCredential.call(this));
		const simplify = options.simplify === true;

		if (this.getMode() === 'manual') {
			const newest = await newestOfKinds(fetchPage, events);
			return newest ? [[toItem(resource, newest.kind, newest.record, simplify)]] : null;
		}

		const staticData = this.getWorkflowStaticData('node');
		if (!isJsonRecord(staticData.cursor)) {
			staticData.cursor = (await startCursor(fetchPage, options.backfillFrom || undefined)) as unknown as IDataObject;
			if (!options.backfillFrom) return null;
		}
		const maxRequests = wholeNumber(this, options.maxRequests ?? DEFAULT_MAX_REQUESTS, 'Max Requests per Poll', MIN_REQUESTS);
		const lookbackSeconds = wholeNumber(this, options.lookbackSeconds ?? DEFAULT_LOOKBACK_SECONDS, 'Lookback (Seconds)', 0);
		const outcome = await pollChanges(staticData.cursor as unknown as PollCursor, fetchPage, {
			pageSize: PAGE_SIZE,
			maxRequests,
			lookbackMicros: lookbackSeconds * 1_000_000,
		});
		staticData.cursor = outcome.cursor as unknown as IDataObject;
		if (!outcome.complete) {
			this.logger.info(
				`Education Platform Polling Trigger: poll cut short after ${outcome.requests} requests (Max Requests per Poll); the next poll continues where this one stopped`,
				{ resource: resource.descriptor.value, emitted: outcome.changes.length, resumeAt: outcome.cursor.resume?.updatedAt },
			);
		}
		const items = outcome.changes
			.filter((change) => events.includes(change.kind))
			.map((change) => toItem(resource, change.kind, change.record, simplify));
		return items.length > 0 ? [items] : null;
	} catch (error) {
		throw toNodeError(this, error);
	}
}
