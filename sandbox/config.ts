/**
 * Sandbox configuration: defaults, environment variables and command-line flags (flags win).
 * Pure: `parseConfig({ env, argv })` reads only what it is given and throws `ConfigError` with a
 * message naming the setting to fix.
 *
 * | flag                    | env var                      | default |
 * | ----------------------- | ---------------------------- | ------- |
 * | --host                  | SANDBOX_HOST                 | 127.0.0.1 |
 * | --port                  | SANDBOX_PORT                 | 4010 |
 * | --seed                  | SANDBOX_SEED                 | 42 (any string is hashed) |
 * | --students              | SANDBOX_STUDENTS             | 2000 |
 * | --demo-token            | SANDBOX_DEMO_TOKEN           | demo-token |
 * | --oauth-client-id       | SANDBOX_OAUTH_CLIENT_ID      | demo-client |
 * | --oauth-client-secret   | SANDBOX_OAUTH_CLIENT_SECRET  | demo-secret |
 * | --oauth-redirect-uris   | SANDBOX_OAUTH_REDIRECT_URIS  | n8n's callback on localhost/127.0.0.1:5678 (comma-separated; `*` allows any) |
 * | --auto-approve          | SANDBOX_AUTO_APPROVE         | false |
 * | --token-ttl             | SANDBOX_TOKEN_TTL            | 3600 (OAuth access-token lifetime, seconds) |
 * | --rate-limit            | SANDBOX_RATE_LIMIT           | 600 (requests per 60 s window per token) |
 * | --rate-limit-window-ms  | SANDBOX_RATE_LIMIT_WINDOW_MS | 60000 (a test setting: the window's length; the contract's is 60 s) |
 * | --faults                | SANDBOX_FAULTS               | none (JSON array of fault rules, see schemas/faults.ts) |
 * | --fault-rate            | SANDBOX_FAULT_RATE           | 0 (probability of a random fault on each API request) |
 * | --fault-seed            | SANDBOX_FAULT_SEED           | the seed |
 * | --quiet                 | SANDBOX_QUIET                | false (no request log) |
 * | --webhook-retry-scale   | SANDBOX_WEBHOOK_RETRY_SCALE  | 1 (multiplies the 5 s … 10 h retry schedule; 0.001 for demos) |
 * | --webhook-timeout-ms    | SANDBOX_WEBHOOK_TIMEOUT_MS   | 15000 (per delivery attempt) |
 * | --live                  | SANDBOX_LIVE                 | false (emit a stream of demo events) |
 * | --live-interval         | SANDBOX_LIVE_INTERVAL        | 5 (seconds between live-mode events) |
 */
import { readArgs, type Flags } from './args';
import type { Clock } from './clock';
import { hashString } from './random';
import { FaultRulesSchema, type FaultRule } from './schemas/faults';

export const DEFAULT_REDIRECT_URIS = [
	'http://localhost:5678/rest/oauth2-credential/callback',
	'http://127.0.0.1:5678/rest/oauth2-credential/callback',
];

export interface ExtraToken {
	token: string;
	scopes: string[];
}

export interface SandboxConfig {
	host: string;
	/** 0 picks a free port (tests). */
	port: number;
	seed: number;
	students: number;
	demoToken: string;
	/** More personal access tokens, e.g. with fewer scopes for 403 tests. */
	tokens: ExtraToken[];
	oauthClientId: string;
	oauthClientSecret: string;
	oauthRedirectUris: string[];
	autoApprove: boolean;
	/** OAuth access-token lifetime in seconds. */
	tokenTtl: number;
	rateLimit: number;
	/**
	 * The rate-limit window's length, ms. The contract's is 60 s (the default); a test that waits a
	 * window out shortens it, and the node reads the window from the headers like any other.
	 */
	rateLimitWindowMs: number;
	faults: FaultRule[];
	faultRate: number;
	faultSeed: number;
	/** Check every response body against the zod schemas (500 on a mismatch). */
	validateResponses: boolean;
	/** Log requests (fastify logger). */
	logRequests: boolean;
	/** Multiplies the webhook retry schedule (contract §8.5); tests and demos use e.g. 0.001. */
	webhookRetryScale: number;
	/** Per-attempt webhook delivery timeout, ms (contract: 15 000). */
	webhookTimeoutMs: number;
	/** Live mode: emit a plausible stream of events every `liveIntervalMs` (sandbox/events/live.ts). */
	live: boolean;
	liveIntervalMs: number;
	/** Time source; tests inject a `ManualClock`. */
	clock?: Clock;
}

