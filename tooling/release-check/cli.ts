// npm run release:check [-- --strict]: builds and packs the package, extracts the tarball, runs n8n's
// scanner lint on source and tarball, checks every release rule and prints one line per rule.
// Exit 1 on a FAIL; FLAG (placeholders) fails only with --strict, as the publish workflow runs it.
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { printedHelp, readArgs } from '../../sandbox/args';
import { buildAndPack } from '../lib/community-package';
import { runOrThrow } from '../lib/processes';
import { REPO_ROOT } from '../n8n-runtime/runtime';
import { inspectPackage, inspectRepository } from './inspect';
import type { ScanResult } from './model';
import { formatReport, releaseBlocked, runRules } from './report';

type Scanner = {
	analyzePackage(dir: string, patterns?: string[]): Promise<ScanResult>;
	SOURCE_FILE_PATTERNS: string[];
};

const readIfExists = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

const RELEASE_CHECK_USAGE = `Usage: npm run release:check [-- --strict]

  --strict   a FLAG (placeholders) fails the check too, as in the publish workflow`;

async function main(): Promise<void> {
	const { values } = readArgs(process.argv.slice(2), {
		flags: { strict: { type: 'boolean' } },
		usage: RELEASE_CHECK_USAGE,
	});
	const strict = values.strict ?? false;
	const work = mkdtempSync(path.join(tmpdir(), 'edu-release-check-'));
	try {
		const packed = await buildAndPack(work);
		await runOrThrow('tar', ['-xzf', packed.tarball, '-C', work]);
		const packageDir = path.join(work, 'package');
		symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');

		const scannerModule = '@n8n/scan-community-package/scanner/scanner.mjs';
		const { analyzePackage, SOURCE_FILE_PATTERNS } = (await import(scannerModule)) as Scanner;
		const scanner = {
			source: await analyzePackage(REPO_ROOT, SOURCE_FILE_PATTERNS),
			tarball: await analyzePackage(packageDir, ['**/*.js', 'package.json']),
		};
		const pkg = {
			...inspectPackage(packageDir),
			scanner,
			changelog: readIfExists(path.join(REPO_ROOT, 'CHANGELOG.md')),
			publishWorkflow: readIfExists(path.join(REPO_ROOT, '.github', 'workflows', 'publish.yml')),
			repository: inspectRepository(REPO_ROOT),
		};
		const results = runRules(pkg);
		console.log(
			`Release check of ${path.basename(packed.tarball)} (${pkg.files.length} files)${strict ? ', --strict' : ''}\n`,
		);
		console.log(formatReport(results, strict));
		process.exitCode = releaseBlocked(results, strict) ? 1 : 0;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	if (printedHelp(error)) return;
	console.error(error);
	process.exitCode = 1;
});
