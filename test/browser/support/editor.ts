// n8n 2.41's editor as a user meets it, through the data-test-id attributes n8n's own Playwright
// page objects use (packages/testing/playwright/pages), role or text where n8n has no id.
import type { Locator, Page } from 'playwright-core';

import type { OwnerAccount } from '../../../tooling/lib/n8n-rest';
import { eventually } from '../../e2e/support/sandboxClient';

export class Editor {
	readonly nodeCreator: NodeCreator;
	readonly ndv: NodeDetails;
	readonly credentialModal: CredentialModal;
	readonly communityNodes: CommunityNodesSettings;

	constructor(readonly page: Page) {
		this.nodeCreator = new NodeCreator(page);
		this.ndv = new NodeDetails(page);
		this.credentialModal = new CredentialModal(page);
		this.communityNodes = new CommunityNodesSettings(page);
	}

	async signIn(owner: Pick<OwnerAccount, 'email' | 'password'>): Promise<void> {
		await this.page.goto('/signin');
		await this.page.getByTestId('emailOrLdapLoginId').locator('input').fill(owner.email);
		await this.page.getByTestId('password').locator('input').fill(owner.password);
		await this.page.getByTestId('form-submit-button').click();
		await this.page.waitForURL(/\/(home|workflows?)\b/);
	}

	/** A new, empty workflow; the node creator opens from its "Add first step" button. */
	async newWorkflow(): Promise<void> {
		await this.page.goto('/workflow/new');
		await this.page.getByTestId('canvas-add-button').waitFor();
	}

	/** A saved workflow, by its ID, once the canvas shows its nodes. */
	async openWorkflow(id: string): Promise<void> {
		await this.page.goto(`/workflow/${id}`);
		await this.page.getByTestId('canvas-node').first().waitFor();
	}

	/** The canvas's "Execute workflow" button (from the first trigger, where the workflow has several). */
	async executeWorkflow(): Promise<void> {
		await this.page.getByTestId('execute-workflow-button').click();
	}

	canvasNode(name: string): Locator {
		return this.page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	}

	canvasNodeNames(): Promise<string[]> {
		return this.page
			.getByTestId('canvas-node')
			.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-name') ?? ''));
	}

	/** The "+" of an input of a node on the canvas, e.g. an AI Agent's `ai_tool`. */
	inputPlus(nodeName: string, connectionType: string): Locator {
		return this.page.locator(
			`[data-test-id="canvas-node-input-handle"][data-connection-type="${connectionType}"][data-node-name="${nodeName}"] [data-test-id="canvas-handle-plus"]`,
		);
	}

	/** A toast (n8n's notifications), by its text. */
	toast(text: string | RegExp): Locator {
		return this.page.locator('.el-notification').filter({ hasText: text });
	}
}

/** Settings → Community Nodes, and its "Install community nodes" dialog. */
export class CommunityNodesSettings {
	constructor(private readonly page: Page) {}

	async open(): Promise<void> {
		await this.page.goto('/settings/community-nodes');
	}

	/** The install dialog's package name field, "I understand the risks" and Install (n8n 2.41's CommunityPackageInstallModal). */
	get installDialog(): Locator {
		return this.page
			.locator('.el-dialog')
			.filter({ has: this.page.getByTestId('package-name-input') });
	}

	/** Opens the install dialog from the empty page's "Install a community node", types the name, accepts the risks and installs. */
	async install(packageName: string): Promise<void> {
		await this.page.getByRole('button', { name: 'Install a community node' }).click();
		const dialog = this.installDialog;
		// The id sits on the native input or on its wrapper, depending on the design system's version.
		await dialog
			.getByTestId('package-name-input')
			.locator('xpath=descendant-or-self::input')
			.first()
			.fill(packageName);
		await dialog.getByTestId('user-agreement-checkbox').click();
		await dialog.getByTestId('install-community-package-button').click();
	}

	/** The card the page shows for an installed package. */
	card(packageName: string): Locator {
		return this.page.getByTestId('community-package-card').filter({ hasText: packageName });
	}
}

export class NodeCreator {
	constructor(private readonly page: Page) {}

	get root(): Locator {
		return this.page.getByTestId('node-creator');
	}

	/** Opens it on an empty canvas (the trigger view: "What triggers this workflow?"). */
	async openOnEmptyCanvas(): Promise<void> {
		await this.page.getByTestId('canvas-add-button').click();
		await this.root.waitFor();
	}

	async search(text: string): Promise<void> {
		await this.page.getByTestId('node-creator-search-bar').fill(text);
	}