export const DEFAULT_CONFIG: SandboxConfig = {
	host: '127.0.0.1',
	port: 4010,
	seed: 42,
	students: 2000,
	demoToken: 'demo-token',
	tokens: [],
	oauthClientId: 'demo-client',
	oauthClientSecret: 'demo-secret',
	oauthRedirectUris: DEFAULT_REDIRECT_URIS,
	autoApprove: false,
	tokenTtl: 3600,
	rateLimit: 600,
	rateLimitWindowMs: 60_000,
	faults: [],
	faultRate: 0,
	faultSeed: 42,
	validateResponses: true,
	logRequests: false,
	webhookRetryScale: 1,
	webhookTimeoutMs: 15_000,
	live: false,
	liveIntervalMs: 5_000,
};

export class ConfigError extends Error {}

interface Setting {
	flag: string;
	env: string;
	apply(config: SandboxConfig, raw: string, source: string): void;
	/** A flag that takes no value (`--auto-approve`). */
	boolean?: boolean;
}

function integer(raw: string, source: string, min: number, max: number): number {
	if (!/^-?\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
		throw new ConfigError(`${source} must be an integer from ${min} to ${max}; got "${raw}".`);
	}
	return Number(raw);
}

function boolean(raw: string, source: string): boolean {
	const value = raw.trim().toLowerCase();
	if (['1', 'true', 'yes', 'on', ''].includes(value)) return true;
	if (['0', 'false', 'no', 'off'].includes(value)) return false;
	throw new ConfigError(`${source} must be true or false; got "${raw}".`);
}

function positiveNumber(raw: string, source: string, max: number): number {
	const value = Number(raw);
	if (raw.trim() === '' || !Number.isFinite(value) || value <= 0 || value > max) {
		throw new ConfigError(`${source} must be a number above 0 and at most ${max}; got "${raw}".`);
	}
	return value;
}

function nonEmpty(raw: string, source: string): string {
	if (raw.trim() === '') throw new ConfigError(`${source} must not be empty.`);
	return raw.trim();
}

export function parseSeed(raw: string): number {
	return /^\d+$/.test(raw.trim()) ? Number(raw) >>> 0 : hashString(raw);
}

function faultRules(raw: string, source: string): FaultRule[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch {
		throw new ConfigError(`${source} must be a JSON array of fault rules; it is not valid JSON.`);
	}
	const result = FaultRulesSchema.safeParse(parsed);
	if (!result.success) {
		const issue = result.error.issues[0];
		throw new ConfigError(
			`${source} has an invalid fault rule at ${issue.path.join('.') || '(root)'}: ${issue.message}.`,
		);
	}
	return result.data;
}

