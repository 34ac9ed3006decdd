/**
 * Decides which requests get a fault (pure; the HTTP side is in hook.ts).
 *
 * - `FaultInjector(config)` — starts with `config.faults`, plus a seeded random schedule on the API
 *   paths when `config.faultRate > 0` (429 with Retry-After 1, 500, 502, 503, 2 s delay, dropped
 *   connection, truncated body — each equally likely).
 * - `decide(method, path)` — counts the request against every rule it matches and returns the fault
 *   of the first rule that fires, or undefined. Rules count independently, so "the 3rd request to
 *   /v1/students" means the 3rd *matching* request whatever other rules do.
 * - `list()`, `replace(rules)`, `add(rule)`, `remove(id)`, `clear()` — the admin API.
 */
import type { SandboxConfig } from '../config';
import { createRng, type Rng } from '../random';
import type { FaultAction, FaultRule } from '../schemas/faults';

export interface FaultRuleStatus extends FaultRule {
	id: string;
	/** Requests this rule matched so far. */
	matched: number;
	/** Faults it injected so far. */
	injected: number;
}

interface ActiveRule {
	rule: FaultRule & { id: string };
	pattern: RegExp;
	rng: Rng;
	matched: number;
	injected: number;
}

export const SCHEDULE_FAULTS: FaultAction[] = [
	{ type: 'status', status: 429, retry_after: 1 },
	{ type: 'status', status: 500 },
	{ type: 'status', status: 502 },
	{ type: 'status', status: 503 },
	{ type: 'delay', ms: 2000 },
	{ type: 'drop' },
	{ type: 'truncate' },
];

export function globToRegExp(glob: string): RegExp {
	const source = glob
		.split('*')
		.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
		.join('.*');
	return new RegExp(`^${source}$`);
}

export class FaultInjector {
	private rules: ActiveRule[] = [];
	private nextId = 1;

	constructor(
		private readonly config: Pick<SandboxConfig, 'faults' | 'faultRate' | 'faultSeed' | 'seed'>,
	) {
		this.replace(config.faults);
		if (config.faultRate > 0) {
			this.add({
				id: 'schedule',
				path: '*/v1/*',
				probability: config.faultRate,
				seed: config.faultSeed,
				fault: SCHEDULE_FAULTS,
			});
		}
	}

	list(): FaultRuleStatus[] {
		return this.rules.map(({ rule, matched, injected }) => ({ ...rule, matched, injected }));
	}

	add(rule: FaultRule): FaultRuleStatus {
		const id = rule.id ?? `rule_${this.nextId++}`;
		this.rules = this.rules.filter((active) => active.rule.id !== id);
		this.rules.push({
			rule: { ...rule, id },
			pattern: globToRegExp(rule.path ?? '*'),
			rng: createRng(rule.seed ?? this.config.faultSeed),
			matched: 0,
			injected: 0,
		});
		return this.list().find((status) => status.id === id)!;
	}

	replace(rules: FaultRule[]): FaultRuleStatus[] {
		this.rules = [];
		for (const rule of rules) this.add(rule);
		return this.list();
	}

	remove(id: string): boolean {
		const before = this.rules.length;
		this.rules = this.rules.filter((active) => active.rule.id !== id);
		return this.rules.length < before;
	}

	clear(): void {
		this.rules = [];
	}

	decide(method: string, path: string): FaultAction | undefined {
		let chosen: FaultAction | undefined;
		for (const active of this.rules) {
			const { rule } = active;
			if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) continue;
			if (!active.pattern.test(path)) continue;
			active.matched++;
			const fires = this.fires(active);
			if (fires && chosen === undefined) {
				active.injected++;
				chosen = Array.isArray(rule.fault)
					? rule.fault[Math.floor(active.rng() * rule.fault.length)]
					: rule.fault;
			}
		}
		return chosen;
	}

	private fires(active: ActiveRule): boolean {
		const { rule, matched: n } = active;
		// Draw on every matched request so the schedule depends only on the request sequence.
		const draw = rule.probability === undefined ? 0 : active.rng();
		if (rule.times !== undefined && active.injected >= rule.times) return false;
		if (rule.nth) return rule.nth.includes(n);
		const position = n - (rule.after ?? 0);
		if (position < 1) return false;
		if (rule.every !== undefined && position % rule.every !== 0) return false;
		if (rule.probability !== undefined && draw >= rule.probability) return false;
		return true;
	}
}
