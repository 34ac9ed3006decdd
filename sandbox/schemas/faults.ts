/**
 * Fault-injection rules (admin API `/sandbox/faults`, `SANDBOX_FAULTS`). A rule picks requests by
 * path glob, method and position among the requests it matched, and injects one fault into them.
 *
 * Example — "requests 3 and 7 to /v1/students get 429 with Retry-After 1":
 * `{"path": "/v1/students", "method": "GET", "nth": [3, 7], "fault": {"type": "status", "status": 429, "retry_after": 1}}`
 */
import { z } from 'zod';

export const FaultActionSchema = z.discriminatedUnion('type', [
	z
		.object({
			type: z.literal('status'),
			status: z.union([
				z.literal(429),
				z.literal(500),
				z.literal(502),
				z.literal(503),
				z.literal(504),
			]),
			retry_after: z.number().int().min(0).max(3600).optional(),
		})
		.strict(),
	z.object({ type: z.literal('delay'), ms: z.number().int().min(0).max(120_000) }).strict(),
	z.object({ type: z.literal('drop') }).strict(),
	z.object({ type: z.literal('truncate') }).strict(),
]);

export const FaultRuleSchema = z
	.object({
		id: z.string().min(1).max(100).optional(),
		/** Glob against the request path without query; `*` matches any characters. Default `*`. */
		path: z.string().min(1).max(500).optional(),
		/** HTTP method; default any. */
		method: z.string().min(1).max(10).optional(),
		/** Inject into these 1-based positions among the requests this rule matched. */
		nth: z.array(z.number().int().min(1)).min(1).optional(),
		/** Skip the first N matched requests. */
		after: z.number().int().min(0).optional(),
		/** Inject into every k-th matched request (counted after `after`). */
		every: z.number().int().min(1).optional(),
		/** Inject with this probability, drawn from a generator seeded with `seed` (or the sandbox seed). */
		probability: z.number().min(0).max(1).optional(),
		seed: z.number().int().optional(),
		/** Stop after this many injections. */
		times: z.number().int().min(1).optional(),
		/** The fault, or a list the rule picks from (seeded) on each injection. */
		fault: z.union([FaultActionSchema, z.array(FaultActionSchema).min(1)]),
	})
	.strict();

export const FaultRulesSchema = z.array(FaultRuleSchema);

export type FaultAction = z.infer<typeof FaultActionSchema>;
export type FaultRule = z.infer<typeof FaultRuleSchema>;
