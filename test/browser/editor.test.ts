// The package in n8n's editor, in a real browser: what a user sees in the nodes panel, the node
// and trigger panels, the credential dialogs and the AI Agent, and what running from the editor
// shows. One n8n (set up as `npm start` does) and one Chromium for the whole file; tests run in
// order but each starts from a new workflow. README pictures: readmeScreenshot (npm run screenshots).
import { triggerProperties } from '../../nodes/EducationPlatformTrigger/descriptions/triggerProperties';
import { ACTION_PANELS } from './actions';
import { readmeScreenshot } from './support/screenshots';
import { browserTest, current, startEditorSession, stopEditorSession, STEP_TIMEOUT_MS } from './support/session';
import { eventually } from '../e2e/support/sandboxClient';

const NODE = 'Education Platform';
const TRIGGER = 'Education Platform Trigger';
const TOKEN_CREDENTIAL = 'Education Platform sandbox (access token)';
const ICON_PATH = '/icons/n8n-nodes-education-platform/';
/** n8n lists one trigger per option of the trigger's Events parameter. */
const EVENT_OPTIONS = triggerProperties.find((property) => property.name === 'events')?.options ?? [];

beforeAll(async () => {
	await startEditorSession();
}, 15 * 60_000);

afterAll(async () => {
	await stopEditorSession();
}, 120_000);

/** A new workflow with the node added through the nodes panel, its panel open. */
async function addFromNodesPanel(section: 'Actions' | 'Triggers', name: string): Promise<void> {
	const { editor } = current();
	await editor.newWorkflow();
	await editor.nodeCreator.openOnEmptyCanvas();
	await editor.nodeCreator.search('Education');
	await editor.nodeCreator.open(NODE);
	await editor.nodeCreator.chooseAction(section, name);
	await editor.ndv.root.waitFor();
}

describe('the nodes panel', () => {
	browserTest('a search for "Education" lists the package, with its icon', async ({ editor }) => {
		await editor.newWorkflow();
		await editor.nodeCreator.openOnEmptyCanvas();
		await editor.nodeCreator.search('Education');
		const item = editor.nodeCreator.item(NODE);
		await item.waitFor();
		expect(await item.innerText()).toMatch(/enrollment, payment and exam-result events/);
		await eventually('the icon to load', async () => {
			const icons = await editor.nodeCreator.icons(item);
			return icons.some(({ src, width }) => src.includes(ICON_PATH) && width > 0) ? icons : undefined;
		});
	});

	browserTest('opening it lists a trigger per event and every action, each with the icon', async ({ editor }) => {
		await editor.nodeCreator.open(NODE);
		const triggers = await editor.nodeCreator.actionNames('Triggers');
		expect(triggers).toEqual(expect.arrayContaining(['On payment failed', 'On enrollment created', 'On exam result published', 'On all events']));
		expect(triggers).toHaveLength(EVENT_OPTIONS.length);
		expect(await editor.nodeCreator.actionNames('Actions')).toEqual(ACTION_PANELS.map((panel) => panel.action));
		const icons = await editor.nodeCreator.icons();
		expect(icons.length).toBeGreaterThan(triggers.length);
		expect(icons.filter(({ src, width }) => !src.includes(ICON_PATH) || width === 0)).toEqual([]);
		const actions = await editor.nodeCreator.section('Actions');
		await actions.getByTestId('item-iterator-item').last().scrollIntoViewIfNeeded();
		await readmeScreenshot(editor.page, 'nodes-panel.png');
	});
});

