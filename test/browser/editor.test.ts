// The package in n8n's editor, in a real browser: installing it through Settings → Community Nodes,
// what a user then sees in the nodes panel, the node and trigger panels, the credential dialogs and
// the AI Agent, and what running from the editor shows. One n8n (set up as `npm start` does, but
// without the package) and one Chromium for the whole file; the first test installs the package and
// every later one uses it; each starts from a new workflow. README pictures: readmeScreenshot
// (npm run screenshots).
import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { OPERATIONS } from '../../nodes/EducationPlatform/actions/operations';
import { toolDescription } from '../../nodes/EducationPlatform/actions/helpers/toolDescription';
import { triggerProperties } from '../../nodes/EducationPlatformTrigger/description';
import { RESOURCES } from '../../nodes/shared/resources/registry';
import { defaultScopes, scopeOptions } from '../../nodes/shared/scopes';
import { ACTION_PANELS, RESOURCE_RUNS } from './actions';
import { readmeScreenshot } from './support/screenshots';
import type { CredentialModal } from './support/editor';
import { settlesTo } from './support/browser';
import * as flows from './support/flows';
import {
	emitAndSee,
	listen,
	newSigningSecretCredential,
	NODE,
	OAUTH2_CREDENTIAL,
	shownTestUrl,
	subscribeWithSandboxCommand,
	TOKEN_CREDENTIAL,
} from './support/flows';
import { browserTest, current, STEP_TIMEOUT_MS, useEditorSession } from './support/session';
import { eventually } from '../e2e/support/sandboxClient';
import { PUBLIC_CLIENT_ID } from '../../sandbox/auth/oauthStore';
import { paymentName } from '../../nodes/shared/resources/payment/simplify';

/** What the editor says of a student number typed as a student ID (shared/resources/student/picker.ts). */
const STUDENT_ID_HINT =
	'A student ID is a whole number, e.g. 1042, not the student number (S-…): pick the student From List, or find the ID with Get many students';

const TRIGGER = 'Education Platform Trigger';
const POLLING_TRIGGER = 'Education Platform Polling Trigger';
/** The nodes panel drops " Trigger" from a trigger node's name. */
const POLLING_TRIGGER_ITEM = 'Education Platform Polling';
/** The signing-secret credential the first Manual registration test makes, which the next one picks. */
let signingCredential = '';
const ICON_PATH = '/icons/n8n-nodes-education-platform/';
/** n8n lists one trigger per option of the trigger's Events parameter. */
const EVENT_OPTIONS =
	triggerProperties.find((property) => property.name === 'events')?.options ?? [];

useEditorSession();

/** A new workflow with the node added through the nodes panel, its panel open. */
const addFromNodesPanel = (section: 'Actions' | 'Triggers', name: string) =>
	flows.addFromNodesPanel(current().editor, section, name);

/** A new workflow with `action`'s node, and n8n's new-credential dialog open on `method`. */
async function newCredentialFor(
	action: string,
	method: 'Access Token' | 'OAuth2',
): Promise<CredentialModal> {
	await addFromNodesPanel('Actions', action);
	const { editor } = current();
	await editor.ndv.createCredential();
	await editor.credentialModal.root.waitFor();
	await editor.credentialModal.chooseMethod(method);
	return editor.credentialModal;
}

/** The first cell of the output table's first row (the record's `id`). */
const firstOutputId = () => flows.firstOutputId(current().editor.ndv);

/** How the Student picker names a student: "First Last (S-2024-001042)", preferred name first. */
function pickerName(student: Record<string, unknown>): string {
	return `${String(student.preferred_name || student.first_name)} ${String(student.last_name)} (${String(student.student_number)})`;
}

describe('Settings → Community Nodes', () => {
	browserTest(
		'installing the package by name (risks accepted) shows "Package installed" and its card, with no restart',
		async ({ editor, packed, n8n }) => {
			await editor.communityNodes.open();
			const installed = editor.page.waitForResponse(
				(response) =>
					/\/rest\/community-packages$/.test(response.url()) &&
					response.request().method() === 'POST',
				{ timeout: 4 * STEP_TIMEOUT_MS },
			);
			await editor.communityNodes.install(packed.name);
			expect((await installed).status()).toBe(200);
			await editor.toast('Package installed').waitFor();
			const card = editor.communityNodes.card(packed.name);
			await card.waitFor();
			expect(await card.innerText()).toContain(packed.version);
			expect(
				(await n8n.rest.communityPackages()).map((p) => [p.packageName, p.installedVersion]),
			).toEqual([[packed.name, packed.version]]);
		},
	);
});

