// Pure: no n8n import.
// The n8n settings that decide how fast a trigger ingests deliveries (n8n 2.x's expression engine),
// as `npm run bench:n8n` measures them: one n8n start per setting (`--engines`).
import path from 'node:path';

export interface EngineSetting {
	/** What `--engines` takes. */
	name: string;
	/** The settings as the table prints them. */
	label: string;
	env: Record<string, string>;
	/** A line n8n prints at start-up when the setting took effect (the bench checks it). */
	confirmation?: string;
}

const lazyPool = (size: number): EngineSetting => ({
	name: `lazy-pool-${size}`,
	label: `N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true N8N_EXPRESSION_ENGINE_POOL_SIZE=${size}`,
	env: {
		N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true',
		N8N_EXPRESSION_ENGINE_POOL_SIZE: String(size),
	},
});

/** Every setting the engine table can measure, in the order it prints them. */
export const ENGINE_SETTINGS: readonly EngineSetting[] = [
	{ name: 'default', label: "n8n's defaults (vm engine, eager acquisition, pool of 1)", env: {} },
	lazyPool(1),
	lazyPool(2),
	lazyPool(4),
	lazyPool(8),
	{
		name: 'legacy',
		label: 'N8N_EXPRESSION_ENGINE=legacy',
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
	// Not an n8n setting: n8n's defaults with the change docs/performance.md proposes, applied in memory.
	{
		name: 'static-webhook',
		label:
			"n8n's defaults + the proposed change (any trigger with a static webhook skips the isolate)",
		env: { NODE_OPTIONS: `--require ${path.join(__dirname, 'staticWebhookPatch.cjs')}` },
		confirmation: 'static-webhook patch: webhookPhaseNeedsIsolate no longer checks the node type',
	},
];

/** What a full run measures: lazy acquisition (which `npm start` applies, with one of these pool sizes) at each pool size, and the legacy engine. */
export const FULL_ENGINES = [
	'lazy-pool-1',
	'lazy-pool-2',
	'lazy-pool-4',
	'lazy-pool-8',
	'legacy',
] as const;

/** `--engines a,b`: the named settings, in the table's order; an unknown name is an error that lists the known ones. */
export function parseEngines(list: string): EngineSetting[] {
	const names = list.split(',').map((name) => name.trim());
	const unknown = names.filter((name) => !ENGINE_SETTINGS.some((setting) => setting.name === name));
	if (unknown.length)
		throw new Error(
			`Unknown engine setting "${unknown.join('", "')}" in --engines: the settings are ${ENGINE_SETTINGS.map((s) => s.name).join(', ')}.`,
		);
	return ENGINE_SETTINGS.filter((setting) => names.includes(setting.name));
}
