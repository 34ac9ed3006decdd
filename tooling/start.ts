// `npm start`: the sandbox platform plus a real n8n with this package installed the way the
// Community Nodes panel installs it, an owner login, credentials pointing at the sandbox (and the
// trigger watchdog's n8n API credential, with an API key of the owner) and the example workflows
// (trigger demos active). Ctrl+C stops everything. See docs/running-n8n.md.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { printedHelp } from '../sandbox/args';
import { DEFAULT_REDIRECT_URIS, parseConfig } from '../sandbox/config';
import { startSandbox, type RunningSandbox } from '../sandbox/index';
import { ensureRuntime, type RuntimeInfo } from './n8n-runtime/install';
import { REPO_ROOT } from './n8n-runtime/runtime';
import {
	buildAndPack,
	installLikeCommunityPanel,
	type PackedPackage,
} from './lib/community-package';
import { demoCredentials } from './lib/demo-credentials';
import { loadExamples, type Example } from './lib/examples';
import {
	API_KEY_LABEL,
	ensureN8nApiCredentials,
	n8nApiCredential,
	n8nApiCredentialsOf,
	readApiKeyFile,
	writeApiKeyFile,
	type CredentialRef,
} from './lib/n8n-api-credential';
import { N8nCli } from './lib/n8n-cli';
import { N8nRestClient, N8nRestError } from './lib/n8n-rest';
import type { AppliedSetting } from './lib/n8n-env';
import { N8nServer } from './lib/n8n-server';
import { isPortInUse } from './lib/ports';
import { seedExactlyOnceExample } from './lib/queue/exactly-once-example';
import { QueueTopology } from './lib/queue/topology';
import { formatSeconds, stopAllTracked } from './lib/processes';
import { publishSubWorkflows, subWorkflowIdsOf } from './lib/sub-workflows';
import {
	listSubscriptions,
	reactivateTriggerWorkflows,
	waitForSubscriptions,
} from './lib/trigger-subscriptions';
import { formatSummary, type N8nApiKeyOutcome, type SummaryInput } from './start-summary';
import {
	StartUsageError,
	parseStartOptions,
	startN8nSettings,
	userFolderFor,
	type StartOptions,
} from './start-options';

const SEED_MARKER = 'examples-imported.json';
/**
 * The n8n API credential's key, kept beside n8n's database so a restart imports the credential
 * with it again instead of making the owner another key. Readable by the owner only; the folder
 * already holds every credential, encrypted with the demo's fixed key (lib/n8n-env.ts).
 */
const API_KEY_FILE = 'n8n-api-key';

function relative(file: string): string {
	const rel = path.relative(REPO_ROOT, file);
	return rel.startsWith('..') ? file : rel;
}

function step(title: string): () => void {
	const started = Date.now();
	process.stdout.write(`• ${title}…`);
	return () => process.stdout.write(` ${formatSeconds(Date.now() - started)}\n`);
}

async function ensurePortsFree(options: StartOptions): Promise<void> {
	for (const [what, port, flag] of [
		['The sandbox', options.sandboxPort, '--sandbox-port / SANDBOX_PORT'],
		['n8n', options.n8nPort, '--n8n-port / DEMO_N8N_PORT'],
	] as const) {
		if (await isPortInUse(port)) {
			throw new StartUsageError(
				`${what} needs 127.0.0.1:${port}, but something is already listening there (another npm start?). ` +
					`Stop it, or pick another port with ${flag}.`,
			);
		}
	}
}

class Demo {
	private sandbox?: RunningSandbox;
	private server?: N8nServer;
	private queue?: QueueTopology;
	private stopping?: Promise<void>;

	constructor(private readonly options: StartOptions) {}

	private get userFolder(): string {
		return userFolderFor(this.options);
	}

	/** Queue mode's processes, databases and logs; emptied on every start. */
	private get queueDir(): string {
		return path.join(this.options.dataDir, 'queue');
	}

	/** Where n8n answers (in queue mode nginx, on the same port). */
	private get n8nUrl(): string {
		return `http://127.0.0.1:${this.options.n8nPort}`;
	}

	private get apiKeyFile(): string {
		return path.join(this.options.queue ? this.queueDir : this.userFolder, API_KEY_FILE);
	}

	/** The key the last start gave the n8n API credential, if this data folder has one. */
	private storedApiKey(): string | undefined {
		return readApiKeyFile(this.apiKeyFile);
	}