describe('the nodes panel', () => {
	browserTest('a search for "Education" lists the package, with its icon', async ({ editor }) => {
		await editor.newWorkflow();
		await editor.nodeCreator.openOnEmptyCanvas();
		await editor.nodeCreator.search('Education');
		const item = editor.nodeCreator.item(NODE);
		await item.waitFor();
		expect(await item.innerText()).toMatch(/enrollment, payment and exam result events/);
		await eventually('the icon to load', async () => {
			const icons = await editor.nodeCreator.icons(item);
			return icons.some(({ src, width }) => src.includes(ICON_PATH) && width > 0)
				? icons
				: undefined;
		});
	});

	browserTest(
		'opening it lists a trigger per event and every action, each with the icon',
		async ({ editor }) => {
			await editor.nodeCreator.open(NODE);
			const triggers = await editor.nodeCreator.actionNames('Triggers');
			expect(triggers).toEqual(
				expect.arrayContaining([
					'On payment failed',
					'On enrollment created',
					'On exam result published',
					'On all events',
				]),
			);
			expect(triggers).toHaveLength(EVENT_OPTIONS.length);
			expect(await editor.nodeCreator.actionNames('Actions')).toEqual(
				ACTION_PANELS.map((panel) => panel.action),
			);
			const icons = await editor.nodeCreator.icons();
			expect(icons.length).toBeGreaterThan(triggers.length);
			expect(icons.filter(({ src, width }) => !src.includes(ICON_PATH) || width === 0)).toEqual([]);
			const actions = await editor.nodeCreator.section('Actions');
			await actions.getByTestId('item-iterator-item').last().scrollIntoViewIfNeeded();
			await readmeScreenshot(editor.page, 'nodes-panel.png');
		},
	);
});

describe('the Education Platform node', () => {
	for (const panel of ACTION_PANELS) {
		browserTest(
			`${panel.action}: the panel shows ${panel.parameters.join(', ')}`,
			async ({ editor }) => {
				await addFromNodesPanel('Actions', panel.action);
				await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
				await settlesTo('the parameters', () => editor.ndv.labels(), panel.parameters);
				expect(await editor.ndv.value('resource')).toBe(panel.resource);
				expect(await editor.ndv.value('operation')).toBe(panel.operation);
			},
		);
	}

	browserTest(
		'Get many students: Filters (Other Filters among them), Options and Sort offer their fields',
		async ({ editor, page }) => {
			await addFromNodesPanel('Actions', 'Get many students');
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			await editor.ndv.addToCollection('Filters', 'Status');
			await editor.ndv.choose('status', 'Active', 'Filters');
			await page.keyboard.press('Escape');
			await editor.ndv.addToCollection('Filters', 'Grade Levels');
			await editor.ndv.choose('gradeLevel', 'Grade 9', 'Filters');
			await page.keyboard.press('Escape');
			expect(await editor.ndv.value('status', 'Filters')).toBe('Active');
			expect(await editor.ndv.value('gradeLevel', 'Filters')).toBe('Grade 9');

			// A filter the list does not offer, by the platform's name, inside Filters.
			await editor.ndv.addToCollection('Filters', 'Other Filters');
			await editor.ndv.item('Filters').getByRole('button', { name: 'Add Other Filter' }).click();
			await editor.ndv.fill('name', 'enrolled_after', 'Filters');
			await editor.ndv.fill('value', '2020-01-01', 'Filters');

			await editor.ndv.parameters.getByRole('button', { name: 'Add Sort Rule' }).click();
			expect(await editor.ndv.value('field', 'Sort')).toBe('Last Name');
			expect(await editor.ndv.value('direction', 'Sort')).toBe('Ascending');

			await editor.ndv.addToCollection('Options', 'Page Size');
			expect(await editor.ndv.value('pageSize', 'Options')).toBe('100');
			// Sort below Options, Simplify above Filters (n8n's UX guidelines).
			expect(await editor.ndv.labels()).toEqual(
				expect.arrayContaining(['Limit', 'Simplify', 'Filters']),
			);
			const labels = await editor.ndv.labels();
			expect(labels.indexOf('Simplify')).toBeLessThan(labels.indexOf('Filters'));
			expect(labels.indexOf('Options')).toBeLessThan(labels.indexOf('Sort'));
		},
	);

	browserTest(
		'Get Many: executing from the editor shows the students the platform has, simplified; Simplify off shows whole records',
		async ({ editor, n8n }) => {
			const expected = await n8n.platform.students({
				'filter[status]': 'active',
				'filter[grade_level]': '9',
				'filter[enrolled_after]': '2020-01-01',
				sort: 'last_name',
			});
			const limit = Math.min(expected.length, 7);
			expect(limit).toBeGreaterThan(0);
			await editor.ndv.fill('limit', String(limit));
			await editor.ndv.execute();
			await eventually(
				'the output',
				async () =>
					(await editor.ndv.output.getByTestId('ndv-items-count').count()) ? true : undefined,
				STEP_TIMEOUT_MS,
			);
			expect(await editor.ndv.outputItemCount()).toBe(limit);
			// Simplify is on for a new node: at most 10 flat fields, the most used first.
			const simplified = await editor.ndv.outputColumns();
			expect(simplified.slice(0, 3)).toEqual(['id', 'name', 'student_number']);
			expect(simplified).toEqual(
				expect.arrayContaining(['primary_guardian_name', 'primary_guardian_email']),
			);
			expect(simplified).not.toContain('guardians');
			expect(simplified.length).toBeLessThanOrEqual(10);
			expect(await firstOutputId()).toBe(String(expected[0].id));
			await readmeScreenshot(editor.page, 'get-many.png');

			await editor.ndv.parameter('simplify').locator('.el-switch').click();
			await editor.ndv.execute();
			const whole = await eventually(
				'the whole records',
				async () => {
					const columns = await editor.ndv.outputColumns();
					return columns.includes('guardians') ? columns : undefined;
				},
				STEP_TIMEOUT_MS,
			);
			expect(whole).toEqual(
				expect.arrayContaining(['id', 'student_number', 'first_name', 'last_name', 'guardians']),
			);
			expect(whole).not.toContain('primary_guardian_name');
			expect(await editor.ndv.outputItemCount()).toBe(limit);
			expect(await firstOutputId()).toBe(String(expected[0].id));
			await readmeScreenshot(editor.page, 'execution-output.png');
			await editor.ndv.close();
		},
	);
});

