/**
 * Everything a running sandbox knows, shared by all routes and plugins.
 *
 * - `config` — the resolved `SandboxConfig`.
 * - `clock` — time source (`clock.now()` in ms); tests inject a `ManualClock`.
 * - `students` — the `StudentStore` (query/get/create/update).
 * - `records` — enrollments, payments and exam results (`RecordStore` per resource path), made
 *   from the students of the initial population and changed by emitted events.
 * - `tokens` — the `TokenStore` (PATs, OAuth access and refresh tokens).
 * - `oauth` — OAuth clients, authorization codes and pending consents.
 * - `rateLimiter` — the per-token `RateLimiter`.
 * - `faults` — the `FaultInjector` (rules from config and `/sandbox/faults`).
 *
 * Plugins add their own slots by augmenting `SandboxPluginSlots` (declaration merging), e.g.
 * `declare module '../state' { interface SandboxPluginSlots { webhooks: WebhookStore } }`, and set
 * them when they register; the slots are optional on `SandboxState`.
 */
import type { SandboxConfig } from './config';
import { ALL_SCOPES } from './scopes';
import { systemClock, type Clock } from './clock';
import { TokenStore } from './auth/tokens';
import { FaultInjector } from './faults/injector';
import { RateLimiter } from './http/rateLimit';
import { OAuthStore } from './auth/oauthStore';
import { StudentStore } from './students/store';
import {
	createRecordStore,
	RESOURCE_DEFINITIONS,
	type ResourceDefinition,
} from './resources/definitions';
import type { RecordStore } from './resources/recordStore';

/** Empty here; each plugin adds its slot by declaration merging (see above). */
export interface SandboxPluginSlots {}

export interface SandboxState extends Partial<SandboxPluginSlots> {
	config: SandboxConfig;
	clock: Clock;
	students: StudentStore;
	records: Record<ResourceDefinition['path'], RecordStore>;
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
	const students = new StudentStore({ seed: config.seed, count: config.students, clock });
	const anchor = clock.now();
	const records = Object.fromEntries(
		RESOURCE_DEFINITIONS.map((definition) => [
			definition.path,
			createRecordStore(definition, students, config.seed, anchor),
		]),
	) as SandboxState['records'];
	return {
		config,
		clock,
		students,
		records,
		tokens,
		oauth: new OAuthStore(config, clock),
		rateLimiter: new RateLimiter(config.rateLimit, config.rateLimitWindowMs),
		faults: new FaultInjector(config),
	};
}