	/** The recommended n8n settings with the --n8n-env ones over them. */
	private get n8nSettings(): AppliedSetting[] {
		return startN8nSettings(this.options);
	}

	private get n8nExtraEnv(): Record<string, string> {
		return Object.fromEntries(this.n8nSettings.map(({ name, value }) => [name, value]));
	}

	async run(): Promise<void> {
		const started = Date.now();
		const { options } = this;
		await ensurePortsFree(options);

		console.log('• n8n runtime (installed once into the cache, reused afterwards)');
		const runtime = await ensureRuntime({
			spec: options.runtime,
			log: (line) => console.log(`  ${line}`),
		});
		console.log(`  n8n ${runtime.n8nVersion} on ${runtime.nodeBinary}`);

		let done = step('Building and packing n8n-nodes-education-platform');
		const packed = await buildAndPack(path.join(options.dataDir, 'package'));
		done();
		if (options.queue) return this.runQueue(runtime, packed, started);

		if (options.fresh && existsSync(this.userFolder)) {
			done = step(`Removing the previous data folder (--fresh): ${relative(this.userFolder)}`);
			rmSync(this.userFolder, { recursive: true, force: true });
			done();
		}
		const firstRun = !existsSync(path.join(this.userFolder, SEED_MARKER));

		done = step('Installing the package into n8n the way the Community Nodes panel does');
		await installLikeCommunityPanel(packed, this.userFolder);
		done();

		await this.startSandbox();

		const envOptions = {
			userFolder: this.userFolder,
			port: options.n8nPort,
			nodeBinary: runtime.nodeBinary,
			extra: this.n8nExtraEnv,
		};
		const cli = new N8nCli({ runtime, env: envOptions });
		const examples = loadExamples();
		await this.seed(cli, examples, firstRun);

		done = step(
			`Starting n8n on 127.0.0.1:${options.n8nPort} (log: ${relative(path.join(this.userFolder, 'n8n.log'))})`,
		);
		let ready = false;
		const server = new N8nServer({
			runtime,
			userFolder: this.userFolder,
			port: options.n8nPort,
			extra: this.n8nExtraEnv,
			onLine: (line) => {
				if (ready && line.trim() !== '') console.log(`  [n8n] ${line}`);
			},
		});
		this.server = server;
		await server.start();
		done();

		await this.activateAndReport(
			new N8nRestClient(server.url, options.runtime.n8nMajor, { explain: () => server.explain() }),
			server.url,
			examples,
			firstRun,
			started,
		);
		ready = true;
		await this.untilExit(this.server, 'n8n');
	}

	/** Runs until `server` exits; an exit nobody asked for stops everything else too. */
	private async untilExit(server: N8nServer, label: string): Promise<void> {
		const exit = await server.whenExited();
		if (!this.stopping) {
			console.error(
				`\n${label} stopped unexpectedly (${exit.signal ?? `exit code ${exit.code}`}). Last lines of its log:\n${server.tail()}`,
			);
			await this.stop();
			process.exitCode = 1;
		}
	}

	private async startSandbox(): Promise<RunningSandbox> {
		const { options } = this;
		const done = step(`Starting the sandbox on 127.0.0.1:${options.sandboxPort}`);
		const sandboxConfig = parseConfig({ env: process.env });
		this.sandbox = await startSandbox({
			...sandboxConfig,
			host: '127.0.0.1',
			port: options.sandboxPort,
			oauthRedirectUris: [
				...new Set([
					...sandboxConfig.oauthRedirectUris,
					...DEFAULT_REDIRECT_URIS,
					`http://127.0.0.1:${options.n8nPort}/rest/oauth2-credential/callback`,
					`http://localhost:${options.n8nPort}/rest/oauth2-credential/callback`,
				]),
			],
		});
		done();
		return this.sandbox;
	}

	/**
	 * Credentials on every start (they follow the sandbox's address and login; the n8n API one keeps
	 * the last start's key, checked once n8n runs); examples once per data folder.
	 */
	private async seed(cli: N8nCli, examples: Example[], firstRun: boolean): Promise<void> {
		const sandbox = this.sandbox!;
		const apiKey = this.storedApiKey();
		let done = step(
			'Importing the sandbox credentials and the n8n API credential (n8n import:credentials)',
		);
		await cli.importCredentials([
			...demoCredentials({
				baseUrl: sandbox.baseUrl,
				token: sandbox.config.demoToken,
				clientId: sandbox.config.oauthClientId,
				clientSecret: sandbox.config.oauthClientSecret,
			}),
			...n8nApiCredentialsOf(examples.map(({ workflow }) => workflow)).map((ref) =>
				n8nApiCredential(ref, apiKey ? { n8nUrl: this.n8nUrl, apiKey } : undefined),
			),
		]);
		done();
		if (firstRun) {
			// Only once per data folder, so changes made in the editor survive a restart.
			done = step(`Importing ${examples.length} example workflows (n8n import:workflow)`);
			await cli.importWorkflows(examples.map(({ workflow }) => ({ ...workflow, active: false })));
			done();
		}
	}