describe('the Student picker', () => {
	browserTest(
		'"From list" finds sandbox students by name, student number and email, and Get returns the picked one',
		async ({ editor, n8n }) => {
			await addFromNodesPanel('Actions', 'Get student');
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			const [student] = await n8n.platform.students({
				'filter[status]': 'active',
				'filter[grade_level]': '10',
			});
			const shown = pickerName(student);

			// Unfiltered, the list starts with the platform's first students by name.
			const firstPage = (await n8n.platform.students({ sort: 'last_name,first_name' }))
				.slice(0, 5)
				.map(pickerName);
			await editor.ndv.parameter('studentId').getByTestId('rlc-input').click();
			await settlesTo(
				'the first students',
				async () => (await editor.ndv.listedNames('studentId')).slice(0, 5),
				firstPage,
			);

			const sameName = await n8n.platform.students({
				'filter[search]': String(student.last_name),
				sort: 'last_name,first_name',
			});
			await editor.ndv.searchList('studentId', String(student.last_name));
			await settlesTo(
				'the students found by name',
				() => editor.ndv.listedNames('studentId'),
				sameName.slice(0, 50).map(pickerName),
			);
			expect(sameName.map(pickerName)).toContain(shown);
			await readmeScreenshot(editor.page, 'student-picker.png');
			for (const unique of [String(student.student_number), String(student.email)]) {
				await editor.ndv.searchList('studentId', unique);
				await settlesTo(
					`the student found by ${unique}`,
					() => editor.ndv.listedNames('studentId'),
					[shown],
				);
			}

			await editor.ndv.pickFromList('studentId', shown);
			expect(await editor.ndv.locatorValue('studentId')).toBe(shown);
			await editor.ndv.execute();
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			expect(await editor.ndv.outputItemCount()).toBe(1);
			expect(await firstOutputId()).toBe(String(student.id));
		},
	);

	browserTest(
		'"By ID" keeps the picked student, rejects a student number with one line that says how to find the ID, and gets a student by ID',
		async ({ editor, n8n }) => {
			// Continues in the Get panel of the previous test.
			const picked = await firstOutputId();
			await editor.ndv.locatorMode('studentId', 'By ID');
			expect(await editor.ndv.locatorValue('studentId')).toBe(picked);

			const [other] = (await n8n.platform.students({ 'filter[status]': 'graduated' })).filter(
				(student) => String(student.id) !== picked,
			);
			await editor.ndv.typeId('studentId', String(other.student_number));
			await editor.page.keyboard.press('Tab');
			// n8n's tooltip: "Issues:", then one line per issue.
			const issueLines = (await editor.ndv.issues('studentId'))
				.split('\n')
				.map((line) => line.trim())
				.filter((line) => line && line !== 'Issues:');
			expect(issueLines).toEqual([STUDENT_ID_HINT]);
			// Run anyway: n8n refuses with its "node has issues" list, where the hint is one line.
			await editor.page.mouse.move(0, 0);
			await editor.ndv.execute();
			const refusal = await eventually(
				"n8n's refusal",
				async () => {
					const text = await editor.page.locator('body').innerText();
					return /node has issues/.test(text) ? text : undefined;
				},
				STEP_TIMEOUT_MS,
			);
			expect(refusal.split(STUDENT_ID_HINT).length - 1).toBe(1);
			const toast = editor.toast(/node has issues/);
			if (await toast.isVisible()) await toast.locator('.el-notification__closeBtn').click();

			await editor.ndv.typeId('studentId', String(other.id));
			await editor.ndv.execute();
			await settlesTo('the other student', () => firstOutputId(), String(other.id));
			expect(await editor.ndv.outputItemCount()).toBe(1);
			await editor.ndv.close();
		},
	);
});

