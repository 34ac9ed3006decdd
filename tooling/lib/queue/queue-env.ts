// The settings that turn an n8n process into one role of a queue-mode deployment (pure,
// unit-tested). Names checked against n8n 2.41.1's @n8n/config: EXECUTIONS_MODE, DB_TYPE,
// DB_POSTGRESDB_*, QUEUE_BULL_REDIS_*, QUEUE_HEALTH_CHECK_*, N8N_WORKER_SERVER_ADDRESS,
// OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS and N8N_COMMUNITY_PACKAGES_ENABLED.

export type N8nRole = 'main' | 'webhook' | 'worker';

/** The n8n CLI command each role runs. */
export const ROLE_COMMAND: Record<N8nRole, string> = { main: 'start', webhook: 'webhook', worker: 'worker' };

export interface QueueBackends {
	postgres: { host: string; port: number; database: string; user: string; password: string };
	redis: { host: string; port: number };
}

export function queueModeEnv(role: N8nRole, backends: QueueBackends, port: number): NodeJS.ProcessEnv {
	const { postgres, redis } = backends;
	return {
		EXECUTIONS_MODE: 'queue',
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// Workers have no editor server: their /healthz and /healthz/readiness live on this port.
		...(role === 'worker'
			? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: redis.host }
			: {}),
		// Manual runs from the editor go to the workers too (the default from n8n 3.0).
		...(role === 'main' ? { OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true' } : {}),
		// The shared nodes folder is main's to change: a webhook process or worker still loads the
		// packages in it at start-up, but ignores main's install and update commands, which would
		// otherwise make every process run npm in that one folder at once (docs/production.md,
		// "Installing and updating in queue mode").
		...(role === 'main' ? {} : { N8N_COMMUNITY_PACKAGES_ENABLED: 'false' }),
	};
}
