import { deliversTo, markDelivery, webhookAddressOf } from '../../../../../nodes/shared/resources/webhookSubscription/thisN8n';

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

	it('is false without an address or a URL', () => {
		expect(deliversTo(undefined, 'https://school.example/n8n/webhook')).toBe(false);
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
