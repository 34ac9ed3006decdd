// A running sandbox and a real webhook receiver for the tests of the webhook commands, started
// before the describe block's tests and closed after them.
import { startSandbox, type RunningSandbox } from '../../../sandbox';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';

export function sandboxAndReceiver(): { sandbox: () => RunningSandbox; receiver: () => Receiver } {
	let sandbox: RunningSandbox;
	let receiver: Receiver;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, students: 20 });
		receiver = await startReceiver();
	});
	afterAll(async () => {
		await receiver.close();
		await sandbox.close();
	});
	return { sandbox: () => sandbox, receiver: () => receiver };
}
