// `npm start` itself (tooling/start.ts) on the matrix cell's n8n line, in its own data folder and on
// free ports: it comes up, prints the n8n settings it applied, and the n8n process it started has
// them: the ones recommended for production and a --n8n-env one, whose effect shows (N8N_METRICS
// turns on n8n's /metrics endpoint). The trigger watchdog example runs as it was imported: its n8n
// API credential has a key of the owner. Ctrl+C (SIGINT) stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { loadExamples } from '../../tooling/lib/examples';
import { readApiKeyFile } from '../../tooling/lib/n8n-api-credential';
import { N8nCli } from '../../tooling/lib/n8n-cli';
import { recommendedN8nEnv } from '../../tooling/lib/n8n-env';
import { getFreePort } from '../../tooling/lib/ports';
import { killGroup } from '../../tooling/lib/processes';
import { ensureRuntime } from '../../tooling/n8n-runtime/install';
import { REPO_ROOT } from '../../tooling/n8n-runtime/runtime';
import { userFolderFor } from '../../tooling/start-options';
import { e2eTarget } from './support/target';
import { runWatchdog } from './support/watchdog';

jest.setTimeout(600_000);

const target = e2eTarget();
let dataDir: string;
let n8nPort: number;
let start: ChildProcess;
let output = '';

/** The environment of the process that listens as n8n on `port` for this data folder (Linux /proc). */
function n8nProcessEnv(port: number): { pid: number; env: Record<string, string> } | undefined {
	for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
		let raw: string;
		try {
			raw = readFileSync(`/proc/${entry}/environ`, 'utf8');
		} catch {
			continue; // gone, or not ours
		}
		const env = Object.fromEntries(
			raw
				.split('\0')
				.filter(Boolean)
				.map((pair) => pair.split(/=(.*)/s, 2) as [string, string]),
		);
		if (env.N8N_PORT === String(port) && env.N8N_USER_FOLDER?.startsWith(dataDir))
			return { pid: Number(entry), env };
	}
	return undefined;
}

beforeAll(async () => {
	dataDir = mkdtempSync(path.join(tmpdir(), 'edu-npm-start-'));
	n8nPort = await getFreePort();
	const sandboxPort = await getFreePort();
	start = spawn(
		path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
		[
			'tooling/start.ts',
			'--n8n-version',
			target.runtime.id,
			'--no-activate',
			'--n8n-env',
			'N8N_METRICS=true',
		],
		{
			cwd: REPO_ROOT,
			env: {
				...process.env,
				DEMO_DATA_DIR: dataDir,
				DEMO_N8N_PORT: String(n8nPort),
				SANDBOX_PORT: String(sandboxPort),
			},
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		},
	);
	start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await new Promise<void>((resolve, reject) => {
		const check = () => {
			if (output.includes('Press Ctrl+C to stop')) resolve();
			else if (start.exitCode !== null)
				reject(new Error(`npm start exited with ${start.exitCode}:\n${output}`));
			else setTimeout(check, 500);
		};
		check();
	});
}, 600_000);

afterAll(async () => {
	if (start && start.exitCode === null) {
		const exited = new Promise((resolve) => start.once('exit', resolve));
		killGroup(start, 'SIGINT');
		await exited;
	}
	// Only an n8n that npm start left behind, found now: a PID read before may belong to another
	// process by then (PIDs wrap at 32,768 here).
	const leftBehind = n8nProcessEnv(n8nPort);
	if (leftBehind) process.kill(leftBehind.pid, 'SIGKILL');
	rmSync(dataDir, { recursive: true, force: true });
});

describe(`npm start on ${target.label}`, () => {
	const recommended = Object.entries(recommendedN8nEnv(target.n8nMajor));

	it('prints the n8n settings it applied: the recommended ones and the --n8n-env one', () => {
		const settings = [
			...recommended.map(([name, value]) => `${name}=${value}  (recommended for production)`),
			'N8N_METRICS=true  (--n8n-env)',
		];
		expect(output).toContain(`  Settings  ${settings.join('\n            ')}\n`);
	});

	it("starts n8n with them: n8n's process environment has them, and /metrics answers", async () => {
		const n8n = n8nProcessEnv(n8nPort);
		expect(n8n).toBeDefined();
		for (const [name, value] of recommended) expect(n8n!.env[name]).toBe(value);
		expect(n8n!.env.N8N_METRICS).toBe('true');
		const metrics = await fetch(`http://127.0.0.1:${n8nPort}/metrics`);
		expect(metrics.status).toBe(200);
		expect(await metrics.text()).toMatch(/^n8n_/m);
	});

	it("creates the trigger watchdog's n8n API credential with a new API key of the owner, which lists every workflow, and publishes its sub-workflows: the example runs and finds the instance healthy", async () => {
		expect(output).toContain('"n8n API (this n8n)" with a new API key of the owner');
		const runtime = await ensureRuntime({ spec: target.runtime });
		const userFolder = userFolderFor({ dataDir, runtime: target.runtime });
		// The key npm start gave the credential: the list its n8n node reads (in the sub-workflow, which saves nothing).
		const apiKey = readApiKeyFile(path.join(userFolder, 'n8n-api-key'))!;
		const listed = (await (
			await fetch(`http://127.0.0.1:${n8nPort}/api/v1/workflows?limit=250`, {
				headers: { 'x-n8n-api-key': apiKey },
			})
		).json()) as { data: Array<{ id: string }> };
		expect(listed.data.map((workflow) => workflow.id)).toEqual(
			expect.arrayContaining(loadExamples().map(({ workflow }) => workflow.id)),
		);
		const run = await runWatchdog({
			cli: new N8nCli({
				runtime,
				env: { userFolder, port: n8nPort, nodeBinary: runtime.nodeBinary },
			}),
		});
		// --no-activate: no active trigger to check, and no subscription on the sandbox.
		expect(run.summary).toMatchObject({ healthy: true, changed: false, triggers: 0, orphans: 0 });
	});
});
