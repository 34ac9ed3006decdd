// One n8n set up the way `npm start` sets it up (the sandbox credentials, the example workflows),
// but without the package: the suite's first test installs it through Settings → Community Nodes
// from a local npm registry (tooling/lib/registry.ts). One Chromium, one signed-in page (browser.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { demoCredentials } from '../../../tooling/lib/demo-credentials';
import { loadExamples } from '../../../tooling/lib/examples';
import type { PackedPackage } from '../../../tooling/lib/community-package';
import { CUSTOM_REGISTRY_FEATURE } from '../../../tooling/lib/n8n-rest';
import { startRegistry, type LocalRegistry } from '../../../tooling/lib/registry';
import {
	OWNER,
	packedPackage,
	sandboxLogin,
	startInstance,
	type Instance,
} from '../../e2e/support/instance';
import { timed } from '../../e2e/support/timings';
import { closeBrowser, fileSession, signedInBrowser, type SignedInBrowser } from './browser';

export { STEP_TIMEOUT_MS } from './browser';

export interface EditorSession extends SignedInBrowser {
	n8n: Instance;
	/** What the Community Nodes panel installs: the package as packed from this tree, `latest` in `registry`. */
	packed: PackedPackage;
	registry: LocalRegistry;
}

async function startEditorSession(): Promise<EditorSession> {
	const dir = mkdtempSync(path.join(tmpdir(), 'edu-browser-'));
	const packed = await packedPackage(dir);
	const registry = await timed('start the local npm registry', () => startRegistry());
	await registry.publish(packed);
	rmSync(dir, { recursive: true, force: true });
	// Credentials and workflows of a package n8n does not have yet import as they are; they work
	// once the package is installed.
	const n8n = await startInstance(
		(sandbox) => ({
			credentials: demoCredentials(sandboxLogin(sandbox)),
			workflows: loadExamples().map(({ workflow }) => ({ ...workflow, active: false })),
		}),
		{ E2E_TESTS: 'true', N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url },
		{},
		{ preinstall: false },
	);
	await n8n.rest.setLicenseFeatureInTestMode(CUSTOM_REGISTRY_FEATURE);
	return { n8n, packed, registry, ...(await signedInBrowser(n8n.server.url, OWNER)) };
}

async function stopEditorSession(ending: EditorSession): Promise<void> {
	await closeBrowser(ending);
	await ending.n8n.close();
	await ending.registry.stop();
}

const editorSession = fileSession('the editor session', startEditorSession, stopEditorSession);
/** Starts the session before the file's tests (beforeAll) and stops it after them (afterAll). */
export const useEditorSession = editorSession.use;
export const { current, browserTest } = editorSession;