describe('the Education Platform node', () => {
	for (const panel of ACTION_PANELS) {
		browserTest(`${panel.action}: the panel shows ${panel.parameters.join(', ')}`, async ({ editor }) => {
			await addFromNodesPanel('Actions', panel.action);
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			await eventually('the parameters', async () => {
				const labels = await editor.ndv.labels();
				return labels.join('|') === panel.parameters.join('|') ? labels : undefined;
			}, STEP_TIMEOUT_MS).catch(async () => expect(await editor.ndv.labels()).toEqual(panel.parameters));
			expect(await editor.ndv.value('resource')).toBe(panel.resource);
			expect(await editor.ndv.value('operation')).toBe(panel.operation);
		});
	}

	browserTest('Get Many: Filters, Additional Filters, Sort and Options offer their fields', async ({ editor, page }) => {
		// Continues in the Get Many panel of the previous test.
		await editor.ndv.addToCollection('Filters', 'Status');
		await editor.ndv.choose('status', 'Active', 'Filters');
		await page.keyboard.press('Escape');
		await editor.ndv.addToCollection('Filters', 'Grade Levels');
		await editor.ndv.choose('gradeLevel', 'Grade 9', 'Filters');
		await page.keyboard.press('Escape');
		expect(await editor.ndv.value('status', 'Filters')).toBe('Active');
		expect(await editor.ndv.value('gradeLevel', 'Filters')).toBe('Grade 9');

		await editor.ndv.parameters.getByRole('button', { name: 'Add Additional Filter' }).click();
		await editor.ndv.fill('name', 'enrolled_after', 'Additional Filters');
		await editor.ndv.fill('value', '2020-01-01', 'Additional Filters');

		await editor.ndv.parameters.getByRole('button', { name: 'Add Sort Rule' }).click();
		expect(await editor.ndv.value('field', 'Sort')).toBe('Last Name');
		expect(await editor.ndv.value('direction', 'Sort')).toBe('Ascending');

		await editor.ndv.addToCollection('Options', 'Page Size');
		expect(await editor.ndv.value('pageSize', 'Options')).toBe('100');
	});

	browserTest('Get Many: executing from the editor shows the students the platform has, and Simplify changes the columns', async ({ editor, n8n }) => {
		const expected = await n8n.platform.students({ 'filter[status]': 'active', 'filter[grade_level]': '9', 'filter[enrolled_after]': '2020-01-01', sort: 'last_name' });
		const limit = Math.min(expected.length, 7);
		expect(limit).toBeGreaterThan(0);
		await editor.ndv.fill('limit', String(limit));
		await editor.ndv.execute();
		await eventually('the output', async () => ((await editor.ndv.output.getByTestId('ndv-items-count').count()) ? true : undefined), STEP_TIMEOUT_MS);
		expect(await editor.ndv.outputItemCount()).toBe(limit);
		const fullColumns = await editor.ndv.outputColumns();
		expect(fullColumns).toEqual(expect.arrayContaining(['id', 'student_number', 'first_name', 'last_name', 'guardians']));
		const firstId = await editor.ndv.output.getByTestId('ndv-data-container').locator('table tbody tr').first().locator('td').first().innerText();
		expect(firstId.trim()).toBe(String(expected[0].id));
		await readmeScreenshot(editor.page, 'get-many.png');

		await editor.ndv.addToCollection('Options', 'Simplify');
		await editor.ndv.parameter('simplify', 'Options').locator('.el-switch').click();
		await editor.ndv.execute();
		const simplified = await eventually('the simplified columns', async () => {
			const columns = await editor.ndv.outputColumns();
			return columns.includes('primary_guardian_name') ? columns : undefined;
		}, STEP_TIMEOUT_MS);
		expect(simplified).not.toContain('guardians');
		expect(simplified).toEqual(expect.arrayContaining(['id', 'name', 'primary_guardian_email']));
		expect(await editor.ndv.outputItemCount()).toBe(limit);
		await readmeScreenshot(editor.page, 'execution-output.png');
		await editor.ndv.close();
	});
});

describe('the Education Platform Trigger', () => {
	browserTest('the panel shows the Webhook URLs, the events and both registration modes', async ({ editor, n8n }) => {
		await addFromNodesPanel('Triggers', 'On payment failed');
		const { ndv, page } = editor;
		expect(await ndv.value('events')).toBe('Payment Failed');

		await ndv.parameters.getByText('Webhook URLs').click();
		await ndv.parameters.getByTestId('radio-button-test').waitFor();
		await eventually('the test URL', async () => ((await ndv.parameters.innerText()).includes(`${n8n.server.url}/webhook-test/`) ? true : undefined));
		expect(await ndv.parameters.innerText()).toMatch(new RegExp(`${n8n.server.url}/webhook-test/[0-9a-f-]{36}/webhook`));
		await ndv.parameters.getByTestId('radio-button-production').click();
		await eventually('the production URL', async () => (/\/webhook\/[0-9a-f-]{36}\/webhook/.test(await ndv.parameters.innerText()) ? true : undefined));
		expect(await ndv.parameters.innerText()).toContain(`${n8n.webhookBase}webhook/`);

		await ndv.parameter('registration').waitFor();
		expect(await ndv.value('registration')).toBe('Automatic');
		await ndv.parameter('registration').click();
		const modes = await page.getByRole('option').allInnerTexts();
		expect(modes.map((mode) => mode.split('\n')[0])).toEqual(['Automatic', 'Manual']);
		await page.keyboard.press('Escape');
		await readmeScreenshot(page, 'trigger-panel.png');
	});

	browserTest('the canvas subtitle shows the selected events', async ({ editor, page }) => {
		await editor.ndv.choose('events', 'Enrollment Created');
		await page.keyboard.press('Escape');
		await editor.ndv.close();
		await editor.canvasNode(TRIGGER).getByText('payment.failed, enrollment.created').waitFor();
	});

	browserTest('"Listen for test event", then an event on the platform, shows the event in the editor', async ({ editor, n8n }) => {
		await editor.canvasNode(TRIGGER).dblclick();
		await editor.ndv.root.waitFor();
		await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
		await editor.ndv.execute();
		await editor.ndv.root.getByText('Listening for test event').first().waitFor();
		// The trigger registers the test URL with the platform before n8n listens.
		const subscription = await eventually('the test subscription', async () =>
			(await n8n.platform.subscriptions()).find((found) => found.url.includes('/webhook-test/')),
		STEP_TIMEOUT_MS);
		expect([...subscription.events].sort()).toEqual(['enrollment.created', 'payment.failed']);

		const event = await n8n.platform.emit('payment.failed');
		await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
		expect(await editor.ndv.outputItemCount()).toBe(1);
		await editor.ndv.output.getByText(event.id).first().waitFor();
		await editor.ndv.close();
	});
});

