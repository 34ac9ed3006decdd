// Webhook Subscription's operations through n8n's engine with nock: the harness's n8n runs at
// TEST_INSTANCE_URL, so subscriptions under it deliver to "this n8n".
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';
import { deletedNote } from '../../../../../nodes/shared/resources/webhookSubscription/operations';
import { runNode, TEST_INSTANCE_URL, TEST_WEBHOOK_ID } from '../../../../harness';
import { jsonOf, ORIGIN, runEducationPlatform, TOKEN } from '../../../EducationPlatform/fixtures';
import { EducationPlatformTool, offeredOperations } from '../../../EducationPlatform/toolVariant';
import { useNock } from '../../../../harness/nock';

useNock();

const ours = { id: 'wh_ours1', url: `${TEST_INSTANCE_URL}/webhook/${TEST_WEBHOOK_ID}/webhook`, events: ['payment.failed'], description: 'n8n workflow Fees (Trigger)', enabled: true };
const theirs = { id: 'wh_theirs1', url: 'https://elsewhere.example/hook', events: ['payment.failed'], description: null, enabled: true };
/** Another integration's subscription on the same platform account. */
const accounting = { id: 'wh_acct1', url: 'https://accounting.example/hooks/edu', events: ['payment.succeeded'], description: 'Accounting sync', enabled: true };
const locator = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** The node as an AI agent's tool (n8n's `…Tool` variant), through the engine. */
const runAsTool = (parameters: INodeParameters) =>
	runNode({
		nodeType: new EducationPlatformTool(),
		parameters: { resource: 'webhookSubscription', ...parameters },
		credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
	});

describe('Webhook Subscription → Get Many and Get', () => {
	it('marks each record, the simplified ones too', async () => {
		nock(ORIGIN).get('/v1/webhooks').query({ page: 1, per_page: 50 }).reply(200, { data: [ours, theirs], meta: { current_page: 1, last_page: 1, per_page: 50, total: 2 } });
		const listed = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'getMany', options: { simplify: true } });
		expect(listed.error).toBeUndefined();
		expect(jsonOf(listed.items).map((item) => [item.id, item.delivers_to_this_n8n, 'updated_at' in item])).toEqual([
			['wh_ours1', true, false],
			['wh_theirs1', false, false],
		]);

		nock(ORIGIN).get('/v1/webhooks/wh_theirs1').reply(200, { data: theirs });
		const got = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'get', webhookSubscriptionId: locator('wh_theirs1') });
		expect(jsonOf(got.items)).toEqual([{ ...theirs, delivers_to_this_n8n: false }]);
	});

	it("outputs only the contract's fields, Simplify off (the default): Get, Get Many and Delete leave out whatever else the platform sends", async () => {
		// The contract's fields but a description, which this platform sends as an object.
		const contract = { id: ours.id, url: ours.url, events: ours.events, enabled: true, created_at: '2026-11-01T09:00:00.000000Z', updated_at: '2026-11-02T09:00:00.000000Z' };
		const stray = {
			...contract,
			secret: 'whsec_c2VjcmV0',
			signing_key: 'sk_live_1',
			credentials: { username: 'sync', password: 'p' },
			settings: { retry: { max: 8 }, owner: { email: 'it@school.example' } },
			description: { text: 'n8n workflow Fees', api_token: 't' },
			events: ['payment.failed', { token: 't' }],
		};
		// An event type that is not a string stays a null: the list keeps its length.
		const expected = { ...contract, events: ['payment.failed', null], delivers_to_this_n8n: true };
		nock(ORIGIN).get('/v1/webhooks').query(true).reply(200, { data: [stray], meta: { current_page: 1, last_page: 1, per_page: 50, total: 1 } });
		const listed = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'getMany' });
		nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, { data: stray });
		const got = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'get', webhookSubscriptionId: locator('wh_ours1') });
		for (const result of [listed, got]) {
			expect(result.error).toBeUndefined();
			expect(jsonOf(result.items)).toEqual([expected]);
		}

		nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, { data: stray }).delete('/v1/webhooks/wh_ours1').reply(204);
		const deleted = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: locator('wh_ours1') });
		expect(jsonOf(deleted.items)).toEqual([
			{ id: 'wh_ours1', deleted: true, url: ours.url, description: null, events: ['payment.failed', null], delivers_to_this_n8n: true, note: deletedNote({}) },
		]);
		// Nothing of the strays anywhere in the output, at any depth.
		expect(JSON.stringify([listed.items, got.items, deleted.items])).not.toMatch(/whsec_|sk_live|password|it@school|api_token|"token"/);
	});
});