	items(): Locator {
		return this.root.getByTestId('item-iterator-item');
	}

	item(name: string): Locator {
		return this.items().filter({
			has: this.page.getByTestId('node-creator-item-name').getByText(name, { exact: true }),
		});
	}

	/** Opens a node's list of actions and triggers. */
	async open(name: string): Promise<void> {
		await this.item(name).click();
		await this.root
			.getByText(/^(Actions|Triggers) \(\d+\)$/)
			.first()
			.waitFor();
	}

	/** The header of a section of an opened node: "Triggers (13)", "Actions (2)". */
	private sectionHeader(title: 'Actions' | 'Triggers'): Locator {
		return this.page
			.getByTestId('node-creator-category-item')
			.filter({ hasText: new RegExp(`^${title} \\(\\d+\\)`) });
	}

	/** A section of an opened node, expanded. */
	async section(title: 'Actions' | 'Triggers'): Promise<Locator> {
		const header = this.sectionHeader(title);
		const section = this.root.locator('[data-category-collapsed]').filter({ has: header });
		if ((await section.getAttribute('data-category-collapsed')) === 'true') await header.click();
		await this.root.locator('[data-category-collapsed="false"]').filter({ has: header }).waitFor();
		return section;
	}

	/**
	 * The names of a section's actions or triggers ("Get many students", "On payment failed"), once
	 * all of them are shown: n8n renders a long list a chunk per animation frame (its node creator's
	 * lazy render), so an early read misses the last ones. The header says how many there are.
	 */
	async actionNames(title: 'Actions' | 'Triggers'): Promise<string[]> {
		const section = await this.section(title);
		const total = Number(/\((\d+)\)/.exec(await this.sectionHeader(title).innerText())?.[1]);
		const names = section.getByTestId('item-iterator-item').getByTestId('node-creator-item-name');
		return eventually(`all ${total} ${title.toLowerCase()} in the panel`, async () => {
			const shown = await names.allInnerTexts();
			return shown.length >= total ? shown : undefined;
		});
	}

	async chooseAction(title: 'Actions' | 'Triggers', name: string): Promise<void> {
		const section = await this.section(title);
		await section.getByTestId('node-creator-item-name').getByText(name, { exact: true }).click();
	}

	/** Icons in the panel: [src, naturalWidth] (0 = did not load). */
	icons(scope: Locator = this.root): Promise<Array<{ src: string; width: number }>> {
		return scope.locator('img').evaluateAll((images) =>
			images.map((image) => ({
				src: image.getAttribute('src') ?? '',
				width: (image as unknown as { naturalWidth: number }).naturalWidth,
			})),
		);
	}
}

export class NodeDetails {
	constructor(private readonly page: Page) {}

	get root(): Locator {
		return this.page.getByTestId('ndv');
	}

	get parameters(): Locator {
		return this.root.getByTestId('node-parameters');
	}

	get output(): Locator {
		return this.page.getByTestId('output-panel');
	}

	/** A top-level parameter's item ("Filters", "Sort"…), by its label. */
	item(label: string): Locator {
		return this.parameters
			.getByTestId('parameter-item')
			.filter({ visible: true, hasText: new RegExp(`^${escapeRegExp(label)}`) })
			.first();
	}

	/** The item around a parameter's input (its label, options and the AI override). */
	itemOf(name: string): Locator {
		return this.parameters
			.getByTestId('parameter-item')
			.filter({ has: this.page.getByTestId(`parameter-input-${name}`) });
	}

	/**
	 * A parameter's input by name. Inside a collection n8n names the input by the field alone
	 * (`parameter-input-status`), so `within` names the collection's label.
	 */
	parameter(name: string, within?: string): Locator {
		return (within ? this.item(within) : this.root).getByTestId(`parameter-input-${name}`).first();
	}

	/** The labels of the parameters shown on the Parameters tab, in order (Credential included). */
	async labels(): Promise<string[]> {
		const items = this.parameters.getByTestId('parameter-item').filter({ visible: true });
		return (
			await items
				.locator('[data-test-id="input-label"], [data-test-id="credentials-label"]')
				.allInnerTexts()
		)
			.map((label) =>
				label
					.split('\n')[0]
					.replace(/\s*\*$/, '')
					.trim(),
			)
			.filter(Boolean);
	}

	value(name: string, within?: string): Promise<string> {
		return shownValue(this.parameter(name, within));
	}

	choose(name: string, option: string, within?: string): Promise<void> {
		return chooseOption(this.parameter(name, within), option);
	}

	async fill(name: string, value: string, within?: string): Promise<void> {
		await this.parameter(name, within).locator('input, textarea').first().fill(value);
	}

