// What every browser session shares, whatever n8n it drives (one process: session.ts; queue mode:
// queue-session.ts): one Chromium signed in to n8n's editor, the browser's problems and n8n's push
// messages recorded, one session per test file, and the test wrapper that names the step and keeps
// a failure's screenshot.
import type { Browser, BrowserContext, Page } from 'playwright-core';

import type { OwnerAccount } from '../../../tooling/lib/n8n-rest';
import { currentTestPath } from '../../e2e/support/n8nLogs';
import { eventually } from '../../e2e/support/sandboxClient';
import { timed } from '../../e2e/support/timings';
import { launchChromium } from './chromium';
import { Editor } from './editor';
import { ProblemLog, format, type Allowance } from './problems';
import { PushLog } from './pushes';
import { clearFailureScreenshots, screenshotFailure } from './screenshots';

/** Patience for one step of the editor on a loaded 2-core machine. */
export const STEP_TIMEOUT_MS = 60_000;

/** n8n's own console noise, each with why it is not this package's. */
const N8N_NOISE: Allowance[] = [
	{
		pattern: /\/rest\/login\b/,
		reason: 'the sign-in page asks whether a session exists (401 before signing in)',
	},
	{
		pattern: /\/favicon\.ico\b/,
		reason: "the sandbox's consent page has no favicon (dev tooling, not the package)",
	},
	{
		pattern: /Can't connect to n8n\.[\s\S]*SettingsCommunityNodesView/,
		reason:
			"the Community Nodes page counts npm's community packages on api.npms.io from the browser (off-machine here), and logs the failure",
	},
];

/** One Chromium page signed in to an n8n's editor. */
export interface SignedInBrowser {
	browser: Browser;
	context: BrowserContext;
	page: Page;
	editor: Editor;
	problems: ProblemLog;
	/** What n8n pushed to the editor (which execution it showed, and how it ended). */
	pushes: PushLog;
}

/** Chromium on `n8nUrl` (the editor's address), signed in as `owner`. */
export async function signedInBrowser(
	n8nUrl: string,
	owner: Pick<OwnerAccount, 'email' | 'password'>,
): Promise<SignedInBrowser> {
	const browser = await timed('launch Chromium', () => launchChromium());
	const context = await browser.newContext({
		baseURL: n8nUrl,
		viewport: { width: 1440, height: 900 },
		deviceScaleFactor: 1,
	});
	context.setDefaultTimeout(STEP_TIMEOUT_MS);
	const problems = new ProblemLog(N8N_NOISE);
	problems.watch(context);
	const page = await context.newPage();
	const pushes = new PushLog();
	pushes.watch(page);
	const editor = new Editor(page);
	await timed('sign in to the editor', () => editor.signIn(owner));
	return { browser, context, page, editor, problems, pushes };
}

export async function closeBrowser(signedIn: SignedInBrowser): Promise<void> {
	if (process.env.EDU_BROWSER_VERBOSE)
		process.stdout.write(`${signedIn.problems.all.map(format).join('\n')}\n`);
	await signedIn.browser.close().catch(() => undefined);
}

/**
 * A test that records which step the browser's problems belong to and, when it fails, keeps a
 * screenshot of the page (test-artifacts/browser/failures/<file>/) and names it in the error.
 */
export type BrowserTest<S> = (
	name: string,
	body: (session: S) => Promise<void>,
	timeoutMs?: number,
) => void;

/** The one session of a test file: `use()` starts it before the file's tests and stops it after them. */
export interface FileSession<S> {
	use(): void;
	current(): S;
	browserTest: BrowserTest<S>;
}

export function fileSession<S extends SignedInBrowser>(
	what: string,
	start: () => Promise<S>,
	stop: (session: S) => Promise<void>,
): FileSession<S> {
	let session: S | undefined;
	const current = (): S => {
		if (!session) throw new Error(`${what} did not start (see beforeAll)`);
		return session;
	};
	const browserTest: BrowserTest<S> = (name, body, timeoutMs = 4 * STEP_TIMEOUT_MS) => {
		it(
			name,
			async () => {
				const active = current();
				active.problems.during = name;
				try {
					await body(active);
				} catch (error) {
					const shot = await screenshotFailure(active.page, currentTestPath(), name);
					if (error instanceof Error) error.message = `${error.message}\n\nScreenshot: ${shot}`;
					throw error;
				}
			},
			timeoutMs,
		);
	};
	const use = () => {
		// Minutes: n8n (or a whole queue-mode topology) starts on a loaded 2-core machine.
		beforeAll(async () => {
			clearFailureScreenshots(currentTestPath());
			session = await start();
		}, 15 * 60_000);
		afterAll(async () => {
			const ending = session;
			session = undefined;
			if (ending) await stop(ending);
		}, 120_000);
	};
	return { use, current, browserTest };
}

/** Waits until `read` gives `expected` (the editor fills lists and panels asynchronously), else fails with the last value. */
export async function settlesTo<T>(
	what: string,
	read: () => Promise<T>,
	expected: T,
): Promise<void> {
	const same = async () =>
		JSON.stringify(await read()) === JSON.stringify(expected) ? true : undefined;
	await eventually(what, same, STEP_TIMEOUT_MS).catch(async () =>
		expect(await read()).toEqual(expected),
	);
}
