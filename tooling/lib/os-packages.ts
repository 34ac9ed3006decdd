// The Debian packages the test runs need from the OS, listed once. `npm test` and `npm run
// test:matrix` (tooling/test-matrix.ts) check the ones their chosen runs need before its first jest run; `.ci/run` runs this file for all
// of them (`npx tsx tooling/lib/os-packages.ts`). As root on Debian (uid 0, apt-get present) the
// missing ones are installed; anywhere else the run stops at once with the one command to run,
// rather than failing a suite minutes in. Deciding is pure (`missingOsPackages`,
// `planOsPackages`, unit-tested); looking at this machine and running apt-get are the rest.
import { printedHelp, readArgs } from '../../sandbox/args';
import { runOrThrow } from './processes';
import { missingServerPackages, onPath, realProbe, type Probe } from './queue/os-servers';

/** The runs that need something from the OS. The unit project and the e2e matrix need nothing. */
export type OsNeed = 'browser' | 'queue' | 'offline-unit';

const OS_NEEDS: readonly OsNeed[] = ['browser', 'queue', 'offline-unit'];

/** Who needs a package, as the messages name it. */
const OS_NEED_LABELS: Readonly<Record<OsNeed, string>> = {
	browser: 'the browser suite',
	queue: 'the queue-mode suite',
	'offline-unit': 'the offline unit run',
};

export interface OsPackage {
	/** The Debian package. */
	name: string;
	neededBy: OsNeed;
}

/** In the order the install command lists them. */
export const OS_PACKAGES: readonly OsPackage[] = [
	{ name: 'chromium', neededBy: 'browser' },
	{ name: 'postgresql', neededBy: 'queue' },
	{ name: 'redis-server', neededBy: 'queue' },
	{ name: 'nginx', neededBy: 'queue' },
	{ name: 'iproute2', neededBy: 'offline-unit' },
];

/** Where `apt-get install chromium` puts the browser (test/browser/support/chromium.ts looks there too). */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The packages of OS_PACKAGES that are not installed. A CHROMIUM_PATH counts as a Chromium (the
 * browser suite then uses it, and says so if it is not there).
 */
export function missingOsPackages(probe: Probe, env: NodeJS.ProcessEnv): string[] {
	const chromium = Boolean(env.CHROMIUM_PATH) || probe.exists(DEBIAN_CHROMIUM);
	const missing = new Set([
		...(chromium ? [] : ['chromium']),
		...missingServerPackages(probe, env.PATH),
		...(onPath('ip', probe, env.PATH) ? [] : ['iproute2']),
	]);
	return OS_PACKAGES.filter((pkg) => missing.has(pkg.name)).map((pkg) => pkg.name);
}

export interface OsFacts {
	/** The packages not installed (any order). */
	missing: readonly string[];
	/** Running as uid 0. */
	root: boolean;
	/** apt-get is on this machine (Debian or Ubuntu). */
	aptGet: boolean;
}

export type OsPlan =
	| { action: 'none'; line: string }
	| { action: 'install'; packages: string[]; line: string }
	| { action: 'stop'; message: string };

/** `chromium (the browser suite), postgresql, nginx (the queue-mode suite)`: each package once, grouped by who needs it. */
function byNeed(packages: readonly OsPackage[]): string {
	return OS_NEEDS.map((need) => {
		const names = packages.filter((pkg) => pkg.neededBy === need).map((pkg) => pkg.name);
		return names.length > 0 ? `${names.join(', ')} (${OS_NEED_LABELS[need]})` : undefined;
	})
		.filter(Boolean)
		.join(', ');
}

/** The one command that installs these packages on Debian or Ubuntu. */
export function aptInstallCommand(packages: readonly string[], sudo: boolean): string {
	const prefix = sudo ? 'sudo ' : '';
	return `${prefix}apt-get update && ${prefix}apt-get install -y ${packages.join(' ')}`;
}

/** Pure: what to do about the packages the given runs need, on a machine with these facts. */
export function planOsPackages(needs: readonly OsNeed[], facts: OsFacts): OsPlan {
	const needed = OS_PACKAGES.filter((pkg) => needs.includes(pkg.neededBy));
	const missing = needed.filter((pkg) => facts.missing.includes(pkg.name));
	if (needed.length === 0)
		return { action: 'none', line: 'OS packages: the chosen runs need none.' };
	if (missing.length === 0)
		return { action: 'none', line: `OS packages: ${byNeed(needed)} installed.` };
	const names = missing.map((pkg) => pkg.name);
	if (facts.root && facts.aptGet) {
		return {
			action: 'install',
			packages: names,
			line: `OS packages: installing ${byNeed(missing)} with apt-get (root on Debian).`,
		};
	}
	const chromiumHint = names.includes('chromium')
		? ', or point CHROMIUM_PATH at a Chromium binary for the browser suite'
		: '';
	return {
		action: 'stop',
		message:
			`Missing OS packages: ${byNeed(missing)}. Install them with:\n` +
			`  ${aptInstallCommand(names, !facts.root)}\n` +
			`(${facts.aptGet ? 'Debian or Ubuntu' : 'that is the Debian or Ubuntu command; elsewhere install the same packages your way'}${chromiumHint}). ` +
			'`npm test`, `npm run test:unit` and `npm run test:e2e:matrix` need none of them.',
	};
}

/**
 * Checks this machine for the packages the given runs need: prints one line, installs what is
 * missing when root on Debian, and returns false (after printing the command) when it cannot.
 */
export async function ensureOsPackages(needs: readonly OsNeed[]): Promise<boolean> {
	const plan = planOsPackages(needs, {
		missing: missingOsPackages(realProbe, process.env),
		root: process.getuid?.() === 0,
		aptGet: onPath('apt-get', realProbe, process.env.PATH) !== undefined,
	});
	if (plan.action === 'stop') {
		process.stderr.write(`${plan.message}\n`);
		return false;
	}
	process.stdout.write(`${plan.line}\n`);
	if (plan.action === 'install') {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		await runOrThrow('apt-get', ['update', '-qq'], { env });
		await runOrThrow('apt-get', ['install', '-y', '-qq', ...plan.packages], { env });
		// A package can install without a binary where the suites look (another distribution's
		// stub): say so now rather than in the suite.
		const still = missingOsPackages(realProbe, process.env).filter((name) =>
			plan.packages.includes(name),
		);
		if (still.length > 0)
			throw new Error(
				`apt-get installed ${plan.packages.join(' ')}, yet ${still.join(', ')} is still not where the suites look for it.`,
			);
	}
	return true;
}

/** `tsx tooling/lib/os-packages.ts [browser|queue|offline-unit ...]`: those needs, every one by default. */
async function main(): Promise<void> {
	const usage = `Usage: tsx tooling/lib/os-packages.ts [${OS_NEEDS.join('|')} ...]`;
	const { positionals: args } = readArgs(process.argv.slice(2), {
		flags: {},
		positionals: true,
		usage,
	});
	const unknown = args.filter((arg) => !(OS_NEEDS as readonly string[]).includes(arg));
	if (unknown.length > 0)
		throw new Error(`Takes any of ${OS_NEEDS.join(', ')}; got ${unknown.join(', ')}.`);
	if (!(await ensureOsPackages(args.length > 0 ? (args as OsNeed[]) : OS_NEEDS)))
		process.exitCode = 1;
}

if (require.main === module) {
	main().catch((error: unknown) => {
		if (printedHelp(error)) return;
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
