/**
 * `startSandbox(options?)` — build the sandbox and listen (127.0.0.1, port 0 allowed).
 * Resolves to a `RunningSandbox`: `{ baseUrl, port, config, state, app, close() }`.
 * `baseUrl` is the origin, e.g. `http://127.0.0.1:4010`; the API lives at `${baseUrl}/v1/…`.
 */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

import { buildApp } from './app';
import { DEFAULT_CONFIG, type SandboxConfig } from './config';
import type { SandboxState } from './state';

export interface RunningSandbox {
	baseUrl: string;
	port: number;
	config: SandboxConfig;
	state: SandboxState;
	app: FastifyInstance;
	close(): Promise<void>;
}

export async function startSandbox(options: Partial<SandboxConfig> = {}): Promise<RunningSandbox> {
	const config: SandboxConfig = { ...DEFAULT_CONFIG, ...options };
	const { app, state } = await buildApp(config);
	await app.listen({ host: config.host, port: config.port });
	const { port } = app.server.address() as AddressInfo;
	const host = config.host.includes(':') ? `[${config.host}]` : config.host;
	let closed: Promise<void> | undefined;
	return {
		baseUrl: `http://${host}:${port}`,
		port,
		config,
		state,
		app,
		close: () => (closed ??= app.close()),
	};
}

export { buildApp } from './app';
export { ManualClock, OffsetClock, type Clock } from './clock';
export { DEFAULT_CONFIG, parseConfig, type SandboxConfig } from './config';
export type { SandboxState } from './state';
export {
	parseStudentQuery,
	type StudentQuery,
	type StudentFilter,
	type SortKey,
} from './students/query';
export type { StudentQueryResult, StudentSummary } from './students/store';
export type { Student } from './schemas/student';
export type { FaultRule } from './schemas/faults';
