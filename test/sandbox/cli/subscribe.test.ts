import { createHmac } from 'node:crypto';

import { EVENT_TYPES } from '../../../sandbox/schemas/events';
import { UsageError } from '../../../sandbox/cli/usageError';
import { parseSubscribeArgs, subscribe } from '../../../sandbox/cli/subscribe';
import { apiClient } from '../webhooks/helpers/api';
import { sandboxAndReceiver } from './running';

// `npm run sandbox:subscribe -- --url <url>` against a running sandbox and a real receiver: the
// printed secret is the one the deliveries to that URL are signed with.
describe('sandbox:subscribe', () => {
	const running = sandboxAndReceiver();

	it('parses the URL and events with the same connection flags as --redeliver, and refuses the rest with the usage', () => {
		expect(
			parseSubscribeArgs(['--url', 'http://n8n.test/webhook-test/x'], { SANDBOX_PORT: '4999' }),
		).toEqual({
			url: 'http://n8n.test/webhook-test/x',
			events: [...EVENT_TYPES],
			baseUrl: 'http://127.0.0.1:4999',
			token: 'demo-token',
		});
		expect(
			parseSubscribeArgs([
				'--url=http://h/x',
				'--events',
				'payment.succeeded, payment.failed',
				'--base-url',
				'http://h:1/',
			]),
		).toMatchObject({ events: ['payment.succeeded', 'payment.failed'], baseUrl: 'http://h:1' });
		expect(() => parseSubscribeArgs([])).toThrow('Which URL? Give --url.');
		expect(() => parseSubscribeArgs(['--url', 'http://h/x', '--events', 'payment.paid'])).toThrow(
			'not payment.paid',
		);
		expect(() => parseSubscribeArgs(['--url', 'http://h/x', '--count', '2'])).toThrow(
			'--count does not go with sandbox:subscribe',
		);
		expect(() => parseSubscribeArgs(['--url'])).toThrow(UsageError);
	});

	it('prints a signing secret that verifies the deliveries to the URL, and refuses a second subscription for it', async () => {
		const url = `${running.receiver().url}/webhook-test/trigger`;
		const lines: string[] = [];
		await subscribe(
			{
				url,
				events: ['payment.succeeded'],
				baseUrl: running.sandbox().baseUrl,
				token: 'demo-token',
			},
			(line) => lines.push(line),
		);

		const secret = /^signing secret: (whsec_\S+)$/m.exec(lines.join('\n'))?.[1] as string;
		expect(secret).toBeDefined();
		await apiClient(running.sandbox().baseUrl)('POST', '/sandbox/events', {
			type: 'payment.succeeded',
		});
		const [delivery] = await running.receiver().waitFor(1);
		const signed = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`;
		const signature = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
			.update(signed)
			.digest('base64');
		expect(String(delivery.headers['webhook-signature']).split(' ')).toContain(`v1,${signature}`);

		const id = /^(wh_\S+)/.exec(lines[0])?.[1] as string;
		await expect(
			subscribe(
				{
					url,
					events: ['payment.failed'],
					baseUrl: running.sandbox().baseUrl,
					token: 'demo-token',
				},
				() => undefined,
			),
		).rejects.toThrow(`Subscription ${id} already sends to ${url}`);
	});
});
