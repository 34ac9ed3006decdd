// n8n's CLI against a user folder: import credentials/workflows, execute, publish. Each command is
// its own n8n process, so each gets its own task-broker port.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { RuntimeInfo } from '../n8n-runtime/install';
import { buildN8nEnv, type N8nEnvOptions } from './n8n-env';
import { getFreePort } from './ports';
import { run, runOrThrow, type RunResult } from './processes';

export interface N8nCliOptions {
	runtime: RuntimeInfo;
	env: Omit<N8nEnvOptions, 'brokerPort'>;
}

/** The result of `n8n execute --rawOutput`: the run data n8n prints as JSON. */
export interface ExecuteOutput {
	data: {
		resultData: {
			runData: Record<
				string,
				Array<{
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
					error?: unknown;
				}>
			>;
			error?: { message?: string; description?: string; [key: string]: unknown };
			lastNodeExecuted?: string;
		};
	};
	/** Whether the run finished successfully (n8n 1.85's CLI prints `status` "running" even then). */
	finished?: boolean;
	/** The execution's status ("success", "error", …). */
	status?: string;
	[key: string]: unknown;
}

/**
 * `--rawOutput` still lets n8n print log lines around the JSON (on a failed run, n8n logs the run
 * data and then more lines). The JSON starts at the first line that begins with `{` and ends at the
 * first line after it where the text parses. Returns undefined when there is no JSON.
 */
export function parseExecuteOutput(stdout: string): ExecuteOutput | undefined {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start === -1) return undefined;
	for (let end = start; end < lines.length; end++) {
		if (!lines[end].trimEnd().endsWith('}')) continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n')) as ExecuteOutput;
		} catch {
			// Not the end of the object yet.
		}
	}
	return undefined;
}

/** Signals of a process that crashed rather than one that was told to stop. */
const CRASH_SIGNALS: ReadonlySet<string> = new Set(['SIGSEGV', 'SIGABRT', 'SIGBUS']);

/**
 * Whether `n8n execute` ran the workflow successfully: the run it printed finished with no error,
 * and n8n either exited 0 or crashed only after printing it. n8n's CLI (2.41 and 1.123) can end by
 * SIGSEGV once its run data is out: it exits while its expression engine (isolated-vm) still
 * builds an isolate. A run not printed, or a kill (SIGTERM, SIGKILL: the timeout), is no success.
 */
export function ranSuccessfully(result: RunResult, output: ExecuteOutput | undefined): boolean {
	if (output?.finished !== true || output.data.resultData.error !== undefined) return false;
	return result.code === 0 || (result.signal !== null && CRASH_SIGNALS.has(result.signal));
}

/** The items a node emitted on its first output, in order. */
export function nodeOutput(
	output: ExecuteOutput,
	nodeName: string,
	outputIndex = 0,
): Array<Record<string, unknown>> {
	const runs = output.data.resultData.runData[nodeName];
	if (!runs)
		throw new Error(
			`node "${nodeName}" did not run; ran: ${Object.keys(output.data.resultData.runData).join(', ')}`,
		);
	return (runs[runs.length - 1].data?.main[outputIndex] ?? []).map((item) => item.json);
}

/** The CLI arguments that activate (publish) or deactivate a stored workflow on an n8n line. Pure. */
export function activationCommand(n8nMajor: 1 | 2, id: string, active: boolean): string[] {
	if (n8nMajor === 1) return ['update:workflow', `--id=${id}`, `--active=${active}`];
	return [active ? 'publish:workflow' : 'unpublish:workflow', `--id=${id}`];
}

export class N8nCli {
	constructor(private readonly options: N8nCliOptions) {}

	private get n8nMajor(): 1 | 2 {
		return this.options.runtime.layout.spec.n8nMajor;
	}

	private async command(args: string[], timeoutMs: number): Promise<Parameters<typeof run>> {
		const env = buildN8nEnv({
			n8nMajor: this.n8nMajor,
			...this.options.env,
			brokerPort: await getFreePort(),
		});
		return [
			this.options.runtime.nodeBinary,
			[this.options.runtime.layout.n8nEntry, ...args],
			{ cwd: this.options.env.userFolder, env, timeoutMs },
		];
	}

