// Runs once before the e2e tests: makes sure the target's pinned n8n runtime (support/target.ts)
// is installed (a fresh machine installs it here, ~4 minutes; afterwards this is a hash check),
// then builds and packs the package, unless tooling/test-matrix.ts did that once for all its runs
// (EDU_E2E_PACKAGE names its tarball): runs side by side must not build dist/ at the same time.
// The tests install that tarball into a throwaway n8n (support/instance.ts).
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureRuntime } from '../../tooling/n8n-runtime/install';
import { buildAndPack, type PackedPackage } from '../../tooling/lib/community-package';
import { e2eTarget } from './support/target';

export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	const dir = mkdtempSync(path.join(tmpdir(), 'edu-e2e-setup-'));
	const timings = path.join(dir, 'timings.jsonl');
	const log = (line: string) => process.stdout.write(`[e2e setup] ${line}\n`);
	process.stdout.write('\n');

	const target = e2eTarget();
	log(
		`target: ${target.label} (EDU_E2E_N8N=${target.runtime.id}, activation path: ${target.activation})`,
	);
	const runtime = await ensureRuntime({ spec: target.runtime, log });
	const runtimeMs = Date.now() - started;
	log(
		`n8n ${runtime.n8nVersion} runtime ${runtime.installed ? 'installed' : 'cached'} (${(runtimeMs / 1000).toFixed(1)} s)`,
	);

	const packStarted = Date.now();
	const given = process.env.EDU_E2E_PACKAGE
		? (JSON.parse(process.env.EDU_E2E_PACKAGE) as PackedPackage)
		: undefined;
	const packed =
		given && existsSync(given.tarball) ? given : await buildAndPack(path.join(dir, 'package'));
	const packMs = Date.now() - packStarted;
	log(
		`${packed === given ? 'packed before this run' : 'built and packed'} ${path.basename(packed.tarball)} (${(packMs / 1000).toFixed(1)} s)`,
	);

	writeFileSync(
		timings,
		[
			{
				label: `n8n runtime (${runtime.installed ? 'installed' : 'cached'}, n8n ${runtime.n8nVersion})`,
				ms: runtimeMs,
			},
			{ label: 'build + npm pack', ms: packMs },
		]
			.map((timing) => JSON.stringify(timing))
			.join('\n') + '\n',
	);
	// Test workers are started after global setup and inherit these.
	process.env.EDU_E2E_PACKAGE = JSON.stringify(packed);
	process.env.EDU_E2E_TIMINGS = timings;
	process.env.EDU_E2E_STARTED = String(started);
}
