// One n8n set up the way `npm start` sets it up (the sandbox credentials, the example workflows,
// the package installed like the Community Nodes panel does), one Chromium, one signed-in page.
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { demoCredentials } from '../../../tooling/lib/demo-credentials';
import { loadExamples } from '../../../tooling/lib/examples';
import { OWNER, startInstance, type Instance } from '../../e2e/support/instance';
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
];

export interface EditorSession {
	n8n: Instance;
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
	const n8n = await startInstance((sandbox) => {
		const login = {
			baseUrl: sandbox.baseUrl,
			token: sandbox.config.demoToken,
			clientId: sandbox.config.oauthClientId,
			clientSecret: sandbox.config.oauthClientSecret,
		};
		return { credentials: demoCredentials(login), workflows: loadExamples().map(({ workflow }) => ({ ...workflow, active: false })) };
	});
	const browser = await timed('launch Chromium', () => launchChromium());
	const context = await browser.newContext({ baseURL: n8n.server.url, viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
	context.setDefaultTimeout(STEP_TIMEOUT_MS);
	const problems = new ProblemLog(N8N_NOISE);
	problems.watch(context);
	const page = await context.newPage();
	const editor = new Editor(page);
	await timed('sign in to the editor', () => editor.signIn(OWNER));
	session = { n8n, browser, context, page, editor, problems };
	return session;
}

export async function stopEditorSession(): Promise<void> {
	const ending = session;
	session = undefined;
	if (!ending) return;
	if (process.env.EDU_BROWSER_VERBOSE) process.stdout.write(`${ending.problems.all.map(format).join('\n')}\n`);
	await ending.browser.close().catch(() => undefined);
	await ending.n8n.close();
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
