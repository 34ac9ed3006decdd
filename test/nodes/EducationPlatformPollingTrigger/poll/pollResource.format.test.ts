import nock from 'nock';

import { EducationPlatformPollingTrigger } from '../../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { useNock } from '../../../harness/nock';
import { createPollWorkflow } from '../../../harness/pollHarness';
import { quietNodeLogs } from '../../../harness/triggerLogs';
import { student } from './studentRecord';

// The polling cursor as version 0.1.0 stores it in the workflow's static data, written out
// literally. Updating the package through n8n's Community Nodes panel keeps the workflow active
// and its static data (docs/trigger-guarantees.md, "Updating and uninstalling the package"): the
// first poll of a new version continues from the cursor the old one stored. A version that
// changes the format must keep reading this one, without a gap or a repeat; this test fails until it does.
const BASE = 'https://school.test';
const NODE = 'node:Polling Trigger';
const CURSOR_BY_0_1_0 = {
	since: '2026-11-20T10:00:00.000001Z',
	seen: { '7': '2026-11-20T10:00:00.000001Z' },
	createdSince: '2026-11-20T10:00:00.000001Z',
	created: { '7': '2026-11-20T10:00:00.000001Z' },
};
/** Cut short by the request cap: the next poll resumes after student 5 (3rd of the records at its updated_at). */
const RESUMING_CURSOR_BY_0_1_0 = {
	...CURSOR_BY_0_1_0,
	resume: { updatedAt: '2026-11-21T08:00:00.000000Z', id: '5', position: 2 },
	horizon: '2026-11-21T09:00:00.000000Z',
};

function pollerWith(cursor: object) {
	return createPollWorkflow({
		nodeType: new EducationPlatformPollingTrigger(),
		parameters: {
			resource: 'student',
			events: ['created', 'updated'],
			options: { lookbackSeconds: 0 },
		},
		credentials: { educationPlatformApi: { baseUrl: BASE, accessToken: 'pat-test' } },
		staticData: { [NODE]: { cursor: structuredClone(cursor) } },
	});
}

const probe = () =>
	nock(BASE)
		.get('/v1/students')
		.query({ sort: '-updated_at', page: 1, per_page: 1 })
		.reply(200, {
			data: [student(8, '2026-11-21T09:00:00.000000Z', '2026-11-21T09:00:00.000000Z')],
		});

useNock();
quietNodeLogs();

describe('the polling cursor, in the format of 0.1.0 (pinned)', () => {
	it('continues from the stored position: emits what changed since, not what it emitted before, and stores the same format', async () => {
		probe();
		nock(BASE)
			.get('/v1/students')
			.query({
				'filter[updated_since]': CURSOR_BY_0_1_0.since,
				sort: 'updated_at,id',
				page: 1,
				per_page: 100,
			})
			.reply(200, {
				data: [
					student(7, '2026-11-20T10:00:00.000001Z', '2026-11-20T10:00:00.000001Z'),
					student(3, '2026-11-21T08:00:00.000000Z'),
					student(8, '2026-11-21T09:00:00.000000Z', '2026-11-21T09:00:00.000000Z'),
				],
			});
		const poller = pollerWith(CURSOR_BY_0_1_0);
		expect((await poller.poll()).map((item) => [item.id, item.event_kind])).toEqual([
			[3, 'updated'],
			[8, 'created'],
		]);
		const cursor = (poller.savedStaticData()[NODE] as { cursor: Record<string, unknown> }).cursor;
		expect(Object.keys(cursor).sort()).toEqual(Object.keys(CURSOR_BY_0_1_0).sort());
		expect(cursor.created).toMatchObject({ '8': '2026-11-21T09:00:00.000000Z' });
	});

	it('resumes a poll cut short by the request cap where the stored resume point says', async () => {
		probe();
		const resumed = nock(BASE)
			.get('/v1/students')
			.query(
				(query) =>
					query['filter[updated_since]'] === RESUMING_CURSOR_BY_0_1_0.resume.updatedAt &&
					query.sort === 'updated_at,id',
			)
			.reply(200, {
				data: [
					student(6, '2026-11-21T08:00:00.000000Z'),
					student(8, '2026-11-21T09:00:00.000000Z', '2026-11-21T09:00:00.000000Z'),
				],
			});
		const poller = pollerWith(RESUMING_CURSOR_BY_0_1_0);
		expect((await poller.poll()).map((item) => [item.id, item.event_kind])).toEqual([
			[6, 'updated'],
			[8, 'created'],
		]);
		expect(resumed.isDone()).toBe(true);
	});
});
