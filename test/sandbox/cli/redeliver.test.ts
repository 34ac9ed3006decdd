import { UsageError } from '../../../sandbox/cli/usageError';
import { parseRedeliverArgs, redeliver } from '../../../sandbox/cli/redeliver';
import { apiClient } from '../webhooks/helpers/api';
import { sandboxAndReceiver } from './running';

// `npm run sandbox:emit -- --redeliver evt_…` against a running sandbox and a real receiver.
describe('sandbox:emit --redeliver', () => {
	const running = sandboxAndReceiver();

	it('parses an event or delivery id, and refuses anything else with the usage', () => {
		expect(parseRedeliverArgs(['--redeliver', 'evt_1'], { SANDBOX_PORT: '4999' })).toEqual({
			id: 'evt_1',
			baseUrl: 'http://127.0.0.1:4999',
			token: 'demo-token',
		});
		expect(
			parseRedeliverArgs(['--redeliver=dlv_2', '--token', 't', '--base-url', 'http://h:1/'])
				.baseUrl,
		).toBe('http://h:1');
		expect(() => parseRedeliverArgs(['--redeliver', 'wh_1'])).toThrow(UsageError);
		expect(() => parseRedeliverArgs(['--redeliver', 'evt_1', '--count', '2'])).toThrow(
			'--count does not go with --redeliver',
		);
	});

	it('sends the event again to the subscription that received it, with the same webhook-id', async () => {
		const api = apiClient(running.sandbox().baseUrl);
		const subscription = (
			await api('POST', '/v1/webhooks', {
				url: running.receiver().url,
				events: ['payment.succeeded'],
			})
		).body.data;
		const [{ event }] = (await api('POST', '/sandbox/events', { type: 'payment.succeeded' })).body
			.data;
		await running.receiver().waitFor(1);

		const lines: string[] = [];
		await redeliver(
			{ id: event.id, baseUrl: running.sandbox().baseUrl, token: 'demo-token' },
			(line) => lines.push(line),
		);

		const [first, again] = await running.receiver().waitFor(2);
		expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
		expect(again.body).toBe(first.body);
		expect(lines).toEqual([
			expect.stringMatching(
				new RegExp(
					`^${event.id}  payment.succeeded  redelivered as dlv_\\S+ \\(of dlv_\\S+\\) → ${subscription.id} `,
				),
			),
		]);
		await expect(
			redeliver(
				{ id: 'evt_nowhere', baseUrl: running.sandbox().baseUrl, token: 'demo-token' },
				() => undefined,
			),
		).rejects.toThrow("No subscription's delivery log");
	});
});