describe('Enrollment, Payment and Exam Result', () => {
	for (const run of RESOURCE_RUNS) {
		browserTest(
			`${run.action}: executing shows the platform's records simplified; Simplify off shows whole records`,
			async ({ editor, n8n }) => {
				const expected = await n8n.platform.listAll<Record<string, unknown>>(run.path, {});
				const limit = 4;
				await addFromNodesPanel('Actions', run.action);
				await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
				await editor.ndv.fill('limit', String(limit));
				await editor.ndv.execute();
				await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
				expect(await editor.ndv.outputItemCount()).toBe(limit);
				expect(await firstOutputId()).toBe(String(expected[0].id));
				const simplified = await editor.ndv.outputColumns();
				expect(simplified).toEqual(
					expect.arrayContaining(['id', 'student_id', ...run.simplifiedOnly]),
				);
				expect(simplified.length).toBeLessThanOrEqual(10);

				await editor.ndv.parameter('simplify').locator('.el-switch').click();
				await editor.ndv.execute();
				const whole = await eventually(
					'the whole records',
					async () => {
						const columns = await editor.ndv.outputColumns();
						return run.fullOnly.every((column) => columns.includes(column)) ? columns : undefined;
					},
					STEP_TIMEOUT_MS,
				);
				expect(whole.filter((column) => run.simplifiedOnly.includes(column))).toEqual([]);
				expect(simplified.filter((column) => run.fullOnly.includes(column))).toEqual([]);
				expect(await editor.ndv.outputItemCount()).toBe(limit);
				expect(await firstOutputId()).toBe(String(expected[0].id));
				await editor.ndv.close();
			},
		);
	}

	browserTest(
		"Get Many enrollments: the Student filter's picker limits the list to that student",
		async ({ editor, n8n }) => {
			const [student] = await n8n.platform.students({
				'filter[status]': 'active',
				'filter[grade_level]': '11',
			});
			const expected = await n8n.platform.listAll<Record<string, unknown>>('/v1/enrollments', {
				'filter[student_id]': String(student.id),
			});
			expect(expected.length).toBeGreaterThan(0);
			await addFromNodesPanel('Actions', 'Get many enrollments');
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			await editor.ndv.addToCollection('Filters', 'Student');
			await editor.ndv.searchList('studentId', String(student.student_number), 'Filters');
			await settlesTo('the student', () => editor.ndv.listedNames('studentId', 'Filters'), [
				pickerName(student),
			]);
			await editor.ndv.pickFromList('studentId', pickerName(student), 'Filters');
			await editor.ndv.execute();
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			expect(await editor.ndv.outputItemCount()).toBe(expected.length);
			expect(await firstOutputId()).toBe(String(expected[0].id));
			await editor.ndv.close();
		},
	);
	browserTest(
		'Get payment: "From list" finds payments by the student\'s number, and Get returns the picked one',
		async ({ editor, n8n }) => {
			const [someone] = await n8n.platform.listAll<Record<string, unknown>>('/v1/payments', {
				sort: '-updated_at',
			});
			const studentNumber = String((someone.student as Record<string, unknown>).student_number);
			const found = await n8n.platform.listAll<Record<string, unknown>>('/v1/payments', {
				'filter[search]': studentNumber,
				sort: '-updated_at',
			});
			const names = found.slice(0, 50).map(paymentName);
			// A name shown once, so picking it picks that payment.
			const picked = found.find(
				(payment) => names.filter((name) => name === paymentName(payment)).length === 1,
			);
			expect(picked).toBeDefined();

			await addFromNodesPanel('Actions', 'Get payment');
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			expect(await editor.ndv.labels()).toEqual([
				'Credential',
				'Resource',
				'Operation',
				'Payment',
				'Simplify',
			]);
			await editor.ndv.searchList('paymentId', studentNumber);
			await settlesTo("the student's payments", () => editor.ndv.listedNames('paymentId'), names);
			await readmeScreenshot(editor.page, 'payment-picker.png');
			await editor.ndv.pickFromList('paymentId', paymentName(picked!));
			expect(await editor.ndv.locatorValue('paymentId')).toBe(paymentName(picked!));
			await editor.ndv.execute();
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			expect(await editor.ndv.outputItemCount()).toBe(1);
			expect(await firstOutputId()).toBe(String(picked!.id));

			// By ID takes the picked payment's ID, and an ID of the wrong kind gets the node's hint.
			await editor.ndv.locatorMode('paymentId', 'By ID');
			expect(await editor.ndv.locatorValue('paymentId')).toBe(String(picked!.id));
			await editor.ndv.typeId('paymentId', String(someone.student_id));
			await editor.page.keyboard.press('Tab');
			expect(await editor.ndv.issues('paymentId')).toMatch(/pay_/);
			await editor.ndv.close();
		},
	);
});

