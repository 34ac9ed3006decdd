// `npm run sandbox` as a user runs it: prints how to connect, serves, and stops cleanly on a signal.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function serve(env: Record<string, string>, args: string[] = []): ChildProcessWithoutNullStreams {
	return spawn(TSX, ['sandbox/cli/serve.ts', ...args], {
		cwd: ROOT,
		env: { ...process.env, ...env },
	});
}

function output(child: ChildProcessWithoutNullStreams, until: RegExp): Promise<string> {
	return new Promise((resolve, reject) => {
		let text = '';
		const onData = (chunk: Buffer) => {
			text += chunk.toString();
			if (until.test(text)) resolve(text);
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		child.on('exit', () => resolve(text));
		child.on('error', reject);
	});
}

function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
	return new Promise((resolve) =>
		child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code)),
	);
}

it('prints the base URL, demo token and OAuth client, serves the API, and exits 0 on SIGTERM', async () => {
	const child = serve(
		{ SANDBOX_PORT: '0', SANDBOX_STUDENTS: '50', SANDBOX_DEMO_TOKEN: 'cli-token' },
		['--oauth-client-id', 'cli-client'],
	);
	const banner = await output(child, /Press Ctrl\+C to stop\./);
	const baseUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
	expect(baseUrl).toBeDefined();
	expect(banner).toContain('Demo token         cli-token');
	expect(banner).toContain('OAuth client       id cli-client, secret demo-secret');
	const response = await fetch(`${baseUrl}/v1/students?per_page=1`, {
		headers: { authorization: 'Bearer cli-token' },
	});
	expect(response.status).toBe(200);
	expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(50);
	child.kill('SIGTERM');
	expect(await exitCode(child)).toBe(0);
}, 30_000);

it('refuses a bad setting with a message naming it, and exits 1', async () => {
	const child = serve({ SANDBOX_PORT: 'abc' });
	expect(await output(child, /Configuration error/)).toContain(
		'SANDBOX_PORT must be an integer from 0 to 65535; got "abc".',
	);
	expect(await exitCode(child)).toBe(1);
}, 30_000);