describe('the credential dialogs', () => {
	browserTest("Access Token: the fields and hints render; a bad token shows the node's advice, a good one n8n's success", async ({ editor, n8n, page }) => {
		await addFromNodesPanel('Actions', 'Get many students');
		await editor.ndv.createCredential();
		const modal = editor.credentialModal;
		await modal.root.waitFor();
		await modal.chooseMethod('Access Token');
		expect(await modal.labels()).toEqual(expect.arrayContaining(['Base URL', 'Access Token']));
		expect(await modal.field('baseUrl').locator('input').getAttribute('placeholder')).toBe('https://school.example.com');
		expect(await modal.tooltip('accessToken')).toMatch(/Settings → API tokens/);

		await modal.fill('baseUrl', n8n.sandbox.baseUrl);
		await modal.fill('accessToken', 'not-a-valid-token');
		await modal.save();
		await modal.root.getByText('Couldn’t connect with these settings').waitFor();
		await modal.root.getByText('More details').click();
		await modal.root.getByText(/did not accept the access token/).waitFor();
		await readmeScreenshot(page, 'credential-bad-token.png');

		await modal.fill('accessToken', n8n.sandbox.config.demoToken);
		await modal.save();
		// n8n closes the dialog once the connection test passes, and the node uses the credential.
		await modal.root.waitFor({ state: 'hidden' });
		const name = await editor.ndv.credentialSelect.inputValue();
		expect(name).toMatch(/^Education Platform account/);
		await editor.ndv.root.getByTestId('credential-edit-button').click();
		await modal.root.getByTestId('credentials-config-container-test-success').waitFor();
		expect(await modal.root.getByTestId('credentials-config-container-test-success').innerText()).toMatch(/Connection tested successfully/);
		await modal.close();
	});

	browserTest('OAuth2: the fields and hints render, with the redirect URL to register', async ({ editor, n8n }) => {
		await addFromNodesPanel('Actions', 'Get many students');
		await editor.ndv.createCredential();
		const modal = editor.credentialModal;
		await modal.root.waitFor();
		await modal.chooseMethod('OAuth2');
		expect(await modal.labels()).toEqual(
			expect.arrayContaining(['OAuth Redirect URL', 'Grant Type', 'Client ID', 'Client Secret', 'Base URL', 'Scopes', 'Authorization URL Override', 'Access Token URL Override']),
		);
		expect(await modal.root.innerText()).toContain(`${n8n.server.url}/rest/oauth2-credential/callback`);
		expect(await modal.value('grantType')).toBe('Authorization Code (with PKCE)');
		expect(await modal.value('platformScopes')).toBe('Read Students (students:read), Manage Webhooks (webhooks:write)');
		expect(await modal.tooltip('clientSecret')).toMatch(/leave empty if the OAuth client is public/);
		await modal.choose('grantType', 'Client Credentials');
		await modal.field('authUrlOverride').waitFor({ state: 'hidden' });
		await modal.close();
	});
});

