// The settings that turn an n8n process into one role of a queue-mode deployment (pure,
// unit-tested). Names checked against n8n 2.41.1's @n8n/config: EXECUTIONS_MODE, DB_TYPE,
// DB_POSTGRESDB_*, QUEUE_BULL_REDIS_*, QUEUE_HEALTH_CHECK_*, N8N_WORKER_SERVER_ADDRESS,
// OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS, N8N_COMMUNITY_PACKAGES_ENABLED and N8N_MULTI_MAIN_SETUP_*.

export type N8nRole = 'main' | 'webhook' | 'worker';

/** The n8n CLI command each role runs. */
export const ROLE_COMMAND: Record<N8nRole, string> = {
	main: 'start',
	webhook: 'webhook',
	worker: 'worker',
};

export interface QueueBackends {
	postgres: { host: string; port: number; database: string; user: string; password: string };
	redis: { host: string; port: number };
}

export function queueModeEnv(
	role: N8nRole,
	backends: QueueBackends,
	port: number,
): NodeJS.ProcessEnv {
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
			? {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(port),
					N8N_WORKER_SERVER_ADDRESS: redis.host,
				}
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

/**
 * How fast the mains elect a new leader: the leader renews its Redis key every CHECK_INTERVAL
 * seconds and a follower takes over once the key has been left to expire (KEY_TTL), so a killed
 * leader is replaced within about TTL + interval. n8n's defaults are 10 s and 3 s; these are the
 * timings n8n's own test rig uses (packages/quality/testing/test-rig, fastLeaderElection(4, 1)).
 */
export const LEADER_ELECTION = { keyTtlSeconds: 4, checkIntervalSeconds: 1 };

/**
 * The settings that make a main one of several (n8n's multi-main setup, queue mode only).
 * `preload` is multi-main-preload.cjs, FOR DEVELOPMENT AND TESTING ONLY: it grants this
 * repository's own mains the Enterprise feature n8n checks at start-up, and names each main
 * `hostname` (n8n's leader key holds the name; mains sharing one container would share it).
 */
export function multiMainEnv(preload: string, hostname: string): NodeJS.ProcessEnv {
	return {
		N8N_MULTI_MAIN_SETUP_ENABLED: 'true',
		N8N_MULTI_MAIN_SETUP_KEY_TTL: String(LEADER_ELECTION.keyTtlSeconds),
		N8N_MULTI_MAIN_SETUP_CHECK_INTERVAL: String(LEADER_ELECTION.checkIntervalSeconds),
		NODE_OPTIONS: `--require ${JSON.stringify(preload)}`,
		EDU_MAIN_HOSTNAME: hostname,
	};
}

/** What `npm start` prints of several mains: how to see the leader and try a leader change, and the licence. */
export function describeMains(mains: Array<{ pid?: number; port: number }>): string[] {
	return [
		`${mains.length} mains (${mains.map(({ pid, port }) => `pid ${pid ?? '?'} on port ${port}`).join(', ')}), one leader elected in Redis every ${LEADER_ELECTION.checkIntervalSeconds} s ` +
			`(N8N_MULTI_MAIN_SETUP_KEY_TTL=${LEADER_ELECTION.keyTtlSeconds}, N8N_MULTI_MAIN_SETUP_CHECK_INTERVAL=${LEADER_ELECTION.checkIntervalSeconds}); its log says "Leader is now this instance".`,
		`Try a leader change: kill -9 the leader's pid; another main takes over within about ${LEADER_ELECTION.keyTtlSeconds + LEADER_ELECTION.checkIntervalSeconds} s.`,
		"Multi-main is an n8n Enterprise feature, granted here to npm start's own mains for development and testing only (tooling/lib/queue/multi-main-preload.cjs); production needs an n8n Enterprise licence.",
	];
}