	/** Owner, trigger activation (or re-registration), the seed marker and the summary. */
	private async activateAndReport(
		rest: N8nRestClient,
		n8nUrl: string,
		examples: Example[],
		firstRun: boolean,
		started: number,
	): Promise<void> {
		const { options } = this;
		const sandbox = this.sandbox!;
		let done = step('Owner account');
		const ownerCreated = await this.ensureOwner(rest);
		done();
		const n8nApiCredentials = n8nApiCredentialsOf(examples.map(({ workflow }) => workflow));
		const n8nApiKey = await this.connectN8nApi(rest, n8nUrl, n8nApiCredentials);
		const subWorkflows = subWorkflowIdsOf(examples.map(({ workflow }) => workflow));
		if (firstRun && rest.n8nMajor === 2 && subWorkflows.length > 0) {
			// The trigger watchdog's sub-workflows: its runs use their published version (lib/sub-workflows.ts).
			done = step(
				`Publishing ${subWorkflows.length} sub-workflows (the trigger watchdog runs their published version)`,
			);
			await publishSubWorkflows(rest, subWorkflows);
			done();
		}

		const triggers = examples.filter((example) => example.triggerEvents);
		let expectedSubscriptions = 0;
		if (firstRun && options.activateTriggers) {
			done = step(
				`Activating ${triggers.length} trigger examples (they subscribe to the sandbox's webhooks)`,
			);
			for (const example of triggers) await rest.activateWorkflow(example.workflow.id);
			expectedSubscriptions = triggers.length;
			done();
		} else if (!firstRun) {
			// The sandbox starts empty every time, but n8n does not re-register the webhooks of
			// workflows that were already active, so deactivate and activate them once.
			done = step('Re-registering active trigger workflows with the fresh sandbox');
			expectedSubscriptions = await reactivateTriggerWorkflows(rest);
			done();
		}
		if (
			expectedSubscriptions > 0 &&
			!(await waitForSubscriptions(
				sandbox.baseUrl,
				sandbox.config.demoToken,
				expectedSubscriptions,
			))
		) {
			console.log(
				`  (the sandbox lists fewer than ${expectedSubscriptions} webhook subscriptions; see the n8n log)`,
			);
		}
		if (!options.queue) {
			writeFileSync(
				path.join(this.userFolder, SEED_MARKER),
				JSON.stringify(
					{ importedAt: new Date().toISOString(), examples: examples.map((e) => e.file) },
					null,
					2,
				),
			);
		}
		const n8nApi = { credentials: n8nApiCredentials.map(({ name }) => name), key: n8nApiKey };
		await this.printSummary(n8nUrl, examples, ownerCreated, n8nApi, Date.now() - started);
	}

	/**
	 * The n8n API credential the trigger watchdog example reads workflows with (the key is kept
	 * between starts: see API_KEY_FILE). A failure is reported, not fatal: no other example needs it.
	 */
	private async connectN8nApi(
		rest: N8nRestClient,
		n8nUrl: string,
		credentials: CredentialRef[],
	): Promise<N8nApiKeyOutcome> {
		const done = step(`n8n API credential (an API key of the owner, "${API_KEY_LABEL}")`);
		try {
			const { apiKey, created } = await ensureN8nApiCredentials(
				rest,
				credentials,
				n8nUrl,
				this.storedApiKey(),
			);
			if (created) writeApiKeyFile(this.apiKeyFile, apiKey);
			return created ? 'created' : 'kept';
		} catch (error) {
			return { problem: error instanceof Error ? error.message : String(error) };
		} finally {
			done();
		}
	}

