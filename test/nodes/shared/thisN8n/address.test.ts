import nock from 'nock';
import { NodeHelpers, type IExecuteFunctions, type INode } from 'n8n-workflow';
import { EducationPlatformTrigger } from '../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import {
	deliveringTriggerUrl,
	deliversTo,
	productionEndpoint,
	sameTriggerUrl,
	isLocalUrl,
	isTriggerUrl,
	TRIGGER_WEBHOOK_PATH,
	thisN8nWebhookAddress,
	WEBHOOK_ADDRESS_ADVICE,
} from '../../../../nodes/shared/thisN8n/address';
import { TEST_INSTANCE_URL } from '../../../harness';
import { useNock } from '../../../harness/nock';
import { jsonOf, ORIGIN, runEducationPlatform } from '../../EducationPlatform/fixtures';

useNock();

const ID = '9d1c3e5a-7b2f-4c1d-8e6a-5f4b3a2c1d0e';

/** The address read from an execution whose `$execution.resumeUrl` is `resumeUrl`. */
const webhookAddressOf = (resumeUrl: unknown) =>
	thisN8nWebhookAddress.call(
		{
			evaluateExpression: (expression: string) =>
				expression === '{{ $execution.resumeUrl }}' ? resumeUrl : undefined,
		} as unknown as IExecuteFunctions,
		0,
	);

describe('thisN8nWebhookAddress', () => {
	it.each([
		['http://127.0.0.1:5678/webhook-waiting/12', 'http://127.0.0.1:5678/'],
		['https://n8n.school.example/webhook-waiting/12?signature=abc', 'https://n8n.school.example/'],
		['https://school.example/n8n/webhook-waiting/undefined', 'https://school.example/n8n/'],
		// As n8n spells it (from N8N_WEBHOOK_URL), which is how it spells the trigger's URL too.
		['https://N8N.School.example:443/webhook-waiting/12', 'https://N8N.School.example:443/'],
	])('reads %s as %s', (resumeUrl, address) => {
		expect(webhookAddressOf(resumeUrl)).toBe(address);
	});

	it.each([
		undefined,
		'',
		'not a url',
		42,
		'http://n8n.example/12',
		'http://user@n8n.example/webhook-waiting/12',
		'ftp://n8n.example/webhook-waiting/12',
	])('gives nothing for %p', (resumeUrl) => {
		expect(webhookAddressOf(resumeUrl)).toBeUndefined();
	});
});

