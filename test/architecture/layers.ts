// The layers of nodes/ and sandbox/, top first: a file imports only from its own layer or one
// below (test/architecture/importGraph.test.ts). A path ending in `/` is a folder; a file belongs
// to the longest path that holds it, so `nodes/shared/resources/registry.ts` sits above the rest
// of its folder, and `nodes/EducationPlatform/actions/helpers/` below the rest of the action node.
// docs/development.md's folder map and docs/architecture.md describe the same order in words.
import type { Layer } from './importGraph';

export const NODE_LAYERS: readonly Layer[] = [
	{
		paths: [
			'nodes/EducationPlatform/',
			'nodes/EducationPlatformTrigger/',
			'nodes/EducationPlatformPollingTrigger/',
		],
		reason:
			'the three nodes n8n loads: nothing imports them, and they never import each other (test/layout.test.ts)',
	},
	{
		paths: ['nodes/EducationPlatform/actions/operations.ts'],
		reason:
			"the action node's routing table: the one file that imports the operation folders, each resource's operations composed from them",
	},
	{
		paths: [
			'nodes/EducationPlatform/actions/',
			'nodes/EducationPlatform/actions/record/',
			'nodes/EducationPlatform/actions/webhookSubscription/',
			'nodes/EducationPlatform/actions/webhookDelivery/',
		],
		reason:
			'the router and the panel (Resource, Operation, Tool Description), which the node hands the table; and the operation folders, which never import each other',
	},
	{
		paths: ['nodes/EducationPlatform/actions/helpers/'],
		reason:
			"what the operation folders, the router and the panel share: the operation types, the AI tool variant, the Tool Description, the record an operation acts on, Get Many's parameters and plan",
	},
	{
		paths: ['nodes/shared/resources/registry.ts'],
		reason:
			'the catalog: every resource in one list, which the nodes derive their selectors and events from',
	},
	{
		paths: [
			'nodes/shared/resources/student/',
			'nodes/shared/resources/enrollment/',
			'nodes/shared/resources/payment/',
			'nodes/shared/resources/examResult/',
			'nodes/shared/resources/webhookSubscription/',
			'nodes/shared/resources/webhookDelivery/',
		],
		reason:
			'one resource each, as data: its descriptor, picker and Simplify, listed by the registry',
	},
	{
		paths: ['nodes/shared/resources/'],
		reason:
			'what a resource is (descriptor.ts) and what resources share: record IDs, pickers, Simplify, event groups',
	},
	{
		paths: ['nodes/shared/descriptions/'],
		reason: 'the parameter builders the resources and nodes describe themselves with',
	},
	{
		paths: ['nodes/shared/transport/'],
		reason: 'the one HTTP call every operation and trigger makes',
	},
	{
		paths: ['nodes/shared/thisN8n/'],
		reason:
			"this n8n's webhook address and which subscriptions deliver to it, which the trigger, the webhook resources and the action node read",
	},
	{
		paths: ['nodes/shared/list/'],
		reason: 'pure list queries, pages and dates, which the transport and operations page through',
	},
	{
		paths: ['nodes/shared/'],
		reason: 'the vocabulary every layer speaks: errors, JSON records, constants, OAuth2 scopes',
	},
];

export const SANDBOX_LAYERS: readonly Layer[] = [
	{
		paths: ['sandbox/cli/'],
		reason: 'the command line: reads flags, then starts a sandbox or calls one',
	},
	{
		paths: ['sandbox/index.ts'],
		reason: 'startSandbox(), the one way the CLI, the tests and the benchmarks run a sandbox',
	},
	{ paths: ['sandbox/app.ts'], reason: 'the Fastify app: every plugin registered on one state' },
	{
		paths: ['sandbox/admin/'],
		reason: 'the /sandbox control routes, which change any part of the state',
	},
	{
		paths: ['sandbox/events/'],
		reason: 'emitted events: the routes that emit them, and the records and webhooks they touch',
	},
	{
		paths: ['sandbox/webhooks/'],
		reason: 'subscriptions, their routes and the delivery engine the events go out through',
	},
	{
		paths: ['sandbox/api/'],
		reason: "the platform's record routes and the bearer-token check every API route runs",
	},
	{ paths: ['sandbox/oauth/'], reason: 'the OAuth 2.0 routes and consent page' },
	{
		paths: ['sandbox/state.ts'],
		reason: 'every store of a running sandbox, built from the config, which the routes share',
	},
	{
		paths: ['sandbox/faults/'],
		reason: 'the fault schedule and the hook that applies it to requests',
	},
	{
		paths: ['sandbox/resources/'],
		reason:
			'enrollments, payments and exam results: their definitions, seeding, stores and queries',
	},
	{ paths: ['sandbox/students/'], reason: 'the student population: generated, stored and queried' },
	{
		paths: ['sandbox/auth/'],
		reason: 'the credentials the sandbox issues: tokens, OAuth clients and codes',
	},
	{ paths: ['sandbox/config.ts'], reason: 'the settings, from defaults, environment and flags' },
	{
		paths: ['sandbox/http/'],
		reason: "the contract's error bodies, pagination, validation and rate-limit windows",
	},
	{ paths: ['sandbox/schemas/'], reason: "the contract's shapes: zod schemas and the event types" },
	{
		paths: ['sandbox/clock.ts', 'sandbox/random.ts', 'sandbox/scopes.ts', 'sandbox/args.ts'],
		reason:
			'time, seeded randomness, the scope names and the argument reader every CLI shares: leaves every layer may use',
	},
];
