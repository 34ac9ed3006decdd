// Runs the lint stage of n8n's community-package scanner twice, as n8n's own scan does:
// on the source (SOURCE_FILE_PATTERNS) and on the extracted `npm pack` tarball (compiled .js and
// the published package.json). Also checks that the tarball holds every file the n8n block names,
// the icons and the codex files, and nothing outside dist/ but README, LICENSE and package.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, encoding: 'utf8' });
let failed = false;

function report(label, result) {
	if (result.passed) {
		console.log(`PASS scanner lint: ${label}`);
		return;
	}
	failed = true;
	console.log(`FAIL scanner lint: ${label}: ${result.message}`);
	if (result.details) console.log(result.details);
}

report('source', await analyzePackage(root, SOURCE_FILE_PATTERNS));

run('npm', ['run', '--silent', 'build']);
const work = mkdtempSync(path.join(tmpdir(), 'edu-scan-'));
try {
	const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work]));
	const tarball = path.join(work, packed[0].filename);
	const extracted = path.join(work, 'package');
	run('tar', ['-xzf', tarball, '-C', work]);
	report('npm pack tarball', await analyzePackage(extracted, ['**/*.js', 'package.json']));

	const files = packed[0].files.map((f) => f.path);
	const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
	const expected = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
	for (const node of pkg.n8n.nodes) expected.push(node.replace(/\.js$/, '.json'));
	for (const icon of run('git', ['ls-files', 'icons']).split('\n').filter(Boolean)) {
		expected.push(`dist/${icon}`);
	}
	for (const file of expected) {
		if (!existsSync(path.join(extracted, file))) {
			failed = true;
			console.log(`FAIL tarball is missing ${file}`);
		}
	}
	const stray = files.filter(
		(f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f),
	);
	if (stray.length) {
		failed = true;
		console.log(`FAIL tarball holds files outside dist/: ${stray.join(', ')}`);
	}
	if (!failed)
		console.log(
			`PASS tarball ${packed[0].filename}: ${files.length} files, all n8n block paths present`,
		);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
