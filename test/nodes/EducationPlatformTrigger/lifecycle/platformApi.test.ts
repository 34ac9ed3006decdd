import nock from 'nock';
import { HookContext } from 'n8n-core';

import { EducationPlatformTrigger } from '../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import {
	lifecycleCall,
	subscriptionsForUrl,
} from '../../../../nodes/EducationPlatformTrigger/lifecycle/platformApi';
import { createTriggerWorkflow } from '../../../harness/triggerHarness';
import { useNock } from '../../../harness/nock';

// subscriptionsForUrl pages through GET /v1/webhooks with the package's one paging loop
// (shared/list/paging.ts readPages), in every list shape the contract tolerates (§3.5), and
// stops at its page cap against a platform that never ends the list.
const BASE = 'https://school.test';
const URL_ = 'https://n8n.school.example/webhook/9d1c/webhook';
const OTHER_URL = 'https://elsewhere.example/hook';
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

const subscription = (n: number, url = URL_) => ({
	id: `wh_${n}`,
	url,
	events: ['payment.succeeded'],
	enabled: true,
});
const subscriptions = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => subscription(from + i));

/** The lookup as the lifecycle runs it: inside one activation's budget, in n8n-core's HookContext. */
async function lookUp(): Promise<Array<{ id: string }>> {
	const t = createTriggerWorkflow({
		nodeType: new EducationPlatformTrigger(),
		parameters: { events: ['payment.succeeded'] },
		credentials: { educationPlatformApi: { baseUrl: BASE, accessToken: 'pat-test' } },
	});
	const context = new HookContext(
		t.workflow,
		t.node,
		t.additionalData,
		'trigger',
		'activate',
		t.webhookData,
	);
	return await lifecycleCall(context, async () => await subscriptionsForUrl.call(context, URL_), {
		registered: () => true,
	});
}

/** Answers GET /v1/webhooks by page number and records the pages asked for. */
function webhookList(answer: (page: number) => [body: unknown, headers?: Record<string, string>]) {
	const pages: number[] = [];
	nock(BASE)
		.persist()
		.get('/v1/webhooks')
		// The whole listing: the platform's exact filter[url] would miss a spelling n8n serves alike.
		.query((query) => query['filter[url]'] === undefined && query.per_page === String(PAGE_SIZE))
		.reply((uri) => {
			const page = Number(new URL(uri, BASE).searchParams.get('page'));
			pages.push(page);
			const [body, headers] = answer(page);
			return [200, body as nock.Body, headers];
		});
	return pages;
}

useNock();

describe('subscriptionsForUrl', () => {
	it('reads the resource envelope page by page while meta says there are more', async () => {
		const pages = webhookList((page) => [
			{
				data: page === 1 ? subscriptions(1, 100) : subscriptions(101, 130),
				links: {},
				meta: { current_page: page, last_page: 2, per_page: PAGE_SIZE, total: 130 },
			},
		]);
		expect((await lookUp()).map((found) => found.id)).toEqual(
			subscriptions(1, 130).map((s) => s.id),
		);
		expect(pages).toEqual([1, 2]);
	});

	it('reads a bare array until a short page', async () => {
		const pages = webhookList((page) => [
			page === 1 ? subscriptions(1, 100) : subscriptions(101, 102),
		]);
		expect(await lookUp()).toHaveLength(102);
		expect(pages).toEqual([1, 2]);
	});

	it('follows a Link header on a bare array, and keeps only subscriptions for this URL', async () => {
		const pages = webhookList((page) =>
			page === 1
				? [
						[subscription(1), subscription(2, OTHER_URL)],
						{ link: `<${BASE}/v1/webhooks?page=2&per_page=${PAGE_SIZE}>; rel="next"` },
					]
				: [
						[subscription(3)],
						{ link: `<${BASE}/v1/webhooks?page=1&per_page=${PAGE_SIZE}>; rel="prev"` },
					],
		);
		expect((await lookUp()).map((found) => found.id)).toEqual(['wh_1', 'wh_3']);
		expect(pages).toEqual([1, 2]);
	});

	it('stops at its page cap against a platform that never ends the list', async () => {
		const pages = webhookList((page) => [{ data: subscriptions(page * 100 - 99, page * 100) }]);
		expect(await lookUp()).toHaveLength(MAX_PAGES * PAGE_SIZE);
		expect(pages).toEqual(Array.from({ length: MAX_PAGES }, (_, i) => i + 1));
	});

	it('refuses a listed ID that is not one (a duplicate `..` would have been deleted at DELETE /v1/webhooks/..)', async () => {
		webhookList(() => [{ data: [subscription(1), { ...subscription(2), id: '..' }] }]);
		await expect(lookUp()).rejects.toThrow(
			'The platform listed a webhook subscription whose ID ".." is not one',
		);
	});

	it('fails, saying what to check, when the platform answers with something that is not a list (it used to find no subscription)', async () => {
		const pages = webhookList(() => ['<html>Maintenance</html>', { 'content-type': 'text/html' }]);
		const failure = lookUp();
		await expect(failure).rejects.toThrow('The API did not answer with a list');
		await expect(failure).rejects.toMatchObject({
			description: expect.stringContaining("Check that the credential's Base URL"),
		});
		expect(pages).toEqual([1]);
	});
});
