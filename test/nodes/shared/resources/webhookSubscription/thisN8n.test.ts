import { deliversTo, markDelivery, thisN8nSubscriptions, webhookAddressOf } from '../../../../../nodes/shared/resources/webhookSubscription/thisN8n';

describe('webhookAddressOf', () => {
	it.each([
		['http://127.0.0.1:5678/webhook-waiting/12', 'http://127.0.0.1:5678/'],
		['https://n8n.school.example/webhook-waiting/12?signature=abc', 'https://n8n.school.example/'],
		['https://school.example/n8n/webhook-waiting/undefined', 'https://school.example/n8n/'],
	])('reads %s as %s', (resumeUrl, address) => {
		expect(webhookAddressOf(resumeUrl)).toBe(address);
	});

	it.each([undefined, '', 'not a url', 42])('gives nothing for %p', (resumeUrl) => {
		expect(webhookAddressOf(resumeUrl)).toBeUndefined();
	});
});

describe('deliversTo', () => {
	const address = 'https://school.example/n8n/';

	it('accepts a URL under the address, and only there', () => {
		expect(deliversTo(address, 'https://school.example/n8n/webhook/9d1c/webhook')).toBe(true);
		expect(deliversTo(address, 'https://school.example/n8n/webhook/9d1c/webhook?x=1')).toBe(true);
		expect(deliversTo(address, 'https://school.example/other/webhook/9d1c/webhook')).toBe(false);
		expect(deliversTo(address, 'http://school.example/n8n/webhook/9d1c/webhook')).toBe(false);
		expect(deliversTo(address, 'https://school.example.evil/n8n/webhook')).toBe(false);
	});

	it('accepts only a trigger URL (<endpoint>/<webhook ID>/webhook), so another integration on n8n\'s host is not this n8n\'s', () => {
		const root = 'https://school.example/';
		expect(deliversTo(root, 'https://school.example/webhook/9d1c/webhook')).toBe(true);
		expect(deliversTo(root, 'https://school.example/hooks/9d1c/webhook/')).toBe(true);
		expect(deliversTo(root, 'https://school.example/api/hooks')).toBe(false);
		expect(deliversTo(root, 'https://school.example/n8n2/webhook/9d1c/webhook')).toBe(false);
		expect(deliversTo(root, 'https://school.example/webhook/9d1c/other')).toBe(false);
		// The trigger's test URL is this n8n's too.
		expect(deliversTo(root, 'https://school.example/webhook-test/9d1c/webhook')).toBe(true);
	});

	it('is false without an address or a URL', () => {
		expect(deliversTo(undefined, 'https://school.example/n8n/webhook/9d1c/webhook')).toBe(false);
		expect(deliversTo(address, undefined)).toBe(false);
		expect(deliversTo(address, 'nonsense')).toBe(false);
	});
});

describe('markDelivery', () => {
	it('adds delivers_to_this_n8n after the record\'s own fields and keeps anything else', () => {
		const marked = markDelivery([{ id: 'wh_1', url: 'https://n8n.example/webhook/a/webhook' }, { id: 'wh_2', url: 'https://other.example/hook' }, 'x'], 'https://n8n.example/');
		expect(marked).toEqual([
			{ id: 'wh_1', url: 'https://n8n.example/webhook/a/webhook', delivers_to_this_n8n: true },
			{ id: 'wh_2', url: 'https://other.example/hook', delivers_to_this_n8n: false },
			'x',
		]);
		expect(Object.keys(marked[0] as object)).toEqual(['id', 'url', 'delivers_to_this_n8n']);
	});
});

describe('thisN8nSubscriptions', () => {
	const ours = { id: 'wh_1', url: 'https://n8n.school.example/webhook/9d1c/webhook' };
	const theirs = { id: 'wh_2', url: 'https://school.example/api/hooks' };

	it('keeps the subscriptions with this n8n\'s trigger URLs, in their order', () => {
		expect(thisN8nSubscriptions('https://n8n.school.example/', [theirs, ours, 'x'])).toEqual([ours]);
		expect(thisN8nSubscriptions('https://n8n.school.example/', [theirs])).toEqual([]);
	});

	it('refuses when the address could not be read, naming the setting', () => {
		expect(() => thisN8nSubscriptions(undefined, [ours])).toThrow("Could not tell this n8n's webhook address from the execution's resume URL");
	});

	it('refuses "none" at a local address while trigger URLs of another address are registered (a process without N8N_WEBHOOK_URL)', () => {
		const refuse = () => thisN8nSubscriptions('http://localhost:5678/', [theirs, ours]);
		expect(refuse).toThrow(
			"No webhook subscription delivers to this n8n's webhook address http://localhost:5678/, but 1 with an n8n trigger's URL delivers elsewhere (e.g. https://n8n.school.example/webhook/9d1c/webhook)",
		);
		let refused: unknown;
		try {
			refuse();
		} catch (error) {
			refused = error;
		}
		expect((refused as { description?: string }).description).toMatch(/N8N_WEBHOOK_URL \(WEBHOOK_URL on n8n 1\.x\).*queue-mode workers included/);
		expect(() => thisN8nSubscriptions('http://[::1]:5678/', [ours, { ...ours, id: 'wh_4' }])).toThrow(/but 2 with an n8n trigger's URL deliver elsewhere/);
		expect(() => thisN8nSubscriptions('http://0.0.0.0:5678/', [ours])).toThrow(/http:\/\/0\.0\.0\.0:5678\//);
		// A public name that merely starts with 127 is not a local address.
		expect(thisN8nSubscriptions('https://127.example.com/', [ours])).toEqual([]);
		// A local address with no trigger URL anywhere, or with its own: nothing is wrong.
		expect(thisN8nSubscriptions('http://127.0.0.1:5678/', [theirs])).toEqual([]);
		const local = { id: 'wh_3', url: 'http://127.0.0.1:5678/webhook/77aa/webhook' };
		expect(thisN8nSubscriptions('http://127.0.0.1:5678/', [ours, local])).toEqual([local]);
	});
});