	async run(args: string[], timeoutMs = 180_000): Promise<RunResult> {
		return run(...(await this.command(args, timeoutMs)));
	}

	async runOrThrow(args: string[]): Promise<RunResult> {
		return runOrThrow(...(await this.command(args, 180_000)));
	}

	/** `import:credentials`: plain `data` objects are encrypted with the instance key on import. */
	async importCredentials(credentials: object[]): Promise<void> {
		await this.withJsonFile(credentials, (file) =>
			this.runOrThrow(['import:credentials', `--input=${file}`]),
		);
	}

	/** `import:workflow` of one or more workflows (each with its own `id`). */
	async importWorkflows(workflows: object[]): Promise<void> {
		await this.withJsonFile(workflows, (file) =>
			this.runOrThrow(['import:workflow', `--input=${file}`]),
		);
	}

	/** `export:credentials --id --decrypted`: one stored credential with its data in plain text (tokens included). */
	async exportCredential(
		id: string,
	): Promise<{ id: string; name: string; type: string; data: Record<string, unknown> }> {
		return this.withTempFile(async (file) => {
			await this.runOrThrow([
				'export:credentials',
				`--id=${id}`,
				'--decrypted',
				`--output=${file}`,
			]);
			const [credential] = JSON.parse(readFileSync(file, 'utf8')) as Array<{
				id: string;
				name: string;
				type: string;
				data: Record<string, unknown>;
			}>;
			if (!credential) throw new Error(`n8n export:credentials found no credential ${id}`);
			return credential;
		});
	}

	/** `export:workflow --id`: the workflow exactly as n8n exports it (what ends up in files and source control). */
	async exportWorkflowText(id: string): Promise<string> {
		return this.withTempFile(async (file) => {
			await this.runOrThrow(['export:workflow', `--id=${id}`, `--output=${file}`]);
			return readFileSync(file, 'utf8');
		});
	}

	/**
	 * Activates the workflow in the database; a running server only notices after a restart.
	 * n8n 2.x publishes (`publish:workflow`); n8n 1.x has no publishing and sets the active flag
	 * (`update:workflow --active=true`).
	 */
	async publishWorkflow(id: string): Promise<void> {
		await this.runOrThrow(activationCommand(this.n8nMajor, id, true));
	}

	async unpublishWorkflow(id: string): Promise<void> {
		await this.runOrThrow(activationCommand(this.n8nMajor, id, false));
	}

	/**
	 * `execute --id --rawOutput`. A failed workflow exits non-zero but still prints its run data,
	 * so this returns both and leaves judging to the caller.
	 */
	async execute(id: string): Promise<{ result: RunResult; output?: ExecuteOutput }> {
		// n8n's execute logs the run data, then exits at once (base-command.js finally → process.exit):
		// through a pipe a loaded machine got only the start of a large run's JSON, so stdout goes to a file.
		return this.withTempFile(async (file) => {
			const [node, args, options] = await this.command(
				['execute', `--id=${id}`, '--rawOutput'],
				180_000,
			);
			const startedAt = Date.now();
			const result = await run(node, args, { ...options, stdoutFile: file });
			// Loaded runs saw `n8n execute` crash after it printed its run data (ranSuccessfully):
			// say which signal and when, in the lane's log.
			if (result.signal !== null) {
				process.stderr.write(
					`[n8n-cli] n8n execute --id=${id} ended by ${result.signal} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s; the end of its stderr:\n${result.stderr.trim().split('\n').slice(-15).join('\n')}\n`,
				);
			}
			return { result, output: parseExecuteOutput(result.stdout) };
		});
	}

	private async withJsonFile<T>(
		content: unknown,
		action: (file: string) => Promise<T>,
	): Promise<T> {
		return this.withTempFile((file) => {
			writeFileSync(file, JSON.stringify(content, null, 2));
			return action(file);
		});
	}

	/** A path for a JSON file in a fresh temp folder, removed afterwards. */
	private async withTempFile<T>(action: (file: string) => Promise<T>): Promise<T> {
		const dir = mkdtempSync(path.join(tmpdir(), 'n8n-cli-'));
		try {
			return await action(path.join(dir, 'data.json'));
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}
}
