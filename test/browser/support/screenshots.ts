// Screenshots: of every failure (test artifacts), and the README's pictures. Every run writes the
// README pictures into the artifacts folder; `npm run screenshots` also writes them to docs/images/.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { REPO_ROOT } from '../../../tooling/n8n-runtime/runtime';

export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'browser');
export const README_IMAGES_DIR = path.join(REPO_ROOT, 'docs', 'images');

function fileName(title: string): string {
	return `${title
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.slice(0, 100)}.png`;
}

/** A test file's failure screenshots: failures/<file>/ (editor, queue-manual-runs). */
function failuresDir(testFile: string): string {
	return path.join(ARTIFACTS_DIR, 'failures', path.basename(testFile).replace(/\.test\.ts$/, ''));
}

/** A run keeps only its own failures' screenshots, each test file its own. */
export function clearFailureScreenshots(testFile: string): void {
	rmSync(failuresDir(testFile), { recursive: true, force: true });
}

/** Saves a failure's screenshot; returns its path (or why there is none). */
export async function screenshotFailure(
	page: Page | undefined,
	testFile: string,
	testName: string,
): Promise<string> {
	if (!page || page.isClosed()) return '(no page to screenshot)';
	const file = path.join(failuresDir(testFile), fileName(testName));
	mkdirSync(path.dirname(file), { recursive: true });
	try {
		await page.screenshot({ path: file, timeout: 15_000 });
		return file;
	} catch (error) {
		return `(screenshot failed: ${String(error)})`;
	}
}

/** A README picture: `name` is its file name in docs/images/, e.g. `nodes-panel.png`. */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
	// The frame n8n draws around the page in its test mode (E2E_TESTS=true, which the suite's
	// installation from a local registry needs) is no part of what users see.
	await page.addStyleTag({
		content: '[data-test-id="e2e-test-mode-marker"] { display: none !important; }',
	});
	const targets = [path.join(ARTIFACTS_DIR, 'readme')];
	if (process.env.EDU_README_SCREENSHOTS === '1') targets.push(README_IMAGES_DIR);
	for (const dir of targets) {
		mkdirSync(dir, { recursive: true });
		await page.screenshot({ path: path.join(dir, name), animations: 'disabled', caret: 'hide' });
	}
}
