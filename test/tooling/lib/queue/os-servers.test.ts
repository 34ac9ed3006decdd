import { MissingServersError, findServerBinaries } from '../../../../tooling/lib/queue/os-servers';
import { fileProbe as probe } from '../support/file-probe';

const postgres = (version: number) =>
	['initdb', 'postgres', 'createdb'].map((tool) => `/usr/lib/postgresql/${version}/bin/${tool}`);

describe('finding the queue-mode servers', () => {
	it('finds the newest PostgreSQL, redis-server and nginx from the Debian packages', () => {
		const found = findServerBinaries(
			probe([...postgres(13), ...postgres(15), '/usr/bin/redis-server', '/usr/sbin/nginx']),
			'/usr/bin',
		);
		expect(found).toEqual({
			postgresBin: '/usr/lib/postgresql/15/bin',
			redisServer: '/usr/bin/redis-server',
			nginx: '/usr/sbin/nginx',
		});
	});

	it('prefers what is on PATH', () => {
		const found = findServerBinaries(
			probe([
				...postgres(15),
				'/opt/redis/redis-server',
				'/usr/bin/redis-server',
				'/usr/sbin/nginx',
			]),
			'/opt/redis',
		);
		expect(found.redisServer).toBe('/opt/redis/redis-server');
	});

	it('names exactly what to install when servers are missing', () => {
		expect(() => findServerBinaries(probe(['/usr/sbin/nginx']), '')).toThrow(MissingServersError);
		expect(() => findServerBinaries(probe(['/usr/sbin/nginx']), '')).toThrow(
			'sudo apt-get update && sudo apt-get install -y postgresql redis-server',
		);
		expect(() => findServerBinaries(probe([...postgres(15), '/usr/bin/redis-server']), '')).toThrow(
			'nginx is not installed',
		);
	});

	it('does not count a PostgreSQL client without the server', () => {
		expect(() =>
			findServerBinaries(
				probe(['/usr/lib/postgresql/15/bin/createdb', '/usr/bin/redis-server', '/usr/sbin/nginx']),
				'',
			),
		).toThrow('postgresql is not installed');
	});
});
