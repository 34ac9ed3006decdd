import { buildN8nEnv } from '../../../../tooling/lib/n8n-env';
import {
	ROLE_COMMAND,
	describeMains,
	multiMainEnv,
	queueModeEnv,
	type QueueBackends,
} from '../../../../tooling/lib/queue/queue-env';

const backends: QueueBackends = {
	postgres: { host: '127.0.0.1', port: 15432, database: 'n8n', user: 'n8n', password: 'secret' },
	redis: { host: '127.0.0.1', port: 16379 },
};

describe('queue-mode settings per role', () => {
	it('gives every role the same database, queue and mode', () => {
		for (const role of ['main', 'webhook', 'worker'] as const) {
			expect(queueModeEnv(role, backends, 7000)).toMatchObject({
				EXECUTIONS_MODE: 'queue',
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: '15432',
				DB_POSTGRESDB_DATABASE: 'n8n',
				DB_POSTGRESDB_USER: 'n8n',
				DB_POSTGRESDB_PASSWORD: 'secret',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: '16379',
			});
		}
	});

	it('gives a worker its health server on its own port, and main the offloading of manual runs', () => {
		expect(queueModeEnv('worker', backends, 7001)).toMatchObject({
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: '7001',
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		});
		expect(queueModeEnv('main', backends, 7000)).toMatchObject({
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		});
		expect(queueModeEnv('webhook', backends, 7002)).not.toHaveProperty('QUEUE_HEALTH_CHECK_ACTIVE');
		expect(queueModeEnv('webhook', backends, 7002)).not.toHaveProperty(
			'OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS',
		);
	});

	it('leaves community package changes to main: webhook processes and workers ignore its install and update commands', () => {
		expect(queueModeEnv('main', backends, 7000)).not.toHaveProperty(
			'N8N_COMMUNITY_PACKAGES_ENABLED',
		);
		expect(queueModeEnv('webhook', backends, 7002)).toMatchObject({
			N8N_COMMUNITY_PACKAGES_ENABLED: 'false',
		});
		expect(queueModeEnv('worker', backends, 7001)).toMatchObject({
			N8N_COMMUNITY_PACKAGES_ENABLED: 'false',
		});
		// Over buildN8nEnv's own "true" for every process.
		const env = (role: 'main' | 'worker') =>
			buildN8nEnv(
				{
					userFolder: '/u',
					port: 7001,
					brokerPort: 7100,
					nodeBinary: '/node/bin/node',
					role,
					queue: backends,
				},
				{ PATH: '/usr/bin' },
			);
		expect([
			env('main').N8N_COMMUNITY_PACKAGES_ENABLED,
			env('worker').N8N_COMMUNITY_PACKAGES_ENABLED,
		]).toEqual(['true', 'false']);
	});

	it('maps roles to n8n commands', () => {
		expect(ROLE_COMMAND).toEqual({ main: 'start', webhook: 'webhook', worker: 'worker' });
	});

	it('is merged into the process environment, with the public URLs of the proxy', () => {
		const env = buildN8nEnv(
			{
				userFolder: '/u',
				port: 7002,
				brokerPort: 7100,
				nodeBinary: '/node/bin/node',
				role: 'webhook',
				queue: backends,
				webhookUrl: 'http://127.0.0.1:5678/',
				editorBaseUrl: 'http://127.0.0.1:5678/',
			},
			{ PATH: '/usr/bin', EXECUTIONS_MODE: 'regular' },
		);
		expect(env).toMatchObject({
			EXECUTIONS_MODE: 'queue',
			N8N_PORT: '7002',
			N8N_WEBHOOK_URL: 'http://127.0.0.1:5678/',
			N8N_EDITOR_BASE_URL: 'http://127.0.0.1:5678/',
			N8N_RUNNERS_BROKER_PORT: '7100',
		});
	});

	it('leaves a single-process n8n untouched', () => {
		const env = buildN8nEnv(
			{ userFolder: '/u', port: 5678, brokerPort: 5679, nodeBinary: '/node/bin/node' },
			{ PATH: '/usr/bin' },
		);
		expect(env).not.toHaveProperty('EXECUTIONS_MODE');
		expect(env).not.toHaveProperty('DB_TYPE');
	});
});

describe('multi-main settings', () => {
	const env = multiMainEnv('/repo/tooling/lib/queue/multi-main-preload.cjs', 'box-n8n-main-2');

	it("turn on n8n's multi-main setup with the leader election of n8n's own test rig (4 s key, checked every second)", () => {
		expect(env).toMatchObject({
			N8N_MULTI_MAIN_SETUP_ENABLED: 'true',
			N8N_MULTI_MAIN_SETUP_KEY_TTL: '4',
			N8N_MULTI_MAIN_SETUP_CHECK_INTERVAL: '1',
		});
	});

	it("load the development preload into the main, quoted for NODE_OPTIONS, with the main's own host name, and survive buildN8nEnv (which drops the caller's NODE_OPTIONS)", () => {
		expect(env.NODE_OPTIONS).toBe('--require "/repo/tooling/lib/queue/multi-main-preload.cjs"');
		expect(env.EDU_MAIN_HOSTNAME).toBe('box-n8n-main-2');
		const built = buildN8nEnv(
			{
				userFolder: '/u',
				port: 7001,
				brokerPort: 7100,
				nodeBinary: '/node/bin/node',
				role: 'main',
				queue: backends,
				extra: env,
			},
			{ PATH: '/usr/bin', NODE_OPTIONS: '--inspect' },
		);
		expect(built.NODE_OPTIONS).toBe(env.NODE_OPTIONS);
	});
});

describe("npm start's lines about several mains", () => {
	const lines = describeMains([
		{ pid: 101, port: 6001 },
		{ pid: 102, port: 6004 },
	]);

	it('name each main by pid and port, the election settings and where the leader says so', () => {
		expect(lines[0]).toBe(
			'2 mains (pid 101 on port 6001, pid 102 on port 6004), one leader elected in Redis every 1 s (N8N_MULTI_MAIN_SETUP_KEY_TTL=4, N8N_MULTI_MAIN_SETUP_CHECK_INTERVAL=1); its log says "Leader is now this instance".',
		);
	});

	it('say how to try a leader change, and that the licence is granted for development and testing only', () => {
		expect(lines[1]).toBe(
			"Try a leader change: kill -9 the leader's pid; another main takes over within about 5 s.",
		);
		expect(lines[2]).toContain(
			'for development and testing only (tooling/lib/queue/multi-main-preload.cjs); production needs an n8n Enterprise licence.',
		);
	});
});