describe('OAuth2 Authorization Code with PKCE, connected in the editor through the platform\'s consent page', () => {
	const SCOPES = ['students:read', 'webhooks:write'];

	for (const { client, clientId, clientSecret } of [
		{ client: 'the confidential demo client', clientId: () => current().n8n.sandbox.config.oauthClientId, clientSecret: () => current().n8n.sandbox.config.oauthClientSecret },
	]) {
		browserTest(`${client}: Connect opens the consent page, Approve stores a token, and the node lists students with it`, async ({ editor, n8n, context }) => {
			await addFromNodesPanel('Actions', 'Get many students');
			await editor.ndv.createCredential();
			const modal = editor.credentialModal;
			await modal.root.waitFor();
			await modal.chooseMethod('OAuth2');
			await modal.fill('baseUrl', n8n.sandbox.baseUrl);
			await modal.fill('clientId', clientId());
			if (clientSecret()) await modal.fill('clientSecret', clientSecret());

			const saved = editor.page.waitForResponse((response) => /\/rest\/credentials$/.test(response.url()) && response.request().method() === 'POST');
			const opened = context.waitForEvent('page');
			await modal.connect();
			const credentialId = ((await (await saved).json()) as { data: { id: string } }).data.id;
			const popup = await opened;
			await popup.getByRole('button', { name: 'Approve' }).waitFor();

			const authorization = new URL(popup.url());
			expect(`${authorization.origin}${authorization.pathname}`).toBe(`${n8n.sandbox.baseUrl}/oauth/authorize`);
			expect(Object.fromEntries(authorization.searchParams)).toEqual(
				expect.objectContaining({
					response_type: 'code',
					client_id: clientId(),
					redirect_uri: `${n8n.server.url}/rest/oauth2-credential/callback`,
					scope: SCOPES.join(' '),
					code_challenge_method: 'S256',
					code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
					state: expect.any(String),
				}),
			);
			expect(await popup.locator('small').allInnerTexts()).toEqual(SCOPES.map((scope) => `(${scope})`));
			expect(await popup.locator('code').allInnerTexts()).toContain(clientId());

			const callback = popup.waitForRequest((request) => request.url().startsWith(`${n8n.server.url}/rest/oauth2-credential/callback`));
			await popup.getByRole('button', { name: 'Approve' }).click();
			const callbackUrl = new URL((await callback).url());
			expect(callbackUrl.searchParams.get('code')).toBeTruthy();
			expect(callbackUrl.searchParams.get('state')).toBe(authorization.searchParams.get('state'));
			// n8n closes the dialog once the account is connected, and the node uses the credential.
			await modal.root.waitFor({ state: 'hidden' });

			// A user's grant (`user:…`) for this client with the scopes, not a client-credentials one.
			const { data } = await n8n.cli.exportCredential(credentialId);
			const token = data.oauthTokenData as Record<string, unknown>;
			expect(token).toEqual(expect.objectContaining({ token_type: 'Bearer', scope: SCOPES.join(' '), refresh_token: expect.any(String) }));
			expect(n8n.sandbox.state.tokens.resolve(String(token.access_token))).toEqual({
				status: 'ok',
				grant: expect.objectContaining({ kind: 'oauth', clientId: clientId(), scopes: SCOPES, rateKey: `user:demo-user:client:${clientId()}` }),
			});

			const expected = await n8n.platform.students({});
			await editor.ndv.fill('limit', '5');
			await editor.ndv.execute();
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			expect(await editor.ndv.outputItemCount()).toBe(5);
			const firstId = await editor.ndv.output.getByTestId('ndv-data-container').locator('table tbody tr').first().locator('td').first().innerText();
			expect(firstId.trim()).toBe(String(expected[0].id));
		});
	}
});

describe('the AI Agent', () => {
	browserTest('offers the node as a tool whose parameters the model can fill in', async ({ editor, page }) => {
		await editor.newWorkflow();
		await editor.nodeCreator.openOnEmptyCanvas();
		await editor.nodeCreator.search('AI Agent');
		await editor.nodeCreator.item('AI Agent').click();
		await editor.canvasNode('AI Agent').waitFor();
		if (await editor.ndv.root.isVisible()) await editor.ndv.close();
		await page.keyboard.press('Escape');

		await editor.inputPlus('AI Agent', 'ai_tool').click();
		await editor.nodeCreator.search('Education');
		const tool = editor.nodeCreator.item(`${NODE} Tool`);
		expect(await tool.innerText()).toContain('Read students from your education platform');
		await tool.click();
		await editor.ndv.root.waitFor();
		expect(await editor.ndv.labels()).toEqual(expect.arrayContaining(['Tool Description', 'Resource', 'Operation', 'Limit', 'Filters', 'Sort', 'Options']));

		const limit = editor.ndv.itemOf('limit');
		await limit.hover();
		await limit.getByTestId('from-ai-override-button').click();
		await editor.ndv.item('Limit').getByText(/Defined automatically by the\s*model/).first().waitFor();
		await readmeScreenshot(page, 'ai-agent-tool.png');
		await editor.ndv.close();
		expect(await editor.canvasNodeNames()).toEqual(expect.arrayContaining(['AI Agent', expect.stringMatching(/Education Platform/)]));
	});
});

describe('the browser console', () => {
	browserTest('shows no error and no failed request that comes from this package', async ({ problems }) => {
		expect(problems.unexcused()).toEqual([]);
	});
});
