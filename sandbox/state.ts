/**
 * Everything a running sandbox knows, shared by all routes and plugins.
 *
 * - `config` — the resolved `SandboxConfig`.
 * - `clock` — time source (`clock.now()` in ms); tests inject a `ManualClock`.
 * - `students` — the `StudentStore` (query/get/create/update).
 * - `tokens` — the `TokenStore` (PATs, OAuth access and refresh tokens).
 * - `oauth` — OAuth clients, authorization codes and pending consents.
 * - `rateLimiter` — the per-token `RateLimiter`.
 * - `faults` — the `FaultInjector` (rules from config and `/sandbox/faults`).
 *
 * Plugins add their own slots by augmenting `SandboxPluginSlots` (declaration merging), e.g.
 * `declare module '../state' { interface SandboxPluginSlots { webhooks: WebhookStore } }`, and set
 * them when they register; the slots are optional on `SandboxState`.
 */
import { ALL_SCOPES, type SandboxConfig } from './config';
import { systemClock, type Clock } from './clock';
import { TokenStore } from './auth/tokens';
import { FaultInjector } from './faults/injector';
import { RateLimiter } from './http/rateLimit';
import { OAuthStore } from './oauth/store';
import { StudentStore } from './students/store';

/** Empty here; each plugin adds its slot by declaration merging (see above). */
export interface SandboxPluginSlots {}

export interface SandboxState extends Partial<SandboxPluginSlots> {
	config: SandboxConfig;
	clock: Clock;
	students: StudentStore;
	tokens: TokenStore;
	oauth: OAuthStore;
	rateLimiter: RateLimiter;
	faults: FaultInjector;
}

export function createState(config: SandboxConfig): SandboxState {
	const clock = config.clock ?? systemClock;
	const tokens = new TokenStore(clock);
	tokens.addPersonalToken(config.demoToken, ALL_SCOPES);
	for (const extra of config.tokens) tokens.addPersonalToken(extra.token, extra.scopes);
	return {
		config,
		clock,
		students: new StudentStore({ seed: config.seed, count: config.students, clock }),
		tokens,
		oauth: new OAuthStore(config, clock),
		rateLimiter: new RateLimiter(config.rateLimit),
		faults: new FaultInjector(config),
	};
}