describe('the Education Platform Polling Trigger', () => {
	browserTest(
		'the panel shows poll times, resource, events, filters and options; "Fetch Test Event" shows a student just added',
		async ({ editor, n8n }) => {
			await editor.newWorkflow();
			await editor.nodeCreator.openOnEmptyCanvas();
			await editor.nodeCreator.search('Education');
			await editor.nodeCreator.open(POLLING_TRIGGER_ITEM);
			expect(await editor.nodeCreator.actionNames('Triggers')).toEqual(
				expect.arrayContaining(['On student created', 'On student updated']),
			);
			await editor.nodeCreator.chooseAction('Triggers', 'On student created');
			await editor.ndv.root.waitFor();
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			await settlesTo('the parameters', () => editor.ndv.labels(), [
				'Credential',
				'Poll Times',
				'Mode',
				'Resource',
				'Events',
				'Filters',
				'Options',
			]);
			expect(await editor.ndv.value('resource')).toBe('Student');
			expect(await editor.ndv.value('events')).toBe('Student Created');

			const added = await n8n.platform.createStudent();
			await editor.ndv.root
				.getByTestId('node-execute-button')
				.filter({ hasText: 'Fetch Test Event' })
				.first()
				.click();
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			expect(await editor.ndv.outputItemCount()).toBe(1);
			expect((await editor.ndv.outputColumns()).slice(0, 4)).toEqual([
				'event',
				'event_kind',
				'id',
				'student_number',
			]);
			const cells = await editor.ndv.output
				.getByTestId('ndv-data-container')
				.locator('table tbody tr')
				.first()
				.locator('td')
				.allInnerTexts();
			expect(cells.slice(0, 4).map((cell) => cell.trim())).toEqual([
				'student.created',
				'created',
				String(added.id),
				String(added.student_number),
			]);
			await readmeScreenshot(editor.page, 'polling-trigger.png');
			await editor.ndv.close();
			await editor.canvasNode(POLLING_TRIGGER).getByText('student: created').waitFor();
		},
	);
});

