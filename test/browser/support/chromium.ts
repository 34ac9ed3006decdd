// Debian's Chromium driven by playwright-core (Playwright's own browser download cannot work on
// these machines). A missing browser is an error that says how to install it, never a skip.
import { existsSync } from 'node:fs';

import { chromium, selectors, type Browser } from 'playwright-core';

/** Where `apt-get install chromium` puts it; CHROMIUM_PATH overrides. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
	const path = env.CHROMIUM_PATH || '/usr/bin/chromium';
	if (!existsSync(path)) {
		throw new Error(
			`No Chromium at ${path}. Install it with \`apt-get update && apt-get install -y chromium\` ` +
				'(Debian; .ci/run does this as root), or point CHROMIUM_PATH at a Chromium binary.',
		);
	}
	return path;
}

/**
 * Flags for a closed network: no background calls home (update checks, sync, QUIC probes), which
 * otherwise make Chromium's connection pool refuse connections en masse. Playwright adds
 * --headless and a fresh temporary --user-data-dir itself.
 */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
	// n8n's editor marks its elements with data-test-id (n8n's own Playwright suite does the same).
	selectors.setTestIdAttribute('data-test-id');
	return chromium.launch({
		executablePath: chromiumPath(),
		headless: true,
		args: CHROMIUM_ARGS,
		timeout: 120_000,
	});
}
