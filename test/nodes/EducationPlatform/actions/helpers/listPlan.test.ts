// Get Many's plan through n8n's engine: the item's parameters read and checked before any request,
// its dates in the workflow's time zone, against a nock-faked API.
import { getGlobalState, setGlobalState } from 'n8n-workflow';
import { fakeStudentsApi, runEducationPlatform } from '../../fixtures';
import { useNock } from '../../../../harness/nock';

useNock();

describe("Get Many's plan of one item", () => {
	it("sends picked date-times in UTC, read in the workflow's time zone", async () => {
		const api = fakeStudentsApi({ all: [] });
		const defaultTimezone = getGlobalState().defaultTimezone;
		// The instance's default time zone is the workflow's when the workflow sets none.
		setGlobalState({ defaultTimezone: 'Europe/Berlin' });
		try {
			await runEducationPlatform({
				operation: 'getMany',
				filters: {
					createdAfter: '2026-01-01',
					createdBefore: '2026-02-01T10:00:00+02:00',
					updatedSince: '2026-01-20T15:22:03',
				},
			});
		} finally {
			setGlobalState({ defaultTimezone });
		}
		expect(api.seen[0].query).toMatchObject({
			'filter[created_after]': '2026-01-01',
			'filter[created_before]': '2026-02-01T08:00:00Z',
			'filter[updated_since]': '2026-01-20T14:22:03Z',
		});
	});

	it('refuses an invalid filter before calling the API, naming it', async () => {
		const api = fakeStudentsApi({ all: [] });
		const result = await runEducationPlatform({
			operation: 'getMany',
			filters: { groupId: '12, twelve' },
		});
		expect(result.error?.message).toBe('Group ID "twelve" is not valid [item 0]');
		expect(result.error?.description).toMatch(/whole numbers above 0/);
		expect(api.seen).toHaveLength(0);
	});

	it.each([
		[{ limit: 0 }, 'Limit is 0, it must be a whole number at least 1'],
		[{ limit: '={{ 2.5 }}' }, 'Limit is 2.5, it must be a whole number at least 1'],
		[
			{ returnAll: true, options: { pageSize: 101 } },
			'Page Size is 101, it must be a whole number from 1 to 100',
		],
	])('refuses %p before calling the API', async (parameters, message) => {
		const api = fakeStudentsApi({ all: [] });
		const result = await runEducationPlatform({ operation: 'getMany', ...parameters });
		expect(result.error?.message).toBe(`${message} [item 0]`);
		expect(api.seen).toHaveLength(0);
	});
});
