import { HelpRequested } from '../../sandbox/args';
import {
	ConfigError,
	DEFAULT_CONFIG,
	DEFAULT_REDIRECT_URIS,
	USAGE,
	parseConfig,
	parseSeed,
} from '../../sandbox/config';

describe('parseConfig', () => {
	it('uses the documented defaults with no env and no flags', () => {
		const config = parseConfig();
		expect(config).toMatchObject({
			host: '127.0.0.1',
			port: 4010,
			students: 2000,
			demoToken: 'demo-token',
			oauthClientId: 'demo-client',
			oauthClientSecret: 'demo-secret',
			oauthRedirectUris: DEFAULT_REDIRECT_URIS,
			autoApprove: false,
			tokenTtl: 3600,
			rateLimit: 600,
			rateLimitWindowMs: 60_000,
			faults: [],
			faultRate: 0,
			seed: DEFAULT_CONFIG.seed,
			faultSeed: DEFAULT_CONFIG.seed,
		});
		expect(DEFAULT_REDIRECT_URIS).toContain(
			'http://localhost:5678/rest/oauth2-credential/callback',
		);
	});

	it('reads every SANDBOX_* variable', () => {
		const config = parseConfig({
			env: {
				SANDBOX_HOST: '127.0.0.2',
				SANDBOX_PORT: '4999',
				SANDBOX_SEED: '7',
				SANDBOX_STUDENTS: '1000000',
				SANDBOX_DEMO_TOKEN: 'tok',
				SANDBOX_OAUTH_CLIENT_ID: 'cid',
				SANDBOX_OAUTH_CLIENT_SECRET: 'csecret',
				SANDBOX_OAUTH_REDIRECT_URIS: 'http://a.example/cb, http://b.example/cb',
				SANDBOX_AUTO_APPROVE: 'true',
				SANDBOX_TOKEN_TTL: '5',
				SANDBOX_RATE_LIMIT: '3000',
				SANDBOX_RATE_LIMIT_WINDOW_MS: '5000',
				SANDBOX_FAULTS:
					'[{"path":"/v1/students","nth":[3,7],"fault":{"type":"status","status":429,"retry_after":1}}]',
				SANDBOX_FAULT_RATE: '0.25',
				SANDBOX_FAULT_SEED: '99',
				SANDBOX_QUIET: 'false',
			},
		});
		expect(config).toMatchObject({
			host: '127.0.0.2',
			port: 4999,
			seed: 7,
			students: 1_000_000,
			demoToken: 'tok',
			oauthClientId: 'cid',
			oauthClientSecret: 'csecret',
			oauthRedirectUris: ['http://a.example/cb', 'http://b.example/cb'],
			autoApprove: true,
			tokenTtl: 5,
			rateLimit: 3000,
			rateLimitWindowMs: 5000,
			faults: [
				{
					path: '/v1/students',
					nth: [3, 7],
					fault: { type: 'status', status: 429, retry_after: 1 },
				},
			],
			faultRate: 0.25,
			faultSeed: 99,
			logRequests: true,
		});
	});

	it('lets flags override env vars, in both --name value and --name=value forms', () => {
		const config = parseConfig({
			env: { SANDBOX_PORT: '5000', SANDBOX_RATE_LIMIT: '10', SANDBOX_AUTO_APPROVE: '1' },
			argv: ['--port', '6000', '--rate-limit=20', '--no-auto-approve', '--students', '5'],
		});
		expect(config).toMatchObject({ port: 6000, rateLimit: 20, autoApprove: false, students: 5 });
		expect(parseConfig({ argv: ['--auto-approve'] }).autoApprove).toBe(true);
		expect(parseConfig({ argv: ['--live', '--no-live'] }).live).toBe(false);
		expect(parseConfig({ argv: ['--no-live', '--live'] }).live).toBe(true);
	});

	it('answers --help and -h with the usage, which lists every flag', () => {
		expect(() => parseConfig({ argv: ['-h'] })).toThrow(HelpRequested);
		expect(() => parseConfig({ argv: ['--port', '1', '--help'] })).toThrow(USAGE);
		expect(USAGE).toContain('--[no-]auto-approve');
		expect(USAGE).toContain('--webhook-timeout-ms <value>');
	});

	it('hashes a non-numeric seed, and the fault seed follows the seed unless set', () => {
		expect(parseSeed('springfield')).toBe(parseSeed('springfield'));
		expect(parseSeed('springfield')).not.toBe(parseSeed('shelbyville'));
		const config = parseConfig({ env: { SANDBOX_SEED: 'springfield' } });
		expect(config.seed).toBe(parseSeed('springfield'));
		expect(config.faultSeed).toBe(config.seed);
	});

	it.each([
		[
			{ env: { SANDBOX_PORT: 'abc' } },
			/SANDBOX_PORT must be an integer from 0 to 65535; got "abc"/,
		],
		[{ env: { SANDBOX_STUDENTS: '-1' } }, /SANDBOX_STUDENTS must be an integer/],
		[{ env: { SANDBOX_AUTO_APPROVE: 'maybe' } }, /SANDBOX_AUTO_APPROVE must be true or false/],
		[
			{ env: { SANDBOX_RATE_LIMIT_WINDOW_MS: '500' } },
			/SANDBOX_RATE_LIMIT_WINDOW_MS must be an integer from 1000 to 3600000; got "500"/,
		],
		[{ env: { SANDBOX_FAULT_RATE: '2' } }, /SANDBOX_FAULT_RATE must be a number from 0 to 1/],
		[{ env: { SANDBOX_FAULTS: '{oops' } }, /SANDBOX_FAULTS must be a JSON array of fault rules/],
		[
			{ env: { SANDBOX_FAULTS: '[{"fault":{"type":"status","status":418}}]' } },
			/SANDBOX_FAULTS has an invalid fault rule at 0\.fault/,
		],
		[{ env: { SANDBOX_DEMO_TOKEN: ' ' } }, /SANDBOX_DEMO_TOKEN must not be empty/],
		[{ argv: ['--colour', 'red'] }, /Unknown flag --colour/],
		[{ argv: ['--port'] }, /--port needs a value/],
		[{ argv: ['--quiet=no'] }, /--quiet takes no value; got "no"/],
		[{ argv: ['students'] }, /Unexpected argument "students"/],
	])('rejects bad input with a message naming the setting: %j', (sources, message) => {
		expect(() => parseConfig(sources)).toThrow(ConfigError);
		expect(() => parseConfig(sources)).toThrow(message);
	});
});
