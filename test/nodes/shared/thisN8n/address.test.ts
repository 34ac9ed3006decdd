import { NodeHelpers, type INode } from 'n8n-workflow';
import { EducationPlatformTrigger } from '../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import {
	deliversTo,
	isLocalUrl,
	isTriggerUrl,
	TRIGGER_WEBHOOK_PATH,
	WEBHOOK_ADDRESS_ADVICE,
	webhookAddressOf,
} from '../../../../nodes/shared/thisN8n/address';

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
		expect(deliversTo(address, 'https://school.example/other/webhook/9d1c/webhook')).toBe(false);
		expect(deliversTo(address, 'http://school.example/n8n/webhook/9d1c/webhook')).toBe(false);
		expect(deliversTo(address, 'https://school.example.evil/n8n/webhook')).toBe(false);
	});

	it("accepts only a trigger URL (<endpoint>/<webhook ID>/webhook), so another integration on n8n's host is not this n8n's", () => {
		const root = 'https://school.example/';
		expect(deliversTo(root, 'https://school.example/webhook/9d1c/webhook')).toBe(true);
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

describe('the trigger URL n8n builds', () => {
	const trigger = new EducationPlatformTrigger().description;
	const node: INode = { id: 'n1', name: 'Education Platform Trigger', type: 'educationPlatformTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
	NodeHelpers.resolveNodeWebhookId(node, trigger);

	it('uses the path the recognizer expects, and a webhook ID it accepts', () => {
		expect(trigger.webhooks?.map((webhook) => webhook.path)).toEqual([TRIGGER_WEBHOOK_PATH]);
		for (const [address, endpoint] of [
			['http://127.0.0.1:5678/', 'webhook'],
			['https://school.example/n8n/', 'webhook-test'],
		]) {
			const url = NodeHelpers.getNodeWebhookUrl(`${address}${endpoint}`, 'wf1', node, TRIGGER_WEBHOOK_PATH);
			expect(deliversTo(address, url)).toBe(true);
		}
	});
});

describe('isTriggerUrl', () => {
	it('recognizes a trigger URL under any address', () => {
		expect(isTriggerUrl('https://n8n.school.example/webhook/9d1c/webhook')).toBe(true);
		expect(isTriggerUrl('https://school.example/api/hooks')).toBe(false);
		expect(isTriggerUrl(undefined)).toBe(false);
	});
});

describe('isLocalUrl', () => {
	it.each([
		'http://localhost:5678/webhook/abc/webhook',
		'http://LOCALHOST/webhook',
		'http://n8n.localhost/webhook',
		'http://127.0.0.1:5678/webhook',
		'http://127.1.2.3/webhook',
		'http://[::1]:5678/webhook',
		'http://0.0.0.0:5678/webhook',
		'http://[::]:5678/',
		'http://[::ffff:127.0.0.1]:5678/webhook',
	])('%s is local', (url) => {
		expect(isLocalUrl(url)).toBe(true);
	});

	it.each([
		'https://n8n.school.example/webhook/abc/webhook',
		'http://192.168.1.20:5678/webhook',
		'http://localhost.example.com/webhook',
		// A public name that merely starts with 127 is not a local address.
		'https://127.example.com/',
		'http://128.0.0.1/webhook',
		'not a url',
	])('%s is not local', (url) => {
		expect(isLocalUrl(url)).toBe(false);
	});
});

describe('WEBHOOK_ADDRESS_ADVICE', () => {
	it('names the setting on both n8n majors and every process', () => {
		expect(WEBHOOK_ADDRESS_ADVICE).toContain('N8N_WEBHOOK_URL=https://n8n.example.com/ on n8n 2.x');
		expect(WEBHOOK_ADDRESS_ADVICE).toContain('WEBHOOK_URL=https://n8n.example.com/ on n8n 1.x');
		expect(WEBHOOK_ADDRESS_ADVICE).toContain('queue-mode workers included');
	});
});
