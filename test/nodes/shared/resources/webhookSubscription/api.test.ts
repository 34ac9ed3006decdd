// The webhook API module with an injected request function: what it asks for, and what it lets
// through of the platform's answers.
import { ActionableError } from '../../../../../nodes/shared/errors';
import {
	createSubscription,
	patchSubscription,
	listSubscriptions,
	parseSubscriptionId,
	readSubscription,
	type WebhookRequest,
} from '../../../../../nodes/shared/resources/webhookSubscription/api';

/** A request function that answers every call with `answer` and records the calls. */
function fakeRequest(answer: (endpoint: string, qs: Record<string, unknown>) => unknown) {
	const calls: Array<[string, string, Record<string, unknown>]> = [];
	const request: WebhookRequest = async (method, endpoint, options) => {
		calls.push([method, endpoint, (options.qs ?? {}) as Record<string, unknown>]);
		return answer(endpoint, (options.qs ?? {}) as Record<string, unknown>);
	};
	return { request, calls };
}

const listPage = (data: unknown[], page = 1, lastPage = 1) => ({
	body: {
		data,
		meta: { current_page: page, last_page: lastPage, per_page: 100, total: data.length },
	},
	headers: {},
});

describe('parseSubscriptionId', () => {
	it('accepts a wh_ ID, trimmed', () => {
		expect(parseSubscriptionId(' wh_2f9c1a7e4b ')).toBe('wh_2f9c1a7e4b');
	});

	it.each(['', 'dlv_8Ui9Op0A', 'wh_', 'wh_a/b', undefined])(
		'refuses %p, saying what an ID looks like',
		(value) => {
			expect(() => parseSubscriptionId(value)).toThrow(ActionableError);
			expect(() => parseSubscriptionId(value)).toThrow(
				/Webhook Subscription ID is .*, it must look like wh_2f9c1a7e4b/,
			);
		},
	);
});

describe('listSubscriptions', () => {
	it("for a trigger's URL, keeps every spelling n8n serves alike, which the platform's exact filter[url] misses (issue 36)", async () => {
		const url = 'https://n8n.example/webhook/9d1c4b2e-0f3a-4c5d-8e6f-7a8b9c0d1e2f/webhook';
		const { request } = fakeRequest(() =>
			listPage(
				[
					{ id: 'wh_exact001', url },
					{ id: 'wh_alike001', url: url.replace('n8n.example/webhook', 'N8N.example/WEBHOOK') },
					{ id: 'wh_upper001', url: url.replace('9d1c4b2e', '9D1C4B2E') },
					{ id: 'wh_other001', url: 'https://other.example/hook' },
				],
				1,
				1,
			),
		);
		expect((await listSubscriptions(request, url)).map((subscription) => subscription.id)).toEqual([
			'wh_exact001',
			'wh_alike001',
		]);
	});

	it('reads at most 10 pages of 100, keeping the URL asked for, without secrets', async () => {
		const url = 'https://n8n.example/webhook/a/webhook';
		const { request, calls } = fakeRequest((_endpoint, qs) =>
			listPage(
				[
					{ id: `wh_p${String(qs.page)}`, url, secret: 's' },
					...Array(99).fill({ id: 'wh_other', url: 'https://other.example' }),
				],
				Number(qs.page),
				99,
			),
		);
		const listed = await listSubscriptions(request, url);
		expect(
			calls.map(([method, endpoint, qs]) => [method, endpoint, qs['filter[url]'], qs.per_page]),
		).toEqual(Array(10).fill(['GET', '/webhooks', undefined, 100]));
		expect(listed.map((subscription) => subscription.id)).toEqual(
			Array.from({ length: 10 }, (_, index) => `wh_p${index + 1}`),
		);
		expect(listed.every((subscription) => !('secret' in subscription))).toBe(true);
	});

	it('with complete, refuses a listing it could not read to its end (a next page after the 10th), saying what to do', async () => {
		const fullPage = (page: number, lastPage: number) =>
			listPage(
				Array(100).fill({ id: `wh_p${page}`, url: 'https://other.example' }),
				page,
				lastPage,
			);
		const { request, calls } = fakeRequest((_endpoint, qs) => fullPage(Number(qs.page), 11));
		await expect(listSubscriptions(request, undefined, { complete: true })).rejects.toThrow(
			new ActionableError(
				'The platform lists more than 10 pages of webhook subscriptions, and a judgement on part of them would be wrong, so nothing was checked or changed',
			),
		);
		expect(calls).toHaveLength(10);
		const { request: tenPages } = fakeRequest((_endpoint, qs) => fullPage(Number(qs.page), 10));
		expect(await listSubscriptions(tenPages, undefined, { complete: true })).toHaveLength(1000);
	});

	it("judges only the records for the URL asked about: another URL's malformed record (a platform that ignored the filter) does not fail the trigger", async () => {
		const url = 'https://n8n.example/webhook/a/webhook';
		const { request } = fakeRequest(() =>
			listPage([
				{ id: '..', url: 'https://other.example' },
				{ id: 'wh_ours', url },
			]),
		);
		expect((await listSubscriptions(request, url)).map((subscription) => subscription.id)).toEqual([
			'wh_ours',
		]);
	});

	it.each([['..'], [undefined], [' wh_1'], [42]])(
		'refuses a listed ID %p, saying what the platform listed',
		async (id) => {
			const { request } = fakeRequest(() => listPage([{ id, url: 'https://x.example' }]));
			await expect(listSubscriptions(request)).rejects.toThrow(
				/^The platform listed a webhook subscription (with no ID|whose ID .* is not one)/,
			);
		},
	);
});

