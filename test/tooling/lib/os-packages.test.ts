import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
	OS_PACKAGES,
	aptInstallCommand,
	missingOsPackages,
	planOsPackages,
	type OsFacts,
	type OsNeed,
} from '../../../tooling/lib/os-packages';
import { matrixRuns, parseMatrixArgs } from '../../../tooling/test-matrix';
import { fileProbe as probe } from './support/file-probe';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const EVERYTHING = [
	'/usr/bin/chromium',
	...['initdb', 'postgres', 'createdb'].map((tool) => `/usr/lib/postgresql/15/bin/${tool}`),
	'/usr/bin/redis-server',
	'/usr/sbin/nginx',
	'/usr/bin/ip',
];
const ALL_NEEDS: OsNeed[] = ['browser', 'queue', 'offline-unit'];
const facts = (overrides: Partial<OsFacts>): OsFacts => ({
	missing: [],
	root: false,
	aptGet: true,
	...overrides,
});

/** README's "Try it locally" section. */
function tryItLocally(): string {
	const readme = read('README.md');
	const start = readme.indexOf('## Try it locally');
	return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

/** What a plain `npm test` or `npm run test:matrix` needs, as tooling/test-matrix.ts asks for it. */
const packagesOf = (argv: string[]) => {
	const needs = matrixRuns(parseMatrixArgs(argv))
		.flat()
		.flatMap((run) => run.osNeeds);
	return OS_PACKAGES.filter((pkg) => needs.includes(pkg.neededBy)).map((pkg) => pkg.name);
};

describe('which OS packages are missing', () => {
	it('finds none on a machine that has them all, and each package when its binary is absent', () => {
		expect(missingOsPackages(probe(EVERYTHING), { PATH: '/usr/bin' })).toEqual([]);
		expect(missingOsPackages(probe([]), { PATH: '/usr/bin' })).toEqual([
			'chromium',
			'postgresql',
			'redis-server',
			'nginx',
			'iproute2',
		]);
		expect(
			missingOsPackages(probe(EVERYTHING.filter((file) => file !== '/usr/sbin/nginx')), {}),
		).toEqual(['nginx']);
	});

	it('counts a CHROMIUM_PATH as a Chromium, as the browser suite uses it', () => {
		const noChromium = probe(EVERYTHING.filter((file) => file !== '/usr/bin/chromium'));
		expect(missingOsPackages(noChromium, {})).toEqual(['chromium']);
		expect(missingOsPackages(noChromium, { CHROMIUM_PATH: '/opt/chrome/chrome' })).toEqual([]);
	});

	it('finds ip on the PATH as well as in the system folders', () => {
		const elsewhere = probe([
			...EVERYTHING.filter((file) => file !== '/usr/bin/ip'),
			'/opt/tools/ip',
		]);
		expect(missingOsPackages(elsewhere, { PATH: '/usr/bin' })).toEqual(['iproute2']);
		expect(missingOsPackages(elsewhere, { PATH: '/opt/tools' })).toEqual([]);
	});
});

describe('what the test commands do about them', () => {
	it('says in one line that runs needing nothing need nothing, and that present packages are there', () => {
		expect(planOsPackages([], facts({ missing: ['chromium', 'nginx'] }))).toEqual({
			action: 'none',
			line: 'OS packages: the chosen runs need none.',
		});
		expect(planOsPackages(['browser', 'queue'], facts({ missing: ['iproute2'] }))).toEqual({
			action: 'none',
			line: 'OS packages: chromium (the browser suite), postgresql, redis-server, nginx (the queue-mode suite) installed.',
		});
	});

	it('installs only the missing packages the chosen runs need when root on Debian', () => {
		expect(
			planOsPackages(
				['queue'],
				facts({ root: true, missing: ['chromium', 'nginx', 'postgresql'] }),
			),
		).toEqual({
			action: 'install',
			packages: ['postgresql', 'nginx'],
			line: 'OS packages: installing postgresql, nginx (the queue-mode suite) with apt-get (root on Debian).',
		});
	});

	it('stops elsewhere with the one command, naming which suite needs which package', () => {
		const plan = planOsPackages(
			['browser', 'queue'],
			facts({ missing: ['chromium', 'redis-server'] }),
		);
		expect(plan).toEqual({
			action: 'stop',
			message:
				'Missing OS packages: chromium (the browser suite), redis-server (the queue-mode suite). Install them with:\n' +
				'  sudo apt-get update && sudo apt-get install -y chromium redis-server\n' +
				'(Debian or Ubuntu, or point CHROMIUM_PATH at a Chromium binary for the browser suite). `npm test`, `npm run test:unit` and `npm run test:e2e:matrix` need none of them.',
		});
	});

	it('gives the command without sudo to root without apt-get, and says it is the Debian one', () => {
		const plan = planOsPackages(
			ALL_NEEDS,
			facts({ root: true, aptGet: false, missing: ['iproute2'] }),
		);
		expect(plan.action).toBe('stop');
		const message = plan.action === 'stop' ? plan.message : '';
		expect(message).toContain('iproute2 (the offline unit run)');
		expect(message).toContain('\n  apt-get update && apt-get install -y iproute2\n');
		expect(message).toContain('elsewhere install the same packages your way');
		expect(message).not.toContain('CHROMIUM_PATH');
	});
});

describe('what README "Try it locally" and .ci/run say', () => {
	it('README "Try it locally" gives npm test, which needs no OS package, and the command the matrix gives, naming each package it needs', () => {
		const section = tryItLocally();
		expect(packagesOf([])).toEqual([]);
		const packages = packagesOf(['--matrix']);
		expect(packages).toEqual(['chromium', 'postgresql', 'redis-server', 'nginx']);
		const command = aptInstallCommand(packages, true);
		expect(section).toContain(`\`${command}\``);
		const plan = planOsPackages(['browser', 'queue'], facts({ missing: packages }));
		expect(plan.action === 'stop' && plan.message).toContain(`  ${command}\n`);
		for (const name of packages) expect(section).toContain(`\`${name}\``);
		expect(section).toMatch(/^npm start +# /m);
		expect(section).toMatch(/^npm test +# /m);
		expect(section).toMatch(/^npm run test:matrix +# /m);
	});

	it('README "Try it locally" asks for the Node that package.json\'s engines allow', () => {
		const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines
			.node;
		expect(engines).toMatch(/^>=\d+\.\d+$/);
		expect(tryItLocally()).toContain(`npm ci      # Node ${engines.slice(2)} or newer\n`);
	});

	it('.ci/run asks the module rather than listing packages or calling apt-get itself', () => {
		const ci = read('.ci/run');
		expect(ci).toContain('npx tsx tooling/lib/os-packages.ts\n');
		expect(ci).not.toContain('apt-get');
		expect(ci.indexOf('npm ci --no-audit')).toBeLessThan(
			ci.indexOf('tooling/lib/os-packages.ts\n'),
		);
	});

	it('keeps the README within 300 lines', () => {
		expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
	});
});
