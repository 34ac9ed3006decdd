/**
 * A stateful stand-in for the platform's /v1/webhooks API (docs/api-contract.md §8.1) on nock,
 * for trigger lifecycle tests: it keeps subscriptions in a Map, answers list/get/create/patch/
 * delete/rotate-secret as the contract says, records every call, and can be told to fail.
 * (The live sandbox is exercised separately; this one lets a test see and seed platform state.)
 */
import { randomBytes } from 'node:crypto';

import nock from 'nock';

export interface FakeSubscription {
	id: string;
	url: string;
	events: string[];
	description: string | null;
	enabled: boolean;
	secret: string;
	created_at: string;
	updated_at: string;
}

export interface PlatformCall {
	method: string;
	path: string;
	body?: unknown;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface FakePlatform {
	subscriptions: Map<string, FakeSubscription>;
	calls: PlatformCall[];
	/** Adds a subscription as if created earlier (e.g. left behind by a crash). */
	seed(
		subscription: Partial<FakeSubscription> & { url: string; events: string[] },
	): FakeSubscription;
	/** Makes every request matching method and path answer `status` with the contract's error body. */
	fail(method: Method, pathPattern: RegExp, status: number): void;
	/**
	 * The token's rate-limit window is used up until `until` (ms since the epoch, read with
	 * `Date.now()`, so virtual time moves it): every request until then gets 429 with the seconds
	 * left as Retry-After and the window's end as X-RateLimit-Reset, as the platform answers (contract §5).
	 */
	rateLimitUntil(until: number): void;
	/** Calls that are not reads. */
	writes(): PlatformCall[];
}

const timestamp = () => new Date().toISOString().replace('Z', '000Z');
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const publicView = ({ secret: _secret, ...subscription }: FakeSubscription) => subscription;
const ERRORS: Record<number, { message: string; code: string }> = {
	401: { message: 'Unauthenticated.', code: 'unauthenticated' },
	403: { message: 'This action requires the webhooks:write scope.', code: 'insufficient_scope' },
	404: { message: 'Not found.', code: 'not_found' },
	500: { message: 'Server error.', code: 'server_error' },
};
const errorBody = (status: number) =>
	ERRORS[status] ?? {
		message: status >= 500 ? 'Service unavailable.' : 'Request failed.',
		code: status >= 500 ? 'service_unavailable' : 'error',
	};

const rateLimitHeaders = (retryAfter: number, until: number): Record<string, string> => ({
	'Retry-After': String(retryAfter),
	'X-RateLimit-Limit': '600',
	'X-RateLimit-Remaining': '0',
	'X-RateLimit-Reset': String(Math.ceil(until / 1000)),
});

export function fakePlatform(baseUrl: string, token = 'pat-test'): FakePlatform {
	const subscriptions = new Map<string, FakeSubscription>();
	const calls: PlatformCall[] = [];
	const failures: Array<{ method: Method; pathPattern: RegExp; status: number }> = [];
	let sequence = 0;
	let rateLimitedUntil = 0;

	const seed: FakePlatform['seed'] = (partial) => {
		const subscription: FakeSubscription = {
			id: `wh_${(++sequence).toString().padStart(10, '0')}`,
			description: null,
			enabled: true,
			secret: newSecret(),
			created_at: timestamp(),
			updated_at: timestamp(),
			...partial,
		};
		subscriptions.set(subscription.id, subscription);
		return subscription;
	};

	// A Base URL with a path (https://school.test/api) serves the API under that prefix.
	const { origin, pathname } = new URL(baseUrl);
	const prefix = pathname.replace(/\/+$/, '');
	const handle = (
		method: Method,
		uri: string,
		body: unknown,
	): [number, unknown] | [number, unknown, Record<string, string>] => {
		const url = new URL(uri.slice(prefix.length), origin);
		calls.push({ method, path: url.pathname + url.search, body: body === '' ? undefined : body });
		const now = Date.now();
		if (now < rateLimitedUntil) {
			const retryAfter = Math.ceil((rateLimitedUntil - now) / 1000);
			return [
				429,
				{ message: `Too many requests. Retry in ${retryAfter} seconds.`, code: 'rate_limited' },
				rateLimitHeaders(retryAfter, rateLimitedUntil),
			];
		}
		const failure = failures.find((f) => f.method === method && f.pathPattern.test(url.pathname));
		if (failure) return [failure.status, errorBody(failure.status)];

		const [, id, action] = url.pathname.match(/^\/v1\/webhooks(?:\/([^/]+))?(?:\/([^/]+))?$/) ?? [];
		const subscription = id ? subscriptions.get(decodeURIComponent(id)) : undefined;
		if (id && !subscription) return [404, errorBody(404)];
		const input = (body ?? {}) as Partial<FakeSubscription> & { grace_period_seconds?: number };

		if (method === 'GET' && !id) {
			const filter = url.searchParams.get('filter[url]');
			const perPage = Number(url.searchParams.get('per_page') ?? 20);
			const page = Number(url.searchParams.get('page') ?? 1);
			const all = [...subscriptions.values()].filter((s) => filter === null || s.url === filter);
			const data = all.slice((page - 1) * perPage, page * perPage).map(publicView);
			const lastPage = Math.max(1, Math.ceil(all.length / perPage));
			return [
				200,
				{
					data,
					links: {},
					meta: { current_page: page, last_page: lastPage, per_page: perPage, total: all.length },
				},
			];
		}
		if (method === 'GET' && subscription) return [200, { data: publicView(subscription) }];
		if (method === 'POST' && !id) {
			const created = seed({
				url: String(input.url),
				events: input.events ?? [],
				description: input.description ?? null,
				enabled: input.enabled ?? true,
			});
			return [201, { data: { ...publicView(created), secret: created.secret } }];
		}
		if (method === 'PATCH' && subscription && !action) {
			for (const field of ['url', 'events', 'description', 'enabled'] as const) {
				if (input[field] !== undefined)
					(subscription as unknown as Record<string, unknown>)[field] = input[field];
			}
			subscription.updated_at = timestamp();
			return [200, { data: publicView(subscription) }];
		}
		if (method === 'POST' && subscription && action === 'rotate-secret') {
			subscription.secret = newSecret();
			return [200, { data: { ...publicView(subscription), secret: subscription.secret } }];
		}
		if (method === 'DELETE' && subscription && !action) {
			subscriptions.delete(subscription.id);
			return [204, ''];
		}
		return [405, { message: 'Method not allowed.', code: 'method_not_allowed' }];
	};

	const scope = nock(origin, { reqheaders: { authorization: `Bearer ${token}` } }).persist();
	const path = new RegExp(`^${prefix}/v1/webhooks(/.*)?$`);
	scope
		.get(path)
		.query(true)
		.reply((uri) => handle('GET', uri, undefined));
	scope
		.post(path)
		.query(true)
		.reply((uri, body) => handle('POST', uri, body));
	scope
		.patch(path)
		.query(true)
		.reply((uri, body) => handle('PATCH', uri, body));
	scope
		.delete(path)
		.query(true)
		.reply((uri) => handle('DELETE', uri, undefined));

	return {
		subscriptions,
		calls,
		seed,
		fail: (method, pathPattern, status) => failures.push({ method, pathPattern, status }),
		rateLimitUntil: (until) => {
			rateLimitedUntil = until;
		},
		writes: () => calls.filter((call) => call.method !== 'GET'),
	};
}