describe('the Education Platform Trigger', () => {
	browserTest(
		'the panel shows the Webhook URLs, the events and both registration modes',
		async ({ editor, n8n }) => {
			await addFromNodesPanel('Triggers', 'On payment failed');
			const { ndv, page } = editor;
			expect(await ndv.value('events')).toBe('Payment Failed');

			await ndv.parameters.getByText('Webhook URLs').click();
			await ndv.parameters.getByTestId('radio-button-test').waitFor();
			await eventually('the test URL', async () =>
				(await ndv.parameters.innerText()).includes(`${n8n.server.url}/webhook-test/`)
					? true
					: undefined,
			);
			expect(await ndv.parameters.innerText()).toMatch(
				new RegExp(`${n8n.server.url}/webhook-test/[0-9a-f-]{36}/webhook`),
			);
			await ndv.parameters.getByTestId('radio-button-production').click();
			await eventually('the production URL', async () =>
				/\/webhook\/[0-9a-f-]{36}\/webhook/.test(await ndv.parameters.innerText())
					? true
					: undefined,
			);
			expect(await ndv.parameters.innerText()).toContain(`${n8n.webhookBase}webhook/`);

			await ndv.parameter('registration').waitFor();
			expect(await ndv.value('registration')).toBe('Automatic');
			await ndv.parameter('registration').click();
			const modes = await page.getByRole('option').allInnerTexts();
			expect(modes.map((mode) => mode.split('\n')[0])).toEqual(['Automatic', 'Manual']);
			await page.keyboard.press('Escape');
			await readmeScreenshot(page, 'trigger-panel.png');
		},
	);

	browserTest('the canvas subtitle shows the selected events', async ({ editor, page }) => {
		await editor.ndv.choose('events', 'Enrollment Created');
		await page.keyboard.press('Escape');
		await editor.ndv.close();
		await editor.canvasNode(TRIGGER).getByText('payment.failed, enrollment.created').waitFor();
		expect(await editor.canvasNode(TRIGGER).innerText()).toContain(
			'payment.failed, enrollment.created',
		);
	});

	browserTest(
		'"Execute step" listens, registering the Test URL; an event on the platform then shows in the editor',
		async ({ editor, n8n }) => {
			await editor.canvasNode(TRIGGER).dblclick();
			await editor.ndv.root.waitFor();
			await editor.ndv.selectCredential(TOKEN_CREDENTIAL);
			await listen(editor.ndv);
			// The trigger registers the test URL with the platform before n8n listens.
			const subscription = await eventually(
				'the test subscription',
				async () =>
					(await n8n.platform.subscriptions()).find((found) =>
						found.url.includes('/webhook-test/'),
					),
				STEP_TIMEOUT_MS,
			);
			expect([...subscription.events].sort()).toEqual(['enrollment.created', 'payment.failed']);
			await emitAndSee(editor.ndv, n8n.platform, 'payment.failed');
			await editor.ndv.close();
		},
	);
	browserTest(
		'Registration Manual: the notice names the Test URL; with a subscription to it made by the command npm start names, "Execute step" shows the event',
		async ({ editor, n8n }) => {
			await addFromNodesPanel('Triggers', 'On payment failed');
			const { ndv } = editor;
			await ndv.choose('registration', 'Manual');
			await ndv.parameters.getByText('the Test URL while you test this trigger').waitFor();
			expect(await ndv.parameters.innerText()).toContain(
				'with the sandbox: npm run sandbox:subscribe -- --url',
			);
			expect(
				await ndv.parameters
					.getByRole('link', { name: 'How to set up Manual registration' })
					.getAttribute('href'),
			).toMatch(/docs\/trigger\.md#set-up-manual-registration$/);

			const testUrl = await shownTestUrl(ndv, n8n.server.url);
			const secret = await subscribeWithSandboxCommand(n8n.sandbox, testUrl, 'payment.failed');
			const subscription = (await n8n.platform.subscriptions()).find(
				(found) => found.url === testUrl,
			);
			try {
				signingCredential = await newSigningSecretCredential(editor, secret);
				const subscriptionIds = async () =>
					(await n8n.platform.subscriptions()).map((found) => found.id).sort();
				const before = await subscriptionIds();
				expect(before).toContain(subscription!.id);
				await listen(ndv);
				// Manual registered nothing.
				expect(await subscriptionIds()).toEqual(before);
				await emitAndSee(ndv, n8n.platform, 'payment.failed');
				await ndv.close();
			} finally {
				await n8n.platform.deleteSubscription(subscription!.id);
			}
		},
	);
	browserTest(
		'Registration Manual on a new trigger: the Credential field lists the signing secret made before (clicked as docs/trigger.md says), and Execute step can run',
		async ({ editor }) => {
			expect(signingCredential).toMatch(/\S/);
			await addFromNodesPanel('Triggers', 'On payment failed');
			const { ndv } = editor;
			await ndv.choose('registration', 'Manual');
			// n8n does not pick it: the trigger already holds Automatic's credential (NodeCredentials auto-selects only on an empty node).
			const execute = ndv.root.getByTestId('node-execute-button').first();
			await eventually('Execute step disabled until a credential is picked', async () =>
				(await execute.isDisabled()) ? true : undefined,
			);
			await ndv.pickCredentialAsDocumented(signingCredential);
			expect(await ndv.credentialSelect.inputValue()).toBe(signingCredential);
			await eventually('Execute step enabled', async () =>
				(await execute.isEnabled()) ? true : undefined,
			);
			await ndv.close();
		},
	);
});

describe('the credential dialogs', () => {
	browserTest(
		"Access Token: the fields and hints render; a bad token shows the node's advice, a good one n8n's success",
		async ({ editor, n8n, page }) => {
			const modal = await newCredentialFor('Get many students', 'Access Token');
			expect((await modal.labels()).slice(0, 2)).toEqual(['Base URL', 'Access Token']);
			expect(await modal.field('baseUrl').locator('input').getAttribute('placeholder')).toBe(
				'e.g. https://school.example.com',
			);
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
			expect(
				await modal.root.getByTestId('credentials-config-container-test-success').innerText(),
			).toMatch(/Connection tested successfully/);
			await modal.close();
		},
	);

	browserTest("the demo credentials' names fit the node's Credential field", async ({ editor }) => {
		await addFromNodesPanel('Actions', 'Get many students');
		for (const name of [TOKEN_CREDENTIAL, OAUTH2_CREDENTIAL]) {
			await editor.ndv.selectCredential(name);
			expect(await editor.ndv.credentialSelect.inputValue()).toBe(name);
			const { shown, needed } = await editor.ndv.credentialSelect.evaluate(
				(input: { clientWidth: number; scrollWidth: number }) => ({
					shown: input.clientWidth,
					needed: input.scrollWidth,
				}),
			);
			expect(needed).toBeLessThanOrEqual(shown);
		}
		await editor.ndv.close();
	});

	browserTest(
		'OAuth2: the fields and hints render in the order docs/credentials.md gives, with the redirect URL to register',
		async ({ editor, n8n }) => {
			const modal = await newCredentialFor('Get many students', 'OAuth2');
			// Base URL first, as in the access-token dialog (the field-order type the credential builds on).
			const order = [
				'Base URL',
				'Grant Type',
				'Client ID',
				'Client Secret',
				'Allowed HTTP Request Domains',
				'Scopes',
				'Authorization URL Override',
				'Access Token URL Override',
			];
			expect((await modal.labels()).filter((label) => order.includes(label))).toEqual(order);
			expect((await modal.labels()).filter((label) => label !== 'OAuth Redirect URL')[0]).toBe(
				'Base URL',
			);
			expect(await modal.labels()).toContain('OAuth Redirect URL');
			expect(await modal.root.innerText()).toContain(
				`${n8n.server.url}/rest/oauth2-credential/callback`,
			);
			expect(await modal.value('grantType')).toBe('Authorization Code (with PKCE)');
			// The default is every scope, so every operation works on first use. n8n 2.41's dialog shows it
			// ticked, or (as a newcomer met it) nothing ticked: the hint says that none ticked means all six.
			expect([
				'',
				scopeOptions()
					.map((option) => option.name)
					.join(', '),
			]).toContain(await modal.value('platformScopes'));
			expect(await modal.tooltip('platformScopes')).toMatch(
				/None ticked means all six; tick some to allow only those/,
			);
			expect(await modal.tooltip('clientSecret')).toMatch(
				/leave empty if the OAuth client is public/,
			);
			await modal.choose('grantType', 'Client Credentials');
			await modal.field('authUrlOverride').waitFor({ state: 'hidden' });
			await modal.close();
		},
	);
});

describe("OAuth2 Authorization Code with PKCE, connected in the editor through the platform's consent page", () => {
	const DEFAULT_SCOPES = defaultScopes();

	for (const { client, clientId, clientSecret, scopes } of [
		{
			client: 'the confidential demo client, default scopes',
			clientId: () => current().n8n.sandbox.config.oauthClientId,
			clientSecret: () => current().n8n.sandbox.config.oauthClientSecret,
			scopes: DEFAULT_SCOPES,
		},
		// A public client has no secret: n8n sends client_id in the token request's body instead.
		{
			client: 'the public client (no secret), default scopes',
			clientId: () => PUBLIC_CLIENT_ID,
			clientSecret: () => '',
			scopes: DEFAULT_SCOPES,
		},
		{
			client: 'the public client (no secret), chosen scopes',
			clientId: () => PUBLIC_CLIENT_ID,
			clientSecret: () => '',
			scopes: ['students:read', 'webhooks:read'],
		},
	]) {
		browserTest(
			`${client}: Connect opens the consent page, Approve stores a token with those scopes, and the node lists students with it`,
			async ({ editor, n8n, context }) => {
				const modal = await newCredentialFor('Get many students', 'OAuth2');
				await modal.fill('baseUrl', n8n.sandbox.baseUrl);
				await modal.fill('clientId', clientId());
				if (clientSecret()) await modal.fill('clientSecret', clientSecret());
				if (scopes !== DEFAULT_SCOPES)
					await modal.chooseMany(
						'platformScopes',
						scopes.map((scope) => new RegExp(`\\(${scope}\\)`)),
					);

				const saved = editor.page.waitForResponse(
					(response) =>
						/\/rest\/credentials$/.test(response.url()) && response.request().method() === 'POST',
				);
				const opened = context.waitForEvent('page');
				await modal.connect();
				const credentialId = ((await (await saved).json()) as { data: { id: string } }).data.id;
				const popup = await opened;
				// n8n opens the consent page in a named window: one left open would take the next test's authorization.
				try {
					await popup.getByRole('button', { name: 'Approve' }).waitFor();

					const authorization = new URL(popup.url());
					expect(`${authorization.origin}${authorization.pathname}`).toBe(
						`${n8n.sandbox.baseUrl}/oauth/authorize`,
					);
					expect(Object.fromEntries(authorization.searchParams)).toEqual(
						expect.objectContaining({
							response_type: 'code',
							client_id: clientId(),
							redirect_uri: `${n8n.server.url}/rest/oauth2-credential/callback`,
							scope: scopes.join(' '),
							code_challenge_method: 'S256',
							code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
							state: expect.any(String),
						}),
					);
					expect(await popup.locator('small').allInnerTexts()).toEqual(
						scopes.map((scope) => `(${scope})`),
					);
					expect(await popup.locator('code').allInnerTexts()).toContain(clientId());

					const callback = popup.waitForRequest((request) =>
						request.url().startsWith(`${n8n.server.url}/rest/oauth2-credential/callback`),
					);
					await popup.getByRole('button', { name: 'Approve' }).click();
					const callbackUrl = new URL((await callback).url());
					expect(callbackUrl.searchParams.get('code')).toBeTruthy();
					expect(callbackUrl.searchParams.get('state')).toBe(
						authorization.searchParams.get('state'),
					);
					// n8n closes the dialog once the account is connected, and the node uses the credential.
					await modal.root.waitFor({ state: 'hidden' });
				} finally {
					if (!popup.isClosed()) await popup.close();
				}

				// A user's grant (`user:…`) for this client with the scopes, not a client-credentials one.
				const { data } = await n8n.cli.exportCredential(credentialId);
				const token = data.oauthTokenData as Record<string, unknown>;
				expect(token).toEqual(
					expect.objectContaining({
						token_type: 'Bearer',
						scope: scopes.join(' '),
						refresh_token: expect.any(String),
					}),
				);
				expect(n8n.sandbox.state.tokens.resolve(String(token.access_token))).toEqual({
					status: 'ok',
					grant: expect.objectContaining({
						kind: 'oauth',
						clientId: clientId(),
						scopes,
						rateKey: `user:demo-user:client:${clientId()}`,
					}),
				});

				const expected = await n8n.platform.students({});
				await editor.ndv.fill('limit', '5');
				await editor.ndv.execute();
				await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
				expect(await editor.ndv.outputItemCount()).toBe(5);
				const firstId = await editor.ndv.output
					.getByTestId('ndv-data-container')
					.locator('table tbody tr')
					.first()
					.locator('td')
					.first()
					.innerText();
				expect(firstId.trim()).toBe(String(expected[0].id));
			},
		);
	}
});

describe('OAuth2 Client Credentials, a scope ticked after first use', () => {
	browserTest(
		'without payments:read, Get Many payments says which scope to tick; ticked and saved, the next run works with the same credential',
		async ({ editor, n8n }) => {
			const modal = await newCredentialFor('Get many payments', 'OAuth2');
			await modal.choose('grantType', 'Client Credentials');
			await modal.fill('baseUrl', n8n.sandbox.baseUrl);
			await modal.fill('clientId', n8n.sandbox.config.oauthClientId);
			await modal.fill('clientSecret', n8n.sandbox.config.oauthClientSecret);
			await modal.chooseMany('platformScopes', [/\(students:read\)/]);
			await modal.dialog.getByTestId('credential-name').waitFor();
			const created = editor.page.waitForResponse(
				(response) =>
					/\/rest\/credentials$/.test(response.url()) && response.request().method() === 'POST',
			);
			await modal.save();
			const { id: credentialId, name: credentialName } = (
				(await (await created).json()) as { data: { id: string; name: string } }
			).data;
			if (await modal.root.isVisible()) await modal.close();
			// The run must use this credential: n8n selects a new one on save, but one CI run's node ran
			// with an earlier, PKCE credential of the file (the message asked to Reconnect).
			await editor.ndv.selectCredential(credentialName);

			await editor.ndv.fill('limit', '3');
			await editor.ndv.execute();
			const message = editor.ndv.output.getByTestId('node-error-message');
			await message.waitFor();
			expect(await message.innerText()).toContain(
				'The credential may not list payments: it lacks the payments:read scope [item 0]',
			);
			expect(await editor.ndv.output.getByTestId('node-error-description').innerText()).toContain(
				'Tick payments:read under Scopes in the Education Platform OAuth2 credential and save it.',
			);

			// What the description says, in the same credential.
			await editor.ndv.root.getByTestId('credential-edit-button').click();
			await modal.root.waitFor();
			await modal.chooseMany('platformScopes', [/\(students:read\)/, /\(payments:read\)/]);
			const updated = editor.page.waitForResponse(
				(response) =>
					response.url().endsWith(`/rest/credentials/${credentialId}`) &&
					response.request().method() === 'PATCH',
			);
			await modal.save();
			expect((await updated).status()).toBe(200);
			if (await modal.root.isVisible()) await modal.close();

			const expected = await n8n.platform.listAll<Record<string, unknown>>('/v1/payments', {});
			await editor.ndv.execute();
			// The failed run's output stays until this run's arrives: wait for the message to go.
			await message.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
			await editor.ndv.output.getByTestId('ndv-items-count').waitFor();
			expect(await editor.ndv.outputItemCount()).toBe(3);
			expect(await firstOutputId()).toBe(String(expected[0].id));
			// n8n stored the new token, with the scope, in that credential.
			const { data } = await n8n.cli.exportCredential(credentialId);
			expect(
				String((data.oauthTokenData as Record<string, unknown>).scope)
					.split(' ')
					.sort(),
			).toEqual(['payments:read', 'students:read']);
			await editor.ndv.close();
		},
	);
});

describe('the AI Agent', () => {
	browserTest(
		'offers the node as a tool whose parameters the model can fill in, its Tool Description following Resource and Operation',
		async ({ editor, page }) => {
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
			expect(await tool.innerText()).toContain(new EducationPlatform().description.description);
			await tool.click();
			await editor.ndv.root.waitFor();
			expect(await editor.ndv.labels()).toEqual(
				expect.arrayContaining([
					'Tool Description',
					'Resource',
					'Operation',
					'Limit',
					'Output',
					'Filters',
					'Sort',
					'Options',
				]),
			);

			const limit = editor.ndv.itemOf('limit');
			await limit.hover();
			await limit.getByTestId('from-ai-override-button').click();
			await editor.ndv
				.item('Limit')
				.getByText(/Defined automatically by the\s*model/)
				.first()
				.waitFor();
			await readmeScreenshot(page, 'ai-agent-tool.png');

			// Left as generated, the Tool Description follows Resource and Operation.
			const toolDescriptionShown = () =>
				editor.ndv.parameter('toolDescription').locator('textarea').first().inputValue();
			await settlesTo(
				'the generated Tool Description',
				toolDescriptionShown,
				toolDescription(
					RESOURCES.find(({ value }) => value === 'student')!,
					OPERATIONS.student,
					'getMany',
				),
			);
			await editor.ndv.choose('resource', 'Payment');
			// Not choose('operation', 'Get'): an option's name is followed by its description, and Get Many's starts with "Get" too.
			await editor.ndv.parameter('operation').click();
			await page.getByRole('option', { name: /^Get\s*Get one payment/ }).click();
			await settlesTo(
				'the Tool Description after Payment → Get',
				toolDescriptionShown,
				toolDescription(
					RESOURCES.find(({ value }) => value === 'payment')!,
					OPERATIONS.payment,
					'get',
				),
			);
			await editor.ndv.close();
			expect(await editor.canvasNodeNames()).toEqual(
				expect.arrayContaining(['AI Agent', expect.stringMatching(/Education Platform/)]),
			);
		},
	);
});

describe('the browser console', () => {
	browserTest(
		'shows no error and no failed request that comes from this package',
		async ({ problems }) => {
			expect(problems.unexcused()).toEqual([]);
		},
	);
});
