// The platform's scopes (docs/api-contract.md §5, §6.2): what tokens, OAuth clients, the admin
// routes and the API's checks speak of. A leaf: the config, the schemas and the stores all use it.
export const ALL_SCOPES = [
	'students:read',
	'enrollments:read',
	'payments:read',
	'exam_results:read',
	'webhooks:read',
	'webhooks:write',
] as const;
export type Scope = (typeof ALL_SCOPES)[number];