describe('deliversTo', () => {
	const address = 'https://school.example/n8n/';

	it('accepts a trigger URL under the address, and only there', () => {
		expect(deliversTo(address, `https://school.example/n8n/webhook/${ID}/webhook`)).toBe(true);
		expect(deliversTo(address, `https://school.example/other/webhook/${ID}/webhook`)).toBe(false);
		expect(deliversTo(address, `https://school.example/webhook/${ID}/webhook`)).toBe(false);
		expect(deliversTo(address, `http://school.example/n8n/webhook/${ID}/webhook`)).toBe(false);
		expect(deliversTo(address, 'https://school.example.evil/n8n/webhook')).toBe(false);
	});

	it("accepts only a trigger URL (<endpoint>/<webhook ID>/webhook), so another integration on n8n's host is not this n8n's", () => {
		const root = 'https://school.example/';
		expect(deliversTo(root, `https://school.example/webhook/${ID}/webhook`)).toBe(true);
		// The trigger's test URL, and an endpoint N8N_ENDPOINT_WEBHOOK renamed, are this n8n's too.
		expect(deliversTo(root, `https://school.example/webhook-test/${ID}/webhook`)).toBe(true);
		expect(deliversTo(root, `https://school.example/hooks/${ID.toUpperCase()}/webhook`)).toBe(true);
		expect(deliversTo(root, 'https://school.example/api/hooks')).toBe(false);
		expect(deliversTo(root, `https://school.example/n8n2/webhook/${ID}/webhook`)).toBe(false);
		expect(deliversTo(root, `https://school.example/webhook/${ID}/other`)).toBe(false);
	});

	it('accepts the address in any spelling of its scheme, host and port that every HTTP client reads alike, never another path', () => {
		const spelt = 'https://N8N.School.example:443/';
		expect(deliversTo(spelt, `https://N8N.School.example:443/webhook/${ID}/webhook`)).toBe(true);
		expect(deliversTo(spelt, `https://n8n.school.example/webhook/${ID}/webhook`)).toBe(true);
		expect(deliversTo(spelt, `https://n8n.school.example:443/webhook/${ID}/webhook`)).toBe(true);
		expect(
			deliversTo('https://school.example/n8n/', `HTTPS://SCHOOL.example/n8n/webhook/${ID}/webhook`),
		).toBe(true);
		expect(
			deliversTo('https://school.example/n8n/', `https://school.example/N8N/webhook/${ID}/webhook`),
		).toBe(false);
	});

	// A URL parser also decodes `%2E` in a host and maps it by IDNA (`ⓝ` to `n`, a soft hyphen dropped),
	// which the platform's HTTP client may not do: only a plain ASCII host counts in another spelling.
	it.each([
		['an encoded dot (%2E) in the host', `https://n8n%2Eexample.com/webhook/${ID}/webhook`],
		['a character IDNA maps to an ASCII one (ⓝ)', `https://ⓝ8n.example.com/webhook/${ID}/webhook`],
		['a soft hyphen, which IDNA drops', `https://n8n.ex\u00ADample.com/webhook/${ID}/webhook`],
	])('refuses a host spelt with %s', (_, url) => {
		expect(new URL(url).href).toBe(`https://n8n.example.com/webhook/${ID}/webhook`);
		expect(deliversTo('https://n8n.example.com/', url)).toBe(false);
		expect(sameTriggerUrl(url, `https://n8n.example.com/webhook/${ID}/webhook`)).toBe(false);
		// Its text is still its own address.
		expect(deliversTo(url.replace(/webhook\/.*$/, ''), url)).toBe(true);
	});

	it('still reads a plain ASCII host in upper case, and the default port, as the address', () => {
		for (const url of [
			`https://N8N.EXAMPLE.COM/webhook/${ID}/webhook`,
			`https://n8n.example.com:443/webhook/${ID}/webhook`,
		]) {
			expect(deliversTo('https://n8n.example.com/', url)).toBe(true);
			expect(sameTriggerUrl(url, `https://n8n.example.com/webhook/${ID}/webhook`)).toBe(true);
		}
		expect(
			deliversTo('http://[::1]:5678/', `http://[0:0:0:0:0:0:0:1]:5678/webhook/${ID}/webhook`),
		).toBe(true);
	});

	// Review of issue 29: each of these counted as this n8n's, because only Node's reading of the URL
	// (origin and path) was compared, and any two segments before `webhook` passed.
	it.each([
		[
			'a backslash before userinfo (Node reads 127.0.0.1, curl evil.example)',
			`http://127.0.0.1:5678\\@evil.example/${ID}/webhook`,
		],
		['backslashes as separators', `http://127.0.0.1:5678/webhook\\${ID}\\webhook`],
		['userinfo', `http://user@127.0.0.1:5678/webhook/${ID}/webhook`],
		['userinfo naming another host', `http://evil.example@127.0.0.1:5678/webhook/${ID}/webhook`],
		['an encoded dot segment (%2e%2e)', `http://127.0.0.1:5678/api/%2e%2e/webhook/${ID}/webhook`],
		[
			'an encoded slash (%2F) in the endpoint',
			`http://127.0.0.1:5678/evil.example%2Fhooks/${ID}/webhook`,
		],
		['an encoded slash (%2F) in the webhook ID', `http://127.0.0.1:5678/webhook/${ID}%2F/webhook`],
		['a dot segment', `http://127.0.0.1:5678/hooks/../webhook/${ID}/webhook`],
		// These two pass the text check (an endpoint of `.` or `..`): the URL parser's reading refuses them.
		['a dot segment as the endpoint', `http://127.0.0.1:5678/./${ID}/webhook`],
		['a double-dot segment as the endpoint', `http://127.0.0.1:5678/../${ID}/webhook`],
		['a tab', `http://127.0.0.1:5678/web\thook/${ID}/webhook`],
		['a newline', `http://127.0.0.1:5678/webhook/${ID}/web\nhook`],
		['a NUL', `http://127.0.0.1:5678/webhook/${ID}/webhook\u0000`],
		['leading and trailing spaces', ` http://127.0.0.1:5678/webhook/${ID}/webhook `],
		['a query', `http://127.0.0.1:5678/webhook/${ID}/webhook?x=1`],
		['a fragment', `http://127.0.0.1:5678/webhook/${ID}/webhook#x`],
		['a trailing slash', `http://127.0.0.1:5678/webhook/${ID}/webhook/`],
		["another integration's path ending in webhook", 'http://127.0.0.1:5678/api/hooks/webhook'],
		['a webhook ID n8n does not make', 'http://127.0.0.1:5678/webhook/9d1c/webhook'],
	])('refuses %s', (_, url) => {
		expect(deliversTo('http://127.0.0.1:5678/', url)).toBe(false);
	});

	it('is false without an address or a URL', () => {
		expect(deliversTo(undefined, `https://school.example/n8n/webhook/${ID}/webhook`)).toBe(false);
		expect(deliversTo(address, undefined)).toBe(false);
		expect(deliversTo(address, 'nonsense')).toBe(false);
	});
});

