// Build and pack this repository, and install the tarball into an n8n user folder the way n8n's
// Community Nodes panel does (n8n 2.41 CommunityPackagesService.downloadPackage):
//   npm pack <name>@<version>  →  tar -xzf <tgz> -C nodes/node_modules/<name> --strip-components=1
//   drop devDependencies, peerDependencies and optionalDependencies from its package.json
//   npm install --audit=false --fund=false --bin-links=false --install-strategy=shallow
//               --ignore-scripts=true --package-lock=false        (in the package folder)
//   record "<name>": "<version>" in nodes/package.json
// n8n then loads every package under $N8N_USER_FOLDER/.n8n/nodes/node_modules at start-up. Dropping
// the peer dependency is what `--omit=peer` would do: the package uses n8n's own n8n-workflow.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT, cleanNpmEnv } from '../n8n-runtime/runtime';
import { runOrThrow } from './processes';

export interface PackedPackage {
	name: string;
	version: string;
	tarball: string;
}

/** `npm run build` then `npm pack` into outDir. */
export async function buildAndPack(outDir: string, repoRoot = REPO_ROOT): Promise<PackedPackage> {
	const env = cleanNpmEnv(process.env);
	await runOrThrow('npm', ['run', 'build'], { cwd: repoRoot, env });
	mkdirSync(outDir, { recursive: true });
	const { stdout } = await runOrThrow('npm', ['pack', '--json', '--pack-destination', outDir], {
		cwd: repoRoot,
		env,
	});
	const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
		name: string;
		version: string;
		filename: string;
	}>;
	return {
		name: packed.name,
		version: packed.version,
		tarball: path.join(outDir, packed.filename),
	};
}

/** The n8n `nodes` folder inside a user folder. */
export function nodesFolder(userFolder: string): string {
	return path.join(userFolder, '.n8n', 'nodes');
}

/** Strip what the panel strips from an installed package's manifest. Pure. */
export function panelManifest(manifest: Record<string, unknown>): Record<string, unknown> {
	const { devDependencies: _d, peerDependencies: _p, optionalDependencies: _o, ...kept } = manifest;
	return kept;
}

export async function installLikeCommunityPanel(
	packed: PackedPackage,
	userFolder: string,
): Promise<string> {
	const nodesDir = nodesFolder(userFolder);
	const packageDir = path.join(nodesDir, 'node_modules', packed.name);
	mkdirSync(nodesDir, { recursive: true });

	const rootManifestFile = path.join(nodesDir, 'package.json');
	const rootManifest = existsSync(rootManifestFile)
		? (JSON.parse(readFileSync(rootManifestFile, 'utf8')) as {
				dependencies?: Record<string, string>;
			})
		: { name: 'installed-nodes', private: true, dependencies: {} };

	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	await runOrThrow('tar', ['-xzf', packed.tarball, '-C', packageDir, '--strip-components=1']);

	const manifestFile = path.join(packageDir, 'package.json');
	const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
	writeFileSync(manifestFile, JSON.stringify(panelManifest(manifest), null, 2));
	await runOrThrow(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: packageDir, env: cleanNpmEnv(process.env) },
	);

	rootManifest.dependencies = { ...rootManifest.dependencies, [packed.name]: packed.version };
	writeFileSync(rootManifestFile, JSON.stringify(rootManifest, null, 2));
	return packageDir;
}