	/** `--queue`: a fresh queue-mode deployment with nginx on the n8n port (tooling/lib/queue/). */
	private async runQueue(
		runtime: RuntimeInfo,
		packed: PackedPackage,
		started: number,
	): Promise<void> {
		const { options } = this;
		const dir = this.queueDir;
		// Queue mode always starts from an empty database; the logs of the last run stay until the next.
		rmSync(dir, { recursive: true, force: true });
		await this.startSandbox();
		const examples = loadExamples();
		console.log(`• Queue mode (logs: ${relative(dir)}/)`);
		let ready = false;
		this.queue = await QueueTopology.start({
			runtime,
			packed,
			dir,
			port: options.n8nPort,
			mains: options.mains,
			extraEnv: this.n8nExtraEnv,
			seed: async (cli, topology) => {
				await this.seed(cli, examples, true);
				const name = await seedExactlyOnceExample(cli, topology);
				console.log(
					`  Imported "${name}" (examples/queue-mode/, inactive) with a Postgres credential and its claims table`,
				);
			},
			log: (line) => console.log(`  ${line}`),
			onLine: (role, index, line) => {
				if (ready && line.trim() !== '') console.log(`  [${role} ${index + 1}] ${line}`);
			},
		});
		await this.activateAndReport(
			new N8nRestClient(this.queue.url, options.runtime.n8nMajor),
			this.queue.url,
			examples,
			true,
			started,
		);
		ready = true;
		await this.untilMainsExit(this.queue.mains);
	}

	/**
	 * Runs until the last main exits. With several, a main that stops is the leader change to try
	 * (kill one): the others go on, and one of them takes over as leader.
	 */
	private async untilMainsExit(mains: N8nServer[]): Promise<void> {
		if (mains.length === 1) return this.untilExit(mains[0], 'n8n main');
		await Promise.all(
			mains.map(async (main, index) => {
				const exit = await main.whenExited();
				const left = mains.filter((other) => other.running).length;
				if (!this.stopping && left > 0) {
					console.log(
						`\nn8n main ${index + 1} stopped (${exit.signal ?? `exit code ${exit.code}`}); ${left} main(s) go on, and one of them leads (its log says "Leader is now this instance").`,
					);
				}
			}),
		);
		await this.untilExit(mains[0], 'every n8n main');
	}

	/** Creates the owner on a fresh data folder; true when it did. */
	private async ensureOwner(rest: N8nRestClient): Promise<boolean> {
		const { owner } = this.options;
		try {
			return (await rest.ensureOwner(owner)) === 'created';
		} catch (error) {
			if (error instanceof N8nRestError && error.status === 401) {
				throw new StartUsageError(
					`This data folder already has an owner, and ${owner.email} with the given password cannot log in. ` +
						'Use the DEMO_OWNER_EMAIL / DEMO_OWNER_PASSWORD of the first start, or run `npm start -- --fresh` to start over.',
				);
			}
			throw error;
		}
	}

	private async printSummary(
		n8nUrl: string,
		examples: Example[],
		ownerCreated: boolean,
		n8nApi: SummaryInput['n8nApi'],
		elapsedMs: number,
	): Promise<void> {
		const sandbox = this.sandbox!;
		const { config } = sandbox;
		const subscriptions = await listSubscriptions(sandbox.baseUrl, config.demoToken).catch(
			() => [],
		);
		console.log(
			formatSummary({
				elapsed: formatSeconds(elapsedMs),
				n8nUrl,
				owner: this.options.owner,
				ownerCreated,
				sandbox: {
					baseUrl: sandbox.baseUrl,
					port: sandbox.port,
					token: config.demoToken,
					clientId: config.oauthClientId,
					clientSecret: config.oauthClientSecret,
				},
				dataDir: relative(this.options.dataDir),
				queue: this.queue?.describe(),
				examples,
				n8nApi,
				subscriptions,
				n8nSettings: this.n8nSettings,
			}),
		);
	}

	stop(): Promise<void> {
		this.stopping ??= (async () => {
			await this.server?.stop();
			await this.queue?.stop();
			await stopAllTracked();
			await this.sandbox?.close();
		})();
		return this.stopping;
	}
}

async function main(): Promise<void> {
	const options = parseStartOptions(process.argv.slice(2), process.env);
	const demo = new Demo(options);
	let signalled = false;
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.on(signal, () => {
			if (signalled) return;
			signalled = true;
			console.log(`\n${signal}: stopping n8n and the sandbox…`);
			demo.stop().then(
				() => {
					console.log('Stopped.');
					process.exit(0);
				},
				(error: unknown) => {
					console.error(error);
					process.exit(1);
				},
			);
		});
	}
	try {
		await demo.run();
	} catch (error) {
		await demo.stop();
		throw error;
	}
}

main().catch((error: unknown) => {
	if (printedHelp(error)) return;
	console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
});
