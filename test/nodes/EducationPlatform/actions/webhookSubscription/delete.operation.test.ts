// Webhook Subscription → Delete through n8n's engine with nock: the harness's n8n runs at
// TEST_INSTANCE_URL, so subscriptions under it deliver to "this n8n".
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../../harness';
import { jsonOf, ORIGIN, runEducationPlatform, TOKEN } from '../../fixtures';
import { EducationPlatformTool, offeredOperations } from '../../toolVariant';
import { useNock } from '../../../../harness/nock';
import { ours, accounting, locator } from './subscriptionFixtures';

useNock();

/** The node as an AI agent's tool (n8n's `…Tool` variant), through the engine. */
const runAsTool = (parameters: INodeParameters) =>
	runNode({
		nodeType: new EducationPlatformTool(),
		parameters: { resource: 'webhookSubscription', ...parameters },
		credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
	});

describe('Webhook Subscription → Delete', () => {
	it('reads the subscription, deletes it, and says it delivered to this n8n', async () => {
		const scope = nock(ORIGIN)
			.get('/v1/webhooks/wh_ours1')
			.reply(200, { data: ours })
			.delete('/v1/webhooks/wh_ours1')
			.reply(204);
		const result = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: locator('wh_ours1'),
		});
		expect(jsonOf(result.items)).toEqual([
			{
				id: 'wh_ours1',
				deleted: true,
				url: ours.url,
				description: ours.description,
				events: ours.events,
				delivers_to_this_n8n: true,
				// The owner from the description, and how to register again.
				note: expect.stringMatching(
					/^This subscription delivered to this n8n \(n8n workflow Fees \(Trigger\)\)\. .*unpublish and publish that workflow \(on n8n 1\.x: deactivate and activate it\)/,
				),
			},
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('deletes nothing when the subscription does not exist (404 with advice)', async () => {
		nock(ORIGIN)
			.get('/v1/webhooks/wh_gone1')
			.reply(404, { message: 'No webhook with ID wh_gone1.', code: 'not_found' });
		const result = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: locator('wh_gone1'),
		});
		expect(result.error?.message).toMatch(/No webhook with ID wh_gone1/);
		expect(result.error?.description).toMatch(/starts with wh_/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('deletes nothing when the platform does not answer with the subscription, and says to check the Base URL', async () => {
		nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, '<html>login</html>');
		const result = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: locator('wh_ours1'),
		});
		expect(result.error?.message).toBe(
			'The API did not answer with subscription "wh_ours1", so Delete deleted nothing [item 0]',
		);
		expect(result.error?.description).toMatch(/Base URL/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('refuses an ID that is not one before any request', async () => {
		const result = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: 'dlv_1',
		});
		expect(result.error?.message).toBe(
			'Webhook Subscription ID is "dlv_1", it must look like wh_2f9c1a7e4b [item 0]',
		);
	});

	it('deletes nothing of a subscription that delivers elsewhere, and names its URL and the option', async () => {
		const scope = nock(ORIGIN).get('/v1/webhooks/wh_acct1').reply(200, { data: accounting });
		const deleting = nock(ORIGIN).delete('/v1/webhooks/wh_acct1').reply(204);
		const result = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: locator('wh_acct1'),
		});
		expect(result.error?.message).toBe(
			'Subscription "wh_acct1" delivers elsewhere, to "https://accounting.example/hooks/edu", not to this n8n, so Delete deleted nothing [item 0]',
		);
		expect(result.error?.description).toMatch(
			/Delete acts only on subscriptions that deliver to this n8n .*set Options → Delete Even If It Delivers Elsewhere\./,
		);
		expect(scope.isDone()).toBe(true);
		expect(deleting.isDone()).toBe(false);
	});

	it('with Delete Even If It Delivers Elsewhere, deletes it and says it did not deliver to this n8n', async () => {
		const scope = nock(ORIGIN)
			.get('/v1/webhooks/wh_acct1')
			.reply(200, { data: accounting })
			.delete('/v1/webhooks/wh_acct1')
			.reply(204);
		const result = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: locator('wh_acct1'),
			options: { deleteElsewhere: true },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([
			{
				id: 'wh_acct1',
				deleted: true,
				url: accounting.url,
				description: accounting.description,
				events: accounting.events,
				delivers_to_this_n8n: false,
				note: null,
			},
		]);
		expect(scope.isDone()).toBe(true);
	});

	it("deletes nothing when this n8n's webhook address cannot be read, even of a trigger's URL: only proof counts", async () => {
		nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, { data: ours });
		const deleting = nock(ORIGIN).delete('/v1/webhooks/wh_ours1').reply(204);
		// Not an http(s) address: n8n's resume URL tells no webhook address the node can compare.
		const result = await runEducationPlatform(
			{
				resource: 'webhookSubscription',
				operation: 'delete',
				webhookSubscriptionId: locator('wh_ours1'),
			},
			{ instanceUrl: 'ftp://n8n.school.example' },
		);
		expect(result.error?.message).toBe(
			'Could not tell whether subscription "wh_ours1" delivers to this n8n (its webhook address could not be read from the execution\'s resume URL), so Delete deleted nothing [item 0]',
		);
		expect(result.error?.description).toMatch(
			/Delete Even If It Delivers Elsewhere.*N8N_WEBHOOK_URL/,
		);
		expect(deleting.isDone()).toBe(false);
	});

	it("is not offered to an AI agent: the tool variant's Operation lists no Delete", () => {
		expect(offeredOperations(new EducationPlatformTool(), 'webhookSubscription')).not.toContain(
			'delete',
		);
		expect(offeredOperations(new EducationPlatformTool(), 'webhookSubscription')).toEqual(
			expect.arrayContaining(['get', 'getMany']),
		);
	});

	it('as a tool saved with Delete, sends no request and answers the model that it is not offered', async () => {
		const reading = nock(ORIGIN).get('/v1/webhooks/wh_ours1').reply(200, { data: ours });
		const deleting = nock(ORIGIN).delete('/v1/webhooks/wh_ours1').reply(204);
		const result = await runAsTool({
			operation: 'delete',
			webhookSubscriptionId: locator('wh_ours1'),
			options: { deleteElsewhere: true },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([
			{
				error:
					'Webhook Subscription → Delete is not offered to AI agents, so the tool did nothing [item 0]',
				details:
					'Only a workflow step runs it: choose another operation for this tool, or use the Education Platform node outside the AI agent.',
			},
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect([reading.isDone(), deleting.isDone()]).toEqual([false, false]);
	});
});