	get credentialSelect(): Locator {
		return this.root.getByTestId('node-credentials-select').getByRole('combobox');
	}

	async selectCredential(name: string): Promise<void> {
		await this.credentialSelect.click();
		await this.page
			.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}(\\s|$)`) })
			.click();
	}

	/**
	 * The step docs/trigger.md gives for a credential field that n8n 2.41 shows red after a switch of
	 * Registration: click it, and click again if the first click opened no list (n8n reloads the
	 * list on that click and closes it); then pick the credential.
	 */
	async pickCredentialAsDocumented(name: string): Promise<void> {
		const option = this.page.getByRole('option', {
			name: new RegExp(`^${escapeRegExp(name)}(\\s|$)`),
		});
		for (let click = 1; click <= 2; click++) {
			await this.credentialSelect.click();
			const listed = await option.waitFor({ timeout: 5_000 }).then(
				() => true,
				() => false,
			);
			if (listed) {
				await option.click();
				return;
			}
		}
		throw new Error(`the Credential field did not list "${name}" after two clicks`);
	}

	/**
	 * "Create new credential" in the node's credential picker; where no credential of the type
	 * exists yet, n8n shows a "Connect to <type>" button in its place.
	 */
	async createCredential(): Promise<void> {
		const connect = this.root.getByRole('button', { name: /^Connect to / });
		await this.credentialSelect.or(connect).first().waitFor();
		if (await connect.isVisible()) {
			await connect.click();
			return;
		}
		await this.credentialSelect.click();
		await this.page.getByTestId('node-credentials-select-item-new').click();
	}

	/** A resource locator's "From list": types into its search box (opening the list if needed). */
	async searchList(name: string, text: string, within?: string): Promise<void> {
		const locator = this.parameter(name, within);
		const search = locator.getByTestId('rlc-search');
		if (!(await search.isVisible())) await locator.getByTestId('rlc-input').click();
		await search.fill(text);
	}

	/** The names the open "From list" shows. */
	listedNames(name: string, within?: string): Promise<string[]> {
		return this.parameter(name, within).getByTestId('rlc-item').allInnerTexts();
	}

	async pickFromList(name: string, shown: string, within?: string): Promise<void> {
		await this.parameter(name, within)
			.getByTestId('rlc-item')
			.getByText(shown, { exact: true })
			.click();
	}

	/** "From list" or "By ID" of a resource locator. */
	async locatorMode(name: string, mode: string, within?: string): Promise<void> {
		await this.parameter(name, within).getByTestId('rlc-mode-selector').click();
		await this.page.getByRole('option', { name: mode, exact: true }).click();
	}

	async typeId(name: string, id: string, within?: string): Promise<void> {
		await this.parameter(name, within).getByTestId('rlc-input').fill(id);
	}

	/** The problems n8n shows under a parameter's warning icon (e.g. a failed validation). */
	async issues(name: string): Promise<string> {
		await this.itemOf(name).getByTestId('parameter-issues').hover();
		return visibleTooltip(this.page);
	}

	/** What a resource locator's box shows: the picked name ("From list") or the typed ID ("By ID"). */
	locatorValue(name: string, within?: string): Promise<string> {
		return this.parameter(name, within).getByTestId('rlc-input').inputValue();
	}

	/** A collection's "Add …" dropdown, then one of its options. */
	async addToCollection(collectionLabel: string, option: string): Promise<void> {
		await this.item(collectionLabel).getByTestId('collection-parameter-add').click();
		await this.page.getByRole('option', { name: option, exact: true }).click();
	}

	async execute(): Promise<void> {
		await this.root.getByTestId('node-execute-button').first().click();
	}

	/** "12 items" above the output, as a number. */
	async outputItemCount(): Promise<number> {
		const text = await this.output.getByTestId('ndv-items-count').innerText();
		const match = /(\d+)\s+items?/.exec(text);
		if (!match) throw new Error(`no item count in "${text}"`);
		return Number(match[1]);
	}

	/** The output table's column names, once n8n has drawn the table (the item count comes first). */
	async outputColumns(): Promise<string[]> {
		await this.output.getByRole('radio', { name: 'Table' }).click();
		const headers = this.output.getByTestId('ndv-data-container').locator('table thead th');
		await headers.first().waitFor();
		return (await headers.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
	}

	/** The output table's rows, each cell's text by its column's name. */
	async outputRows(): Promise<Array<Record<string, string>>> {
		const columns = await this.outputColumns();
		const rows = this.output.getByTestId('ndv-data-container').locator('table tbody tr');
		const cells = await rows.evaluateAll((trs) =>
			trs.map((tr) =>
				Array.from(tr.querySelectorAll(':scope > td')).map((td) =>
					(td as unknown as { innerText: string }).innerText.trim(),
				),
			),
		);
		return cells.map((row) =>
			Object.fromEntries(columns.map((column, index) => [column, row[index] ?? ''])),
		);
	}

	async close(): Promise<void> {
		await this.root.getByTestId('ndv-close-button').click();
		await this.root.waitFor({ state: 'hidden' });
	}
}

export class CredentialModal {
	constructor(private readonly page: Page) {}

	get root(): Locator {
		return this.page.getByTestId('credential-edit-dialog');
	}

	/** The dialog around the connection form, with its header (name, type, Save). */
	get dialog(): Locator {
		return this.page.locator('.el-dialog').filter({ has: this.root });
	}

	field(name: string): Locator {
		return this.root.getByTestId(`parameter-input-${name}`);
	}

	async labels(): Promise<string[]> {
		return (
			await this.root.locator('label.n8n-input-label').filter({ visible: true }).allInnerTexts()
		)
			.map((label) =>
				label
					.split('\n')[0]
					.replace(/\s*\*$/, '')
					.trim(),
			)
			.filter(Boolean);
	}

	/** Access Token / OAuth2: the node's authentication methods. */
	async chooseMethod(method: string): Promise<void> {
		await this.root.getByTestId('credential-mode-dropdown-trigger').click();
		await this.page.getByRole('menuitem', { name: method }).click();
	}

	async fill(name: string, value: string): Promise<void> {
		await this.field(name).locator('input, textarea').first().fill(value);
	}

	value(name: string): Promise<string> {
		return shownValue(this.field(name));
	}

	choose(name: string, option: string): Promise<void> {
		return chooseOption(this.field(name), option);
	}

	/** Sets a multiOptions field to exactly these options (matched against each option's text). */
	async chooseMany(name: string, wanted: RegExp[]): Promise<void> {
		await this.field(name).click();
		const options = this.page.getByRole('option').filter({ visible: true });
		await options.first().waitFor();
		for (const option of await options.all()) {
			const text = await option.innerText();
			const selected =
				(await option.getAttribute('aria-selected')) === 'true' ||
				/\bis-selected\b/.test((await option.getAttribute('class')) ?? '');
			if (wanted.some((pattern) => pattern.test(text)) !== selected) await option.click();
		}
		await this.page.keyboard.press('Escape');
	}

	/** "Connect my account" (OAuth2): n8n saves the credential, then opens the platform in a popup. */
	async connect(): Promise<void> {
		// n8n fetches a new credential's name after the dialog opens; saved without one it answers 400.
		await this.dialog.getByTestId('credential-name').waitFor();
		await this.root
			.getByTestId('quick-connect-button')
			.or(this.root.getByRole('button', { name: /Connect my account/i }))
			.first()
			.click();
	}

	async save(): Promise<void> {
		await this.dialog.getByTestId('credential-save-button').click();
	}

	/** The hint a field shows on hover of its label's info icon. */
	async tooltip(name: string): Promise<string> {
		const label = this.root.getByTestId(name).locator('label.n8n-input-label');
		await label.hover();
		await label.locator('[data-grace-area-trigger]').first().hover();
		return visibleTooltip(this.page);
	}

	async close(): Promise<void> {
		await this.dialog
			.locator('.el-dialog__close, [aria-label="Close this dialog"]')
			.first()
			.click();
		await this.root.waitFor({ state: 'hidden' });
	}
}

async function visibleTooltip(page: Page): Promise<string> {
	const tooltip = page
		.locator('[role="tooltip"], [data-reka-popper-content-wrapper]')
		.filter({ visible: true, hasText: /\S/ })
		.last();
	await tooltip.waitFor();
	return tooltip.innerText();
}

/** The shown text of an options, multiOptions or string input: its tags, or its input's value. */
async function shownValue(parameter: Locator): Promise<string> {
	const tags = await parameter
		.locator('.el-tag, .el-select__tags-text')
		.filter({ visible: true })
		.allInnerTexts();
	if (tags.length) return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))].join(', ');
	return parameter.locator('input').first().inputValue();
}

async function chooseOption(parameter: Locator, option: string): Promise<void> {
	await parameter.click();
	// An option's accessible name is its name followed by its description.
	await parameter
		.page()
		.getByRole('option', { name: new RegExp(`^${escapeRegExp(option)}(\\s|$)`) })
		.click();
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
