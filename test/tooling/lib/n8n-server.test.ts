import { isBrokerPortClash } from '../../../tooling/lib/n8n-server';

describe('isBrokerPortClash', () => {
	it("recognises n8n's start-up failure on a taken task broker port (as n8n 2.41 printed it in the queue suite)", () => {
		const output = [
			'Postgres 15 is not supported. n8n supports Postgres 17 and newer, with 16 on compatibility support. Upgrade to Postgres 17 or newer.',
			'Acquiring database migration lock...',
			"n8n Task Broker's port 39567 is already in use. Do you have another instance of n8n running already?",
		].join('\n');
		expect(isBrokerPortClash(output)).toBe(true);
	});

	it('does not take any other start-up failure for one', () => {
		expect(isBrokerPortClash('Error: listen EADDRINUSE: address already in use 127.0.0.1:5678')).toBe(false);
		expect(isBrokerPortClash('There was an error initializing DB')).toBe(false);
	});
});