describe('readSubscription and createSubscription', () => {
	it('say what the answer lacked instead of acting on it', async () => {
		await expect(
			readSubscription(
				fakeRequest(() => '<html>').request,
				'wh_1',
				{},
				'so Delete deleted nothing',
			),
		).rejects.toThrow('The API did not answer with subscription "wh_1", so Delete deleted nothing');
		await expect(
			readSubscription(fakeRequest(() => ({ data: { id: '../x' } })).request, 'wh_1'),
		).rejects.toThrow(/answered with a webhook subscription whose ID "..\/x" is not one/);
		await expect(
			createSubscription(fakeRequest(() => ({ data: { secret: 'whsec_x' } })).request, {
				url: 'u',
				events: [],
				description: '',
				enabled: true,
			}),
		).rejects.toThrow(/created a webhook subscription with no ID/);
	});

	it("keep the secret of a created subscription (the trigger signs with it), not of a read one, which has only the contract's fields", async () => {
		const record = { id: 'wh_1', url: 'u', secret: 'whsec_x' };
		expect(
			await createSubscription(fakeRequest(() => ({ data: record })).request, {
				url: 'u',
				events: [],
				description: '',
				enabled: true,
			}),
		).toEqual(record);
		expect(
			await readSubscription(
				fakeRequest(() => ({ data: { ...record, signing_key: 'k', credentials: { token: 't' } } }))
					.request,
				'wh_1',
			),
		).toEqual({ id: 'wh_1', url: 'u' });
	});
});

describe('patchSubscription', () => {
	it('sends only the changes, with the write scope', async () => {
		const sent: unknown[] = [];
		const request: WebhookRequest = async (method, endpoint, options) => {
			sent.push([method, endpoint, options.body, options.requiredScope]);
			return {};
		};
		await patchSubscription(request, 'wh_2f9c1a7e4b', { enabled: true });
		await patchSubscription(request, 'wh_2f9c1a7e4b', { events: ['payment.failed'] });
		expect(sent).toEqual([
			['PATCH', '/webhooks/wh_2f9c1a7e4b', { enabled: true }, 'webhooks:write'],
			['PATCH', '/webhooks/wh_2f9c1a7e4b', { events: ['payment.failed'] }, 'webhooks:write'],
		]);
	});
});
