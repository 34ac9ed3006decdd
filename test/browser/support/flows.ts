// What a user does with the package in n8n's editor, step by step, whichever n8n runs behind it:
// the one-process suite (editor.test.ts) and manual runs on queue-mode workers
// (queue-manual-runs.test.ts) walk the same steps.
import type { RunningSandbox } from '../../../sandbox/index';
import { parseSubscribeArgs, subscribe } from '../../../sandbox/cli/subscribe';
import { sandboxCommand } from '../../../tooling/start-summary';
import {
	eventually,
	type PlatformEvent,
	type SandboxClient,
} from '../../e2e/support/sandboxClient';
import { STEP_TIMEOUT_MS } from './browser';
import type { Editor, NodeDetails } from './editor';

/** The package's node as the nodes panel names it. */
export const NODE = 'Education Platform';
/** The demo credentials' names (tooling/lib/demo-credentials.ts). */
export const TOKEN_CREDENTIAL = 'Education Platform sandbox (access token)';
export const OAUTH2_CREDENTIAL = 'Education Platform sandbox (OAuth2)';

/** A new workflow with the node added through the nodes panel, its panel open. */
export async function addFromNodesPanel(
	editor: Editor,
	section: 'Actions' | 'Triggers',
	name: string,
): Promise<void> {
	await editor.newWorkflow();
	await editor.nodeCreator.openOnEmptyCanvas();
	await editor.nodeCreator.search('Education');
	await editor.nodeCreator.open(NODE);
	await editor.nodeCreator.chooseAction(section, name);
	await editor.ndv.root.waitFor();
}

/** The first cell of the output table's first row (the record's `id`). */
export async function firstOutputId(ndv: NodeDetails): Promise<string> {
	const cell = ndv.output
		.getByTestId('ndv-data-container')
		.locator('table tbody tr')
		.first()
		.locator('td')
		.first();
	return (await cell.innerText()).trim();
}

/** Execute step, and the item count over its output once n8n shows one. */
export async function executeStep(ndv: NodeDetails): Promise<number> {
	await ndv.execute();
	await ndv.output.getByTestId('ndv-items-count').waitFor();
	return await ndv.outputItemCount();
}

/** The trigger's Webhook URLs → Test URL, as its panel shows it (under `n8nUrl`). */
export async function shownTestUrl(ndv: NodeDetails, n8nUrl: string): Promise<string> {
	await ndv.parameters.getByText('Webhook URLs', { exact: true }).click();
	await ndv.parameters.getByTestId('radio-button-test').click();
	const pattern = new RegExp(`${n8nUrl}/webhook-test/[0-9a-f-]{36}/webhook`);
	return await eventually(
		'the test URL',
		async () => pattern.exec(await ndv.parameters.innerText())?.[0],
		STEP_TIMEOUT_MS,
	);
}

/**
 * What Registration Manual's notice asks: a subscription to the Test URL, made with the command npm
 * start's summary names (its arguments after "--", the URL filled in) for `events`. Returns the
 * signing secret it printed.
 */
export async function subscribeWithSandboxCommand(
	sandbox: RunningSandbox,
	testUrl: string,
	events: string,
): Promise<string> {
	const args = sandboxCommand(4010, 'sandbox:subscribe', `--url ${testUrl}`)
		.split(' -- ')[1]
		.split(' ');
	const printed: string[] = [];
	const connection = ['--base-url', sandbox.baseUrl, '--token', sandbox.config.demoToken];
	await subscribe(parseSubscribeArgs([...args, '--events', events, ...connection]), (line) =>
		printed.push(line),
	);
	const secret = /^signing secret: (whsec_\S+)$/m.exec(printed.join('\n'))?.[1];
	expect(secret).toBeDefined();
	return secret!;
}

/** A new signing-secret credential made from the trigger's Credential field; the name n8n gave it. */
export async function newSigningSecretCredential(editor: Editor, secret: string): Promise<string> {
	await editor.ndv.createCredential();
	await editor.credentialModal.root.waitFor();
	await editor.credentialModal.fill('signingSecret', secret);
	await editor.credentialModal.save();
	await editor.credentialModal.root.waitFor({ state: 'hidden' });
	return await editor.ndv.credentialSelect.inputValue();
}

/** Execute step on a trigger, until n8n shows it listens: it has run the trigger's registration step by then. */
export async function listen(ndv: NodeDetails): Promise<void> {
	await ndv.execute();
	await ndv.root.getByText('Listening for test event').first().waitFor();
}

/** An event made on the platform, once the listening trigger's output shows it as its one item. */
export async function emitAndSee(
	ndv: NodeDetails,
	platform: SandboxClient,
	type: string,
): Promise<PlatformEvent> {
	const event = await platform.emit(type);
	await ndv.output.getByTestId('ndv-items-count').waitFor();
	expect(await ndv.outputItemCount()).toBe(1);
	await ndv.output.getByText(event.id).first().waitFor();
	return event;
}