describe('Webhook Subscription → Delete', () => {
	it('reads the subscription, deletes it, and says it delivered to this n8n', async () => {
		const scope = nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, { data: ours }).delete('/v1/webhooks/wh_ours1').reply(204);
		const result = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: locator('wh_ours1') });
		expect(jsonOf(result.items)).toEqual([
			{ id: 'wh_ours1', deleted: true, url: ours.url, description: ours.description, events: ours.events, delivers_to_this_n8n: true, note: deletedNote(ours) },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('deletes nothing when the subscription does not exist (404 with advice)', async () => {
		nock(ORIGIN).get('/v1/webhooks/wh_gone1').reply(404, { message: 'No webhook with ID wh_gone1.', code: 'not_found' });
		const result = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: locator('wh_gone1') });
		expect(result.error?.message).toMatch(/No webhook with ID wh_gone1/);
		expect(result.error?.description).toMatch(/starts with wh_/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('deletes nothing when the platform does not answer with the subscription, and says to check the Base URL', async () => {
		nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, '<html>login</html>');
		const result = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: locator('wh_ours1') });
		expect(result.error?.message).toBe('The API did not answer with subscription "wh_ours1", so Delete deleted nothing [item 0]');
		expect(result.error?.description).toMatch(/Base URL/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('refuses an ID that is not one before any request', async () => {
		const result = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: 'dlv_1' });
		expect(result.error?.message).toBe('Webhook Subscription ID is "dlv_1", it must look like wh_2f9c1a7e4b [item 0]');
	});

	it("deletes nothing of a subscription that delivers elsewhere, and names its URL and the option", async () => {
		const scope = nock(ORIGIN).get('/v1/webhooks/wh_acct1').reply(200, { data: accounting });
		const deleting = nock(ORIGIN).delete('/v1/webhooks/wh_acct1').reply(204);
		const result = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: locator('wh_acct1') });
		expect(result.error?.message).toBe('Subscription "wh_acct1" delivers elsewhere, to "https://accounting.example/hooks/edu", not to this n8n, so Delete deleted nothing [item 0]');
		expect(result.error?.description).toMatch(/Delete acts only on subscriptions that deliver to this n8n .*set Options → Delete Even If It Delivers Elsewhere\./);
		expect(scope.isDone()).toBe(true);
		expect(deleting.isDone()).toBe(false);
	});

	it('with Delete Even If It Delivers Elsewhere, deletes it and says it did not deliver to this n8n', async () => {
		const scope = nock(ORIGIN).get('/v1/webhooks/wh_acct1').reply(200, { data: accounting }).delete('/v1/webhooks/wh_acct1').reply(204);
		const result = await runEducationPlatform({ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: locator('wh_acct1'), options: { deleteElsewhere: true } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([
			{ id: 'wh_acct1', deleted: true, url: accounting.url, description: accounting.description, events: accounting.events, delivers_to_this_n8n: false, note: null },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it("deletes nothing when this n8n's webhook address cannot be read, even of a trigger's URL: only proof counts", async () => {
		nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, { data: ours });
		const deleting = nock(ORIGIN).delete('/v1/webhooks/wh_ours1').reply(204);
		// Not an http(s) address: n8n's resume URL tells no webhook address the node can compare.
		const result = await runEducationPlatform(
			{ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: locator('wh_ours1') },
			{ instanceUrl: 'ftp://n8n.school.example' },
		);
		expect(result.error?.message).toBe(
			'Could not tell whether subscription "wh_ours1" delivers to this n8n (its webhook address could not be read from the execution\'s resume URL), so Delete deleted nothing [item 0]',
		);
		expect(result.error?.description).toMatch(/Delete Even If It Delivers Elsewhere.*N8N_WEBHOOK_URL/);
		expect(deleting.isDone()).toBe(false);
	});

	it("is not offered to an AI agent: the tool variant's Operation lists no Delete", () => {
		expect(offeredOperations(new EducationPlatformTool(), 'webhookSubscription')).not.toContain('delete');
		expect(offeredOperations(new EducationPlatformTool(), 'webhookSubscription')).toEqual(expect.arrayContaining(['get', 'getMany']));
	});

	it('as a tool saved with Delete, sends no request and answers the model that it is not offered', async () => {
		const reading = nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, { data: ours });
		const deleting = nock(ORIGIN).delete('/v1/webhooks/wh_ours1').reply(204);
		const result = await runAsTool({ operation: 'delete', webhookSubscriptionId: locator('wh_ours1'), options: { deleteElsewhere: true } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([
			{
				error: 'Webhook Subscription → Delete is not offered to AI agents, so the tool did nothing [item 0]',
				details: 'Only a workflow step runs it: choose another operation for this tool, or use the Education Platform node outside the AI agent.',
			},
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect([reading.isDone(), deleting.isDone()]).toEqual([false, false]);
	});
});

it('deletedNote names the owner from the description, and says how to register again', () => {
	expect(deletedNote({ description: 'n8n workflow 42 (Trigger)' })).toMatch(/^This subscription delivered to this n8n \(n8n workflow 42 \(Trigger\)\)\. .*deactivate and activate/);
	expect(deletedNote({})).toMatch(/^This subscription delivered to this n8n\. /);
});
