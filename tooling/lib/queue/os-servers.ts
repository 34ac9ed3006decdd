// Where queue mode's servers come from: Debian's postgresql, redis-server and nginx packages.
// Finding them is pure (unit-tested); a missing one stops with the exact install command.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface ServerBinaries {
	/** Folder with initdb, postgres and createdb (/usr/lib/postgresql/<version>/bin). */
	postgresBin: string;
	redisServer: string;
	nginx: string;
}

export interface Probe {
	exists(file: string): boolean;
	/** Entries of a folder ([] when missing). */
	list(dir: string): string[];
}

export const realProbe: Probe = {
	exists: existsSync,
	list: (dir) => (existsSync(dir) ? readdirSync(dir) : []),
};

const SEARCH_PATH = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

/** Where a command is: the PATH's folders first, then the system's (a non-root PATH may lack /usr/sbin). */
export function onPath(
	name: string,
	probe: Probe,
	pathEnv: string | undefined,
): string | undefined {
	const dirs = [...(pathEnv ?? '').split(':').filter(Boolean), ...SEARCH_PATH];
	return dirs.map((dir) => path.join(dir, name)).find((file) => probe.exists(file));
}

/** The newest /usr/lib/postgresql/<version>/bin that has both initdb and postgres. */
function postgresBin(probe: Probe): string | undefined {
	const versions = probe
		.list('/usr/lib/postgresql')
		.filter((name) => /^\d+$/.test(name))
		.sort((a, b) => Number(b) - Number(a));
	return versions
		.map((version) => `/usr/lib/postgresql/${version}/bin`)
		.find((bin) =>
			['initdb', 'postgres', 'createdb'].every((tool) => probe.exists(path.join(bin, tool))),
		);
}

export class MissingServersError extends Error {}

function locateServers(probe: Probe, pathEnv: string | undefined): Partial<ServerBinaries> {
	return {
		postgresBin: postgresBin(probe),
		redisServer: onPath('redis-server', probe, pathEnv),
		nginx: onPath('nginx', probe, pathEnv),
	};
}

function missingPackagesOf(found: Partial<ServerBinaries>): string[] {
	return [
		found.postgresBin ? undefined : 'postgresql',
		found.redisServer ? undefined : 'redis-server',
		found.nginx ? undefined : 'nginx',
	].filter((name): name is string => name !== undefined);
}

/** The Debian packages of queue mode's servers that are not installed. */
export function missingServerPackages(
	probe: Probe = realProbe,
	pathEnv = process.env.PATH,
): string[] {
	return missingPackagesOf(locateServers(probe, pathEnv));
}

export function findServerBinaries(
	probe: Probe = realProbe,
	pathEnv = process.env.PATH,
): ServerBinaries {
	const found = locateServers(probe, pathEnv);
	const missing = missingPackagesOf(found);
	if (missing.length > 0) {
		throw new MissingServersError(
			`Queue mode runs PostgreSQL, Redis and nginx from the OS packages, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed. ` +
				`Install ${missing.length === 1 ? 'it' : 'them'} with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
				'(nothing else is needed: npm start runs them as its own processes on 127.0.0.1 with temporary data folders; their system services may stay stopped).',
		);
	}
	return found as ServerBinaries;
}
