// Pure: no n8n import. The platform's OAuth2 scopes (docs/api-contract.md §5, §6.2) in one place.
// n8n loads every credential type when it starts, so the credentials build their texts and the
// OAuth2 Scopes options from this file alone, not from the resource registry, which loads every
// node module; the resource descriptors take their scope from here too.
import type { INodePropertyOptions } from 'n8n-workflow';

/** Each record resource's read scope, by its Resource value, in the Resource selectors' order. */
export const READ_SCOPES = {
	student: 'students:read',
	enrollment: 'enrollments:read',
	payment: 'payments:read',
	examResult: 'exam_results:read',
} as const;

/** Webhook Subscription and Webhook Delivery read with one, change with the other (which includes it); the trigger needs both. */
export const WEBHOOK_SCOPES = { read: 'webhooks:read', write: 'webhooks:write' } as const;

/** What the access-token credential's test lists: one student, under the scope nearly every token has. */
export const CONNECTION_TEST = { scope: READ_SCOPES.student, path: '/students' } as const;

/**
 * The records a read scope lets a token read, as texts name them: `exam_results:read` → "exam
 * results", each resource's plural (test/nodes/shared/resources/descriptorChecks.ts holds them to it).
 */
export function recordsOf(scope: string): string {
	return scope.replace(/:.*$/, '').replace(/_/g, ' ');
}

function titleCase(text: string): string {
	return text.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
}

/** The OAuth2 credential's Scopes options: each record resource's read scope, e.g. "Read Payments (payments:read)", then the webhook scopes. */
export function scopeOptions(): INodePropertyOptions[] {
	const { read, write } = WEBHOOK_SCOPES;
	return [
		...Object.values(READ_SCOPES).map((scope) => ({
			name: `Read ${titleCase(recordsOf(scope))} (${scope})`,
			value: scope,
			description: `List and get ${recordsOf(scope)} (Education Platform node)`,
		})),
		{
			name: `Read Webhooks (${read})`,
			value: read,
			description: 'List webhook subscriptions and their deliveries',
		},
		{
			name: `Manage Webhooks (${write})`,
			value: write,
			description:
				'Create and delete webhook subscriptions and redeliver their events: the Education Platform Trigger, and Delete and Redeliver in the Education Platform node',
		},
	];
}

/**
 * What an OAuth2 credential whose Scopes were never changed asks for: every scope it offers, so
 * every operation of the nodes works on first use (docs/credentials.md, "Scopes").
 */
export function defaultScopes(): string[] {
	return scopeOptions().map((option) => String(option.value));
}
