// Projects: `unit` (pure modules, nodes run through n8n's engine with nock, the sandbox, and
// the nodes against the live sandbox), `e2e` (the packed package inside a real n8n process) and
// `queue` (n8n's queue mode: Postgres, Redis, main, webhook processes, workers, nginx).
/** @type {import('jest').Config} */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', isolatedModules: true }] },
};

module.exports = {
	projects: [
		{
			...shared,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: ['<rootDir>/test/e2e/', '<rootDir>/test/e2e-queue/'],
		},
		{
			...shared,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
			// Installs the pinned n8n runtime when missing, builds and packs the package; prints timings.
			globalSetup: '<rootDir>/test/e2e/global-setup.ts',
			globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
			testTimeout: 300_000,
		},
		{
			...shared,
			displayName: 'queue',
			testMatch: ['<rootDir>/test/e2e-queue/**/*.test.ts'],
			// The same set-up: the runtime, then build and pack. Needs postgresql, redis-server and nginx.
			globalSetup: '<rootDir>/test/e2e/global-setup.ts',
			globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
			testTimeout: 600_000,
		},
	],
};
