// The environment every n8n process gets (server and CLI). Pure, so it is unit-tested.
import { cleanNpmEnv, pathWithNodeFirst } from '../n8n-runtime/runtime';
import { queueModeEnv, type N8nRole, type QueueBackends } from './queue/queue-env';

/** Fixed so credentials encrypted by one run stay readable by the next (demo data only). */
export const DEMO_ENCRYPTION_KEY = 'education-platform-demo-encryption-key';

export interface N8nEnvOptions {
	userFolder: string;
	/** HTTP port of the server (also used to build WEBHOOK_URL). */
	port: number;
	/** Every n8n process, including each CLI command, needs its own task-broker port. */
	brokerPort: number;
	nodeBinary: string;
	/** The n8n line: decides which variable carries the webhook URL. Default 2. */
	n8nMajor?: 1 | 2;
	encryptionKey?: string;
	host?: string;
	/** Public base URL for webhooks; defaults to http://<host>:<port>/. */
	webhookUrl?: string;
	/** Public URL of the editor (behind a proxy); defaults to http://<host>:<port>/. */
	editorBaseUrl?: string;
	logLevel?: 'error' | 'warn' | 'info' | 'debug';
	/** Queue mode: which process this is, and the Postgres and Redis all of them share. */
	role?: N8nRole;
	queue?: QueueBackends;
	extra?: NodeJS.ProcessEnv;
}

/** n8n 2.x reads its public webhook base URL from N8N_WEBHOOK_URL, n8n 1.x from WEBHOOK_URL. */
export function webhookUrlVariable(n8nMajor: 1 | 2): 'N8N_WEBHOOK_URL' | 'WEBHOOK_URL' {
	return n8nMajor === 1 ? 'WEBHOOK_URL' : 'N8N_WEBHOOK_URL';
}

export function webhookBaseUrl(
	options: Pick<N8nEnvOptions, 'host' | 'port' | 'webhookUrl'>,
): string {
	const base = options.webhookUrl ?? `http://${options.host ?? '127.0.0.1'}:${options.port}/`;
	return base.endsWith('/') ? base : `${base}/`;
}

/** n8n's OAuth2 redirect URI (`<editor base URL>/rest/oauth2-credential/callback`), to register with the platform. */
export function oauth2CallbackUrl(options: Pick<N8nEnvOptions, 'host' | 'port'>): string {
	return `http://${options.host ?? '127.0.0.1'}:${options.port}/rest/oauth2-credential/callback`;
}

/** `NAME=VALUE` as `--n8n-env` takes it (`npm start`, `bench:n8n`); undefined when `raw` is not one. */
export function parseN8nEnvAssignment(
	raw: string | undefined,
): [name: string, value: string] | undefined {
	const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/s.exec(raw ?? '');
	return match ? [match[1], match[2]] : undefined;
}

/** Repeated `--n8n-env NAME=VALUE` flags as settings, the last of a name winning; `error` names the first that is not NAME=VALUE. */
export function n8nEnvFlags(
	raws: readonly string[],
	error: new (message: string) => Error = Error,
): Record<string, string> {
	const settings: Record<string, string> = {};
	for (const raw of raws) {
		const assignment = parseN8nEnvAssignment(raw);
		if (!assignment)
			throw new error(
				`--n8n-env takes NAME=VALUE with an upper-case NAME, e.g. N8N_LOG_LEVEL=debug; got "${raw}".`,
			);
		settings[assignment[0]] = assignment[1];
	}
	return settings;
}

/**
 * The n8n settings README and docs/production.md recommend for production, per n8n line; `npm
 * start` runs the demo with them and a `--n8n-env` of the same name replaces one.
 * - 2.x: N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true and N8N_EXPRESSION_ENGINE_POOL_SIZE=8. n8n 2.41
 *   otherwise builds expression isolates for every request to a trigger other than its own
 *   Webhook node; the pool keeps isolates ready for the executions that do evaluate expressions.
 *   Both keep expressions isolated (the legacy engine, faster still, does not): the measured
 *   settings and their trade-offs are in docs/performance.md, "Trigger ingest per n8n setting".
 * - 1.x: none. n8n 1.123 has no such setting (its ExpressionEngineConfig has no lazyAcquire) and
 *   ignores the variable.
 */
export function recommendedN8nEnv(n8nMajor: 1 | 2): Record<string, string> {
	return n8nMajor === 2
		? { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', N8N_EXPRESSION_ENGINE_POOL_SIZE: '8' }
		: {};
}

export interface AppliedSetting {
	name: string;
	value: string;
	source: 'recommended' | '--n8n-env';
}

/** The recommended settings with the user's `--n8n-env` ones over them, in that order, each named with where it came from. */
export function appliedN8nSettings(
	n8nMajor: 1 | 2,
	fromFlags: Record<string, string>,
): AppliedSetting[] {
	const recommended = Object.entries(recommendedN8nEnv(n8nMajor))
		.filter(([name]) => !(name in fromFlags))
		.map(([name, value]): AppliedSetting => ({ name, value, source: 'recommended' }));
	return [
		...recommended,
		...Object.entries(fromFlags).map(
			([name, value]): AppliedSetting => ({ name, value, source: '--n8n-env' }),
		),
	];
}

export function buildN8nEnv(
	options: N8nEnvOptions,
	parent: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
	const host = options.host ?? '127.0.0.1';
	// Inherit only what a process needs to run (PATH, HOME, locale, TMPDIR…): a stray N8N_* or
	// DB_* variable from the caller's shell must not change the instance under test.
	const inherited = Object.fromEntries(
		Object.entries(cleanNpmEnv(parent)).filter(
			([key]) =>
				!/^(N8N_|DB_|EXECUTIONS_|WEBHOOK_URL$|GENERIC_|QUEUE_|NODE_OPTIONS$|NODE_ENV$)/.test(key),
		),
	);
	return {
		...inherited,
		// n8n starts its JavaScript task runner as plain `node` from PATH: it must be Node 24.
		PATH: pathWithNodeFirst(options.nodeBinary, parent.PATH),
		N8N_USER_FOLDER: options.userFolder,
		N8N_ENCRYPTION_KEY: options.encryptionKey ?? DEMO_ENCRYPTION_KEY,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		// Loopback only.
		N8N_HOST: host,
		N8N_LISTEN_ADDRESS: host,
		N8N_PORT: String(options.port),
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: options.editorBaseUrl ?? `http://${host}:${options.port}/`,
		[webhookUrlVariable(options.n8nMajor ?? 2)]: webhookBaseUrl({ ...options, host }),
		// Plain http on 127.0.0.1: a Secure cookie would not survive the browser.
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// Headless and offline: no telemetry, no calls home, nothing that needs the internet.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// The MCP registry (2.x) refreshes from api.n8n.io at start-up and logs a stack trace
		// offline; n8n 1.x has no such module and refuses to start on an unknown module name.
		...((options.n8nMajor ?? 2) === 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		// Community packages on, explicitly (the default of the second one is going to change).
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_LOG_LEVEL: options.logLevel ?? 'info',
		N8N_LOG_OUTPUT: 'console',
		...(options.queue ? queueModeEnv(options.role ?? 'main', options.queue, options.port) : {}),
		...options.extra,
	};
}
