// Four projects: `unit` (pure modules, nodes run through n8n's engine with nock, the sandbox, and
// the nodes against the live sandbox), `e2e` (the packed package inside a real n8n process),
// `browser` (the same, driven through n8n's editor in Chromium) and `queue` (n8n 2.41's queue
// mode: Postgres, Redis, main, webhook processes, workers, nginx).
// The e2e project runs on the n8n that EDU_E2E_N8N names (test/e2e/support/target.ts); which files
// run on which n8n is test/e2e/cells.ts's, passed by tooling/test-matrix.ts as --testPathPatterns.
// Only the top-level files of test/e2e, test/browser and test/e2e-queue need a real n8n; the tests of
// their support modules (e.g. test/e2e/support/target.test.ts) are unit tests, run by `unit` alone.
/** @type {import('jest').Config} */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', isolatedModules: true }] },
};

module.exports = {
	// Not jest's 5 s, for every unit test: a virtual-time test (test/harness/virtualTime.ts) steps a
	// minutes-long retry window through event-loop turns, about 1 s on an idle machine and over 5 s
	// under load. Jest reads this at the top level only; in a project it was ignored, and unit tests
	// failed at 5 s on a busy machine (issue 48). The e2e, browser and queue files set their own.
	testTimeout: 30_000,
	projects: [
		{
			...shared,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: ['<rootDir>/test/(e2e|browser|e2e-queue)/[^/]+$'],
		},
		{
			...shared,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/*.test.ts'],
			// Installs the pinned n8n runtime when missing, builds and packs the package; prints timings.
			globalSetup: '<rootDir>/test/e2e/global-setup.ts',
			globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
		},
		{
			...shared,
			displayName: 'browser',
			testMatch: ['<rootDir>/test/browser/*.test.ts'],
			// The e2e project's setup: the n8n runtime, and the package built and packed once.
			globalSetup: '<rootDir>/test/e2e/global-setup.ts',
			globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
		},
		{
			...shared,
			displayName: 'queue',
			testMatch: ['<rootDir>/test/e2e-queue/*.test.ts'],
			// The same set-up: the runtime, then build and pack. Needs postgresql, redis-server and nginx.
			globalSetup: '<rootDir>/test/e2e/global-setup.ts',
			globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
		},
	],
};
