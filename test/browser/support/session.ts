// One n8n set up the way `npm start` sets it up (the sandbox credentials, the example workflows),
// but without the package: the suite's first test installs it through Settings → Community Nodes
// from a local npm registry (tooling/lib/registry.ts). One Chromium, one signed-in page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { demoCredentials } from '../../../tooling/lib/demo-credentials';
import { loadExamples } from '../../../tooling/lib/examples';
import type { PackedPackage } from '../../../tooling/lib/community-package';
import { CUSTOM_REGISTRY_FEATURE } from '../../../tooling/lib/n8n-rest';
import { startRegistry, type LocalRegistry } from '../../../tooling/lib/registry';
import { OWNER, packedPackage, startInstance, type Instance } from '../../e2e/support/instance';
import { timed } from '../../e2e/support/timings';
import { launchChromium } from './chromium';
import { Editor } from './editor';
import { ProblemLog, format, type Allowance } from './problems';
import { clearFailureScreenshots, screenshotFailure } from './screenshots';

/** Patience for one step of the editor on a loaded 2-core machine. */
export const STEP_TIMEOUT_MS = 60_000;

/** n8n's own console noise, each with why it is not this package's. */
const N8N_NOISE: Allowance[] = [
	{ pattern: /\/rest\/login\b/, reason: 'the sign-in page asks whether a session exists (401 before signing in)' },
	{ pattern: /\/favicon\.ico\b/, reason: "the sandbox's consent page has no favicon (dev tooling, not the package)" },
	{
		pattern: /Can't connect to n8n\.[\s\S]*SettingsCommunityNodesView/,
		reason: "the Community Nodes page counts npm's community packages on api.npms.io from the browser (off-machine here), and logs the failure",
	},
];

export interface EditorSession {
	n8n: Instance;
	/** What the Community Nodes panel installs: the package as packed from this tree, `latest` in `registry`. */
	packed: PackedPackage;
	registry: LocalRegistry;
	browser: Browser;
	context: BrowserContext;
	page: Page;
	editor: Editor;
	problems: ProblemLog;
}

let session: EditorSession | undefined;

export function current(): EditorSession {
	if (!session) throw new Error('the editor session did not start (see beforeAll)');
	return session;
}

export async function startEditorSession(): Promise<EditorSession> {
	clearFailureScreenshots();
	const dir = mkdtempSync(path.join(tmpdir(), 'edu-browser-'));
	const packed = await packedPackage(dir);
	const registry = await timed('start the local npm registry', () => startRegistry());
	await registry.publish(packed);
	rmSync(dir, { recursive: true, force: true });
	// Credentials and workflows of a package n8n does not have yet import as they are; they work
	// once the package is installed.
	const n8n = await startInstance(
		(sandbox) => {
			const login = {
				baseUrl: sandbox.baseUrl,
				token: sandbox.config.demoToken,
				clientId: sandbox.config.oauthClientId,
				clientSecret: sandbox.config.oauthClientSecret,
			};
			return { credentials: demoCredentials(login), workflows: loadExamples().map(({ workflow }) => ({ ...workflow, active: false })) };
		},
		{ E2E_TESTS: 'true', N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url },
		{},
		{ preinstall: false },
	);
	await n8n.rest.setLicenseFeatureInTestMode(CUSTOM_REGISTRY_FEATURE);
	const browser = await timed('launch Chromium', () => launchChromium());
	const context = await browser.newContext({ baseURL: n8n.server.url, viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
	context.setDefaultTimeout(STEP_TIMEOUT_MS);
	const problems = new ProblemLog(N8N_NOISE);
	problems.watch(context);
	const page = await context.newPage();
	const editor = new Editor(page);
	await timed('sign in to the editor', () => editor.signIn(OWNER));
	session = { n8n, packed, registry, browser, context, page, editor, problems };
	return session;
}

export async function stopEditorSession(): Promise<void> {
	const ending = session;
	session = undefined;
	if (!ending) return;
	if (process.env.EDU_BROWSER_VERBOSE) process.stdout.write(`${ending.problems.all.map(format).join('\n')}\n`);
	await ending.browser.close().catch(() => undefined);
	await ending.n8n.close();
	await ending.registry.stop();
}

/**
 * A test that records which step the browser's problems belong to and, when it fails, keeps a
 * screenshot of the page (test-artifacts/browser/failures/) and names it in the error.
 */
export function browserTest(name: string, body: (session: EditorSession) => Promise<void>, timeoutMs = 4 * STEP_TIMEOUT_MS): void {
	it(
		name,
		async () => {
			const active = current();
			active.problems.during = name;
			try {
				await body(active);
			} catch (error) {
				const shot = await screenshotFailure(active.page, name);
				if (error instanceof Error) error.message = `${error.message}\n\nScreenshot: ${shot}`;
				throw error;
			}
		},
		timeoutMs,
	);
}