const SETTINGS: Setting[] = [
	{ flag: 'host', env: 'SANDBOX_HOST', apply: (c, r, s) => (c.host = nonEmpty(r, s)) },
	{ flag: 'port', env: 'SANDBOX_PORT', apply: (c, r, s) => (c.port = integer(r, s, 0, 65535)) },
	{ flag: 'seed', env: 'SANDBOX_SEED', apply: (c, r, s) => (c.seed = parseSeed(nonEmpty(r, s))) },
	{
		flag: 'students',
		env: 'SANDBOX_STUDENTS',
		apply: (c, r, s) => (c.students = integer(r, s, 0, 5_000_000)),
	},
	{
		flag: 'demo-token',
		env: 'SANDBOX_DEMO_TOKEN',
		apply: (c, r, s) => (c.demoToken = nonEmpty(r, s)),
	},
	{
		flag: 'oauth-client-id',
		env: 'SANDBOX_OAUTH_CLIENT_ID',
		apply: (c, r, s) => (c.oauthClientId = nonEmpty(r, s)),
	},
	{
		flag: 'oauth-client-secret',
		env: 'SANDBOX_OAUTH_CLIENT_SECRET',
		apply: (c, r, s) => (c.oauthClientSecret = nonEmpty(r, s)),
	},
	{
		flag: 'oauth-redirect-uris',
		env: 'SANDBOX_OAUTH_REDIRECT_URIS',
		apply: (c, r) => {
			c.oauthRedirectUris = r
				.split(',')
				.map((uri) => uri.trim())
				.filter(Boolean);
		},
	},
	{
		flag: 'auto-approve',
		env: 'SANDBOX_AUTO_APPROVE',
		boolean: true,
		apply: (c, r, s) => (c.autoApprove = boolean(r, s)),
	},
	{
		flag: 'token-ttl',
		env: 'SANDBOX_TOKEN_TTL',
		apply: (c, r, s) => (c.tokenTtl = integer(r, s, 1, 31_536_000)),
	},
	{
		flag: 'rate-limit',
		env: 'SANDBOX_RATE_LIMIT',
		apply: (c, r, s) => (c.rateLimit = integer(r, s, 1, 1_000_000)),
	},
	{
		flag: 'rate-limit-window-ms',
		env: 'SANDBOX_RATE_LIMIT_WINDOW_MS',
		apply: (c, r, s) => (c.rateLimitWindowMs = integer(r, s, 1_000, 3_600_000)),
	},
	{ flag: 'faults', env: 'SANDBOX_FAULTS', apply: (c, r, s) => (c.faults = faultRules(r, s)) },
	{
		flag: 'fault-rate',
		env: 'SANDBOX_FAULT_RATE',
		apply: (c, r, s) => {
			const rate = Number(r);
			if (r.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
				throw new ConfigError(`${s} must be a number from 0 to 1; got "${r}".`);
			}
			c.faultRate = rate;
		},
	},
	{
		flag: 'fault-seed',
		env: 'SANDBOX_FAULT_SEED',
		apply: (c, r, s) => (c.faultSeed = parseSeed(nonEmpty(r, s))),
	},
	{
		flag: 'quiet',
		env: 'SANDBOX_QUIET',
		boolean: true,
		apply: (c, r, s) => (c.logRequests = !boolean(r, s)),
	},
	{
		flag: 'webhook-retry-scale',
		env: 'SANDBOX_WEBHOOK_RETRY_SCALE',
		apply: (c, r, s) => (c.webhookRetryScale = positiveNumber(r, s, 1000)),
	},
	{
		flag: 'webhook-timeout-ms',
		env: 'SANDBOX_WEBHOOK_TIMEOUT_MS',
		apply: (c, r, s) => (c.webhookTimeoutMs = integer(r, s, 1, 600_000)),
	},
	{
		flag: 'live',
		env: 'SANDBOX_LIVE',
		boolean: true,
		apply: (c, r, s) => (c.live = boolean(r, s)),
	},
	{
		flag: 'live-interval',
		env: 'SANDBOX_LIVE_INTERVAL',
		apply: (c, r, s) => (c.liveIntervalMs = Math.round(positiveNumber(r, s, 3600) * 1000)),
	},
];

export const USAGE = [
	'Usage: npm run sandbox -- [flags]',
	'',
	...SETTINGS.map(
		(s) =>
			`  --${s.boolean ? `[no-]${s.flag}` : `${s.flag} <value>`}`.padEnd(34) + `(env ${s.env})`,
	),
	'  --help, -h',
].join('\n');

export interface ConfigSources {
	env?: Record<string, string | undefined>;
	argv?: string[];
}

/** `--flag` and `--no-flag` for each boolean setting, `--flag value` for the others. */
const FLAGS: Flags = Object.fromEntries(
	SETTINGS.flatMap(
		({ flag, boolean }): Array<[string, Flags[string]]> =>
			boolean
				? [
						[flag, { type: 'boolean' }],
						[`no-${flag}`, { type: 'boolean' }],
					]
				: [[flag, { type: 'string' }]],
	),
);

/** Defaults ← env ← flags (read by sandbox/args.ts; --help throws HelpRequested). */
export function parseConfig({ env = {}, argv = [] }: ConfigSources = {}): SandboxConfig {
	// Read first: --help and a mistyped flag answer before a bad env var can.
	const { tokens } = readArgs(argv, { flags: FLAGS, usage: USAGE, error: ConfigError });
	const config: SandboxConfig = { ...DEFAULT_CONFIG, tokens: [], faults: [] };
	let faultSeedSet = false;
	const apply = (setting: Setting, raw: string, source: string) => {
		setting.apply(config, raw, source);
		if (setting.flag === 'fault-seed') faultSeedSet = true;
	};
	for (const setting of SETTINGS) {
		const raw = env[setting.env];
		if (raw !== undefined) apply(setting, raw, setting.env);
	}
	// In the order given, so the last of `--live --no-live` wins.
	for (const token of tokens) {
		if (token.kind !== 'option') continue;
		const negated = token.name.startsWith('no-') ? token.name.slice(3) : undefined;
		const setting = SETTINGS.find(
			(s) => s.flag === token.name || (s.boolean && s.flag === negated),
		)!;
		apply(setting, setting.boolean ? String(!negated) : token.value!, `--${setting.flag}`);
	}
	if (!faultSeedSet) config.faultSeed = config.seed;
	return config;
}
