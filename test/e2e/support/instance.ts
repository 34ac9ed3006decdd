// One throwaway n8n (own user folder, free ports) with the packed package installed like the
// Community Nodes panel does, next to a sandbox on its own port. Which n8n (version, publication
// service) is the matrix cell support/target.ts reads from the environment.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { OffsetClock, startSandbox, type RunningSandbox } from '../../../sandbox/index';
import type { SandboxConfig } from '../../../sandbox/config';
import { ensureRuntime, type RuntimeInfo } from '../../../tooling/n8n-runtime/install';
import {
	buildAndPack,
	installLikeCommunityPanel,
	type PackedPackage,
} from '../../../tooling/lib/community-package';
import type { CredentialImport, SandboxLogin } from '../../../tooling/lib/demo-credentials';
import type { WorkflowJson } from '../../../tooling/lib/examples';
import { N8nCli } from '../../../tooling/lib/n8n-cli';
import { oauth2CallbackUrl, webhookBaseUrl } from '../../../tooling/lib/n8n-env';
import { N8nRestClient } from '../../../tooling/lib/n8n-rest';
import { N8nServer } from '../../../tooling/lib/n8n-server';
import { getFreePort } from '../../../tooling/lib/ports';
import { currentTestPath, keepN8nLog, keptLogPath, N8N_LOGS_DIR } from './n8nLogs';
import { untilQuiet } from './quiet';
import { SandboxClient } from './sandboxClient';
import { deliveryGapMs, spaceDeliveries } from './slowPlatform';
import { e2eTarget, type E2eTarget } from './target';
import { timed } from './timings';

/** The sandbox's demo token and OAuth client, to build credentials with. */
export function sandboxLogin(sandbox: RunningSandbox): SandboxLogin {
	const { demoToken, oauthClientId, oauthClientSecret } = sandbox.config;
	return {
		baseUrl: sandbox.baseUrl,
		token: demoToken,
		clientId: oauthClientId,
		clientSecret: oauthClientSecret,
	};
}

export const OWNER = {
	email: 'e2e-owner@example.com',
	password: 'E2e-Password-1',
	firstName: 'E2E',
	lastName: 'Owner',
};

export interface Instance {
	target: E2eTarget;
	runtime: RuntimeInfo;
	sandbox: RunningSandbox;
	platform: SandboxClient;
	server: N8nServer;
	cli: N8nCli;
	rest: N8nRestClient;
	userFolder: string;
	/** The base of production webhook URLs (N8N_WEBHOOK_URL on 2.x, WEBHOOK_URL on 1.x). */
	webhookBase: string;
	/** n8n's execution data is stored "flatted"; n8n's own copy of the library reads it. */
	unflatten(data: string): unknown;
	/** Waits until no delivery is pending on the platform and no execution runs in n8n (support/quiet.ts); a case calls it before it counts. */
	quiet(): Promise<void>;
	close(): Promise<void>;
}

/** The tarball global-setup packed, or a fresh one when this file runs on its own. */
export async function packedPackage(dir: string): Promise<PackedPackage> {
	const fromSetup = process.env.EDU_E2E_PACKAGE;
	if (fromSetup) return JSON.parse(fromSetup) as PackedPackage;
	return buildAndPack(path.join(dir, 'package'));
}

/**
 * `n8nEnv`: extra environment for n8n on top of the target's (the benchmark tries n8n settings
 * with it); `sandboxSettings`: the sandbox's, over the defaults below (e.g. a shorter retry schedule);
 * `preinstall: false` starts n8n without the package, for tests that install it through the
 * Community Nodes panel's REST endpoints (their registry then comes in `n8nEnv`).
 */
export async function startInstance(
	build: (sandbox: RunningSandbox) => {
		credentials: CredentialImport[];
		workflows: WorkflowJson[];
	},
	n8nEnv: NodeJS.ProcessEnv = {},
	sandboxSettings: Partial<SandboxConfig> = {},
	{ preinstall = true }: { preinstall?: boolean } = {},
): Promise<Instance> {
	const target = e2eTarget();
	const runtime = await ensureRuntime({ spec: target.runtime });
	const dir = mkdtempSync(path.join(tmpdir(), 'edu-e2e-'));
	const userFolder = path.join(dir, 'n8n');
	mkdirSync(userFolder, { recursive: true });
	if (preinstall) {
		const packed = await packedPackage(dir);
		await timed('install the package like the Community Nodes panel', () =>
			installLikeCommunityPanel(packed, userFolder),
		);
	}

	const port = await getFreePort();
	// Fast retries, so a delivery that fails is visible within the test's patience. n8n's OAuth2
	// callback on its port is the registered redirect URI (the PKCE connect flow).
	const sandbox = await startSandbox({
		port: 0,
		webhookRetryScale: 0.001,
		logRequests: false,
		oauthRedirectUris: [oauth2CallbackUrl({ port })],
		clock: new OffsetClock(),
		...sandboxSettings,
	});
	const gapMs = deliveryGapMs();
	const owed = gapMs === undefined ? undefined : spaceDeliveries(sandbox.state.webhooks!, gapMs);
	const extra = { ...target.n8nEnv, ...n8nEnv };
	const envOptions = { userFolder, port, nodeBinary: runtime.nodeBinary, extra };
	const cli = new N8nCli({ runtime, env: envOptions });
	const { credentials, workflows } = build(sandbox);
	await timed('n8n import:credentials', () => cli.importCredentials(credentials));
	await timed('n8n import:workflow', () => cli.importWorkflows(workflows));

	const server = new N8nServer({ runtime, userFolder, port, extra });
	const cell =
		target.runtime.id === '2' && !target.publicationService ? '2-legacy' : target.runtime.id;
	const testPath = currentTestPath();
	const keepLog = () => keepN8nLog(server.logFile, keptLogPath(cell, testPath, 'n8n'));
	await timed('n8n start (until ready and serving REST)', () => server.start()).catch(
		(error: unknown) => {
			keepLog();
			throw error;
		},
	);
	const explain = () =>
		`${server.explain()}\n(Its whole log goes to ${path.join(N8N_LOGS_DIR, cell)} when this file ends.)`;
	const rest = new N8nRestClient(server.url, target.n8nMajor, { explain });
	await timed('owner setup', () => rest.ensureOwner(OWNER));

	const flatted = createRequire(path.join(runtime.layout.nodeModules, 'n8n', 'package.json'))(
		'flatted',
	) as {
		parse(text: string): unknown;
	};
	return {
		target,
		runtime,
		sandbox,
		platform: new SandboxClient(sandbox.baseUrl, sandbox.config.demoToken),
		server,
		cli,
		rest,
		userFolder,
		webhookBase: webhookBaseUrl({ port }),
		unflatten: (data) => flatted.parse(data),
		quiet: () => untilQuiet({ webhooks: sandbox.state.webhooks!, rest, owed }),
		async close() {
			await server.stop();
			keepLog();
			await sandbox.close();
			if (!process.env.EDU_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
		},
	};
}