describe('deliveringTriggerUrl', () => {
	const address = 'https://n8n.example.com/';

	it('names the trigger node of a URL that delivers to this n8n as the URL spells it (n8n looks the ID up exactly), and whether it is under the production endpoint, whose case n8n ignores', () => {
		expect(deliveringTriggerUrl(address, `${address}webhook/${ID}/webhook`)).toEqual({
			webhookId: ID,
			production: true,
		});
		expect(deliveringTriggerUrl(address, `${address}webhook/${ID.toUpperCase()}/webhook`)).toEqual({
			webhookId: ID.toUpperCase(),
			production: true,
		});
		expect(deliveringTriggerUrl(address, `${address}WEBHOOK/${ID}/webhook`)).toEqual({
			webhookId: ID,
			production: true,
		});
	});

	it("tells a test URL (n8n's webhook-test, or any endpoint but production's webhook) from the production URL the trigger registers when published", () => {
		expect(deliveringTriggerUrl(address, `${address}webhook-test/${ID}/webhook`)).toEqual({
			webhookId: ID,
			production: false,
		});
		expect(deliveringTriggerUrl(address, `${address}hooks/${ID}/webhook`)).toEqual({
			webhookId: ID,
			production: false,
		});
	});

	it('takes the production endpoint it is given (renamed), and none when it cannot be told', () => {
		expect(deliveringTriggerUrl(address, `${address}hooks/${ID}/webhook`, 'hooks')).toEqual({
			webhookId: ID,
			production: true,
		});
		expect(deliveringTriggerUrl(address, `${address}webhook/${ID}/webhook`, 'hooks')).toEqual({
			webhookId: ID,
			production: false,
		});
		expect(deliveringTriggerUrl(address, `${address}webhook/${ID}/webhook`, null)).toEqual({
			webhookId: ID,
			production: false,
		});
	});

	it('is undefined for a URL that does not deliver to this n8n, or without an address', () => {
		expect(
			deliveringTriggerUrl(address, `https://other.example.com/webhook/${ID}/webhook`),
		).toBeUndefined();
		expect(deliveringTriggerUrl(address, `${address}webhook/${ID}/other`)).toBeUndefined();
		expect(deliveringTriggerUrl(undefined, `${address}webhook/${ID}/webhook`)).toBeUndefined();
	});
});

