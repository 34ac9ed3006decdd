// Postgres, Redis and nginx for queue mode, each a child process on a free loopback port with its
// data in a folder of ours. Postgres refuses to run as root, so as root it runs as the `postgres`
// user the Debian package creates.
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

import { getFreePort } from '../ports';
import { runOrThrow } from '../processes';
import { Daemon } from './daemon';
import { renderNginxConfig, type NginxConfigOptions } from './nginx-config';
import type { ServerBinaries } from './os-servers';
import type { QueueBackends } from './queue-env';

const DB = { database: 'n8n', user: 'n8n', password: 'n8n' };

async function postgresUser(): Promise<{ uid?: number; gid?: number }> {
	if (userInfo().uid !== 0) return {};
	const { stdout: uid } = await runOrThrow('id', ['-u', 'postgres']);
	const { stdout: gid } = await runOrThrow('id', ['-g', 'postgres']);
	return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/**
 * A fresh cluster (trust auth on loopback) with the database n8n uses, in a folder of the system
 * temp dir that the `postgres` user can reach when we are root; `removeDir` deletes it afterwards.
 */
export async function startPostgres(
	binaries: ServerBinaries,
	logDir: string,
): Promise<{ daemon: Daemon; settings: QueueBackends['postgres']; removeDir: () => void }> {
	const user = await postgresUser();
	const dir = mkdtempSync(path.join(tmpdir(), 'edu-n8n-postgres-'));
	const removeDir = () => rmSync(dir, { recursive: true, force: true });
	const dataDir = path.join(dir, 'data');
	mkdirSync(dataDir);
	if (user.uid !== undefined) {
		chownSync(dir, user.uid, user.gid!);
		chownSync(dataDir, user.uid, user.gid!);
	}
	const asUser = { uid: user.uid, gid: user.gid, env: { ...process.env, LC_ALL: 'C.UTF-8' } };
	const bin = (tool: string) => path.join(binaries.postgresBin, tool);
	await runOrThrow(
		bin('initdb'),
		['-D', dataDir, '-U', DB.user, '--auth=trust', '-E', 'UTF8', '--no-sync'],
		asUser,
	);
	const port = await getFreePort();
	const daemon = await Daemon.start({
		name: 'PostgreSQL',
		command: bin('postgres'),
		args: [
			'-D',
			dataDir,
			'-p',
			String(port),
			'-k',
			dir,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
			'-c',
			'max_connections=200',
		],
		port,
		logFile: path.join(logDir, 'postgres.log'),
		...asUser,
	});
	await runOrThrow(
		bin('createdb'),
		['-h', '127.0.0.1', '-p', String(port), '-U', DB.user, DB.database],
		asUser,
	);
	return { daemon, settings: { host: '127.0.0.1', port, ...DB }, removeDir };
}

export async function startRedis(
	binaries: ServerBinaries,
	dir: string,
): Promise<{ daemon: Daemon; settings: QueueBackends['redis'] }> {
	mkdirSync(dir, { recursive: true });
	const port = await getFreePort();
	const daemon = await Daemon.start({
		name: 'Redis',
		command: binaries.redisServer,
		args: [
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--dir',
			dir,
			'--save',
			'',
			'--appendonly',
			'no',
			'--protected-mode',
			'yes',
		],
		port,
		logFile: path.join(path.dirname(dir), 'redis.log'),
	});
	return { daemon, settings: { host: '127.0.0.1', port } };
}

export async function startNginx(
	binaries: ServerBinaries,
	dir: string,
	routes: Omit<NginxConfigOptions, 'runDir'>,
): Promise<Daemon> {
	mkdirSync(dir, { recursive: true });
	const { port } = routes;
	const configFile = path.join(dir, 'nginx.conf');
	writeFileSync(configFile, renderNginxConfig({ ...routes, runDir: dir }));
	return Daemon.start({
		name: 'nginx',
		command: binaries.nginx,
		args: ['-c', configFile, '-p', dir, '-e', 'stderr'],
		port,
		logFile: path.join(path.dirname(dir), 'nginx.log'),
	});
}