describe('the trigger URL n8n builds', () => {
	const trigger = new EducationPlatformTrigger().description;
	const node: INode = {
		id: 'n1',
		name: 'Education Platform Trigger',
		type: 'educationPlatformTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	NodeHelpers.resolveNodeWebhookId(node, trigger);

	it('uses the path the recognizer expects, and a webhook ID it accepts', () => {
		expect(trigger.webhooks?.map((webhook) => webhook.path)).toEqual([TRIGGER_WEBHOOK_PATH]);
		for (const [address, endpoint] of [
			['http://127.0.0.1:5678/', 'webhook'],
			['https://school.example/n8n/', 'webhook-test'],
			['https://N8N.School.example:443/', 'custom-hooks'],
		]) {
			const url = NodeHelpers.getNodeWebhookUrl(
				`${address}${endpoint}`,
				'wf1',
				node,
				TRIGGER_WEBHOOK_PATH,
			);
			expect(deliversTo(address, url)).toBe(true);
		}
	});
});

describe('isTriggerUrl', () => {
	it('recognizes a trigger URL under any address, with the same strictness', () => {
		expect(isTriggerUrl(`https://n8n.school.example/webhook/${ID}/webhook`)).toBe(true);
		expect(isTriggerUrl(`https://n8n.school.example/webhook/${ID}/webhook?x=1`)).toBe(false);
		expect(isTriggerUrl(`http://127.0.0.1:5678\\@evil.example/${ID}/webhook`)).toBe(false);
		expect(isTriggerUrl('https://school.example/api/hooks/webhook')).toBe(false);
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

describe('sameTriggerUrl: the spellings n8n serves alike', () => {
	const url = `https://n8n.school.example/webhook/${ID}/webhook`;

	it('one key for the host and endpoint in any case and a default port; the webhook ID and the path after it exactly', () => {
		expect(isTriggerUrl(url)).toBe(true);
		for (const alike of [
			`https://N8N.School.example/webhook/${ID}/webhook`,
			`https://n8n.school.example:443/WEBHOOK/${ID}/webhook`,
		])
			expect(sameTriggerUrl(alike, url)).toBe(true);
		for (const other of [
			`https://n8n.school.example/webhook/${ID.toUpperCase()}/webhook`,
			`https://n8n.school.example/webhook/${ID}/WEBHOOK`,
			`https://n8n.school.example/webhook-test/${ID}/webhook`,
			`http://n8n.school.example/webhook/${ID}/webhook`,
		]) {
			expect(sameTriggerUrl(other, url)).toBe(false);
		}
	});

	// Issue 44 F4: the clean-up (sameTriggerUrl) once read these as the trigger's own URL, so it deleted or
	// adopted them, while Delete and Check Triggers (deliversTo) called them elsewhere. One rule now.
	it.each([
		['a dot segment', `https://n8n.school.example/x/../webhook/${ID}/webhook`],
		['an encoded dot segment', `https://n8n.school.example/x/%2e%2e/webhook/${ID}/webhook`],
		[
			'an encoded dot segment in upper case',
			`https://n8n.school.example/x/%2E%2E/webhook/${ID}/webhook`,
		],
	])(
		"%s is no trigger URL for any rule: not the same as the clean one, not this n8n's",
		(_, spelt) => {
			expect(new URL(spelt).href).toBe(url);
			expect(isTriggerUrl(spelt)).toBe(false);
			expect(sameTriggerUrl(spelt, url)).toBe(false);
			expect(deliversTo('https://n8n.school.example/', spelt)).toBe(false);
			expect(deliversTo('https://n8n.school.example/x/../', spelt)).toBe(false);
		},
	);

	it('compares any other URL by its text, and nothing that is not a string', () => {
		expect(
			sameTriggerUrl(
				'https://accounting.example/hooks/edu',
				'https://accounting.example/hooks/edu',
			),
		).toBe(true);
		expect(
			sameTriggerUrl(
				'https://ACCOUNTING.example/hooks/edu',
				'https://accounting.example/hooks/edu',
			),
		).toBe(false);
		expect(sameTriggerUrl(undefined, url)).toBe(false);
	});
});

describe('productionEndpoint: read from the URLs the triggers registered', () => {
	const address = 'https://n8n.example.com/';

	it('the endpoint n8n built them under (N8N_ENDPOINT_WEBHOOK renamed), the default without any, and none when they disagree', () => {
		expect(
			productionEndpoint(address, [
				`${address}hooks/${ID}/webhook`,
				`${address}Hooks/${ID}/webhook`,
				'https://other.example/x/y',
			]),
		).toBe('hooks');
		expect(productionEndpoint(address, [])).toBe('webhook');
		expect(productionEndpoint(address, [`https://other.example.com/hooks/${ID}/webhook`])).toBe(
			'webhook',
		);
		expect(
			productionEndpoint(address, [
				`${address}hooks/${ID}/webhook`,
				`${address}webhook/${ID}/webhook`,
			]),
		).toBeNull();
	});
});

describe('a numeric host the URL parser rewrites (0x7f.1 read as 127.0.0.1) is not this n8n', () => {
	it('compares such a host by its text', () => {
		expect(deliversTo('http://127.0.0.1:5678/', `http://0x7f.1:5678/webhook/${ID}/webhook`)).toBe(
			false,
		);
		expect(
			deliversTo('http://127.0.0.1:5678/', `http://127.0.0.1:5678/webhook/${ID}/webhook`),
		).toBe(true);
	});
});

// Inside n8n's engine the harness's n8n runs at TEST_INSTANCE_URL: Webhook Subscription → Get Many
// marks the records that deliver to the address read from the run.
const subscription = (id: string, url: string) => ({
	id,
	url,
	events: ['payment.failed'],
	description: null,
	enabled: true,
});

describe("the address of the harness's n8n", () => {
	it("marks in n8n only this n8n's trigger URL, not one crafted to read as under its address (review of issue 29)", async () => {
		nock(ORIGIN)
			.get('/v1/webhooks')
			.query(true)
			.reply(200, {
				data: [
					subscription('wh_ours1', `${TEST_INSTANCE_URL}/webhook/${ID}/webhook`),
					subscription('wh_crafted1', `${TEST_INSTANCE_URL}\\@evil.example/${ID}/webhook`),
					subscription('wh_hooks1', `${TEST_INSTANCE_URL}/api/hooks/webhook`),
				],
				meta: { current_page: 1, last_page: 1, per_page: 50, total: 3 },
			});
		const listed = await runEducationPlatform({
			resource: 'webhookSubscription',
			operation: 'getMany',
			returnAll: true,
		});
		expect(listed.error).toBeUndefined();
		expect(jsonOf(listed.items).map((item) => [item.id, item.delivers_to_this_n8n])).toEqual([
			['wh_ours1', true],
			['wh_crafted1', false],
			['wh_hooks1', false],
		]);
	});
});
